import Synchronization

/// Runs one spoken turn: speak the question, wait until playback has drained, listen until the
/// answer ends, transcribe.
///
/// A watchdog fails the turn if the microphone starts but delivers no audio within
/// ``Configuration/watchdogTimeout``. A device error or interruption fails the turn but keeps
/// whatever speech was already captured, transcribed.
public struct VoiceTurnTaker: Sendable {
    /// Tuning for a turn.
    public struct Configuration: Sendable, Equatable {
        /// How long the microphone may stay mute after starting.
        public var watchdogTimeout: Duration = .seconds(5)
        /// Voice-activity detection (end of answer after 1.2 s of silence by default).
        public var voiceActivity = VoiceActivityDetector.Configuration()
        /// Longest answer recorded, in seconds.
        public var maximumAnswerSeconds = 120.0
        /// While the person speaks, the audio so far is transcribed this often (seconds of audio)
        /// for partial results; they are fast and less accurate, the final text replaces them.
        public var partialResultInterval = 1.5

        /// The defaults.
        public init() {}
    }

    /// Renders questions.
    public var synthesizer: SpeechSynthesizer
    /// Turns answers into text.
    public var transcriber: any SpeechTranscriber
    /// Where questions are played.
    public var output: any AudioOutput
    /// Where answers are heard.
    public var input: any AudioInput
    /// Tuning.
    public var configuration: Configuration

    /// Creates a turn taker; the synthesizer renders at the output's rate.
    public init(synthesizer: SpeechSynthesizer, transcriber: any SpeechTranscriber, output: any AudioOutput,
                input: any AudioInput, configuration: Configuration = Configuration()) {
        var synthesizer = synthesizer
        synthesizer.outputSampleRate = output.sampleRate
        self.synthesizer = synthesizer
        self.transcriber = transcriber
        self.output = output
        self.input = input
        self.configuration = configuration
    }

    /// A turn taker on real devices: ALSA playback at 48 kHz and capture at 16 kHz, espeak-ng and
    /// whisper.cpp for `language`, with the paths from ``SpeechResources/load(from:)``.
    /// - Parameters:
    ///   - outputDevice: ALSA playback device (`default` reaches PulseAudio/PipeWire on desktops).
    ///   - inputDevice: ALSA capture device.
    ///   - threads: whisper.cpp threads; 1 unless the machine is otherwise idle.
    public static func live(language: String, resources: SpeechResources, outputDevice: String = "default",
                            inputDevice: String = "default", threads: Int = 1,
                            configuration: Configuration = Configuration()) throws(SpeechError) -> VoiceTurnTaker {
        var options = SpeechRecognizer.Options(language: language)
        options.threads = threads
        let output = ALSAOutput(device: outputDevice, sampleRate: 48_000)
        return VoiceTurnTaker(
            synthesizer: SpeechSynthesizer(language: language, outputSampleRate: output.sampleRate,
                                           mecabDictionary: resources.mecabDictionary),
            transcriber: try SpeechRecognizer(resources: resources, options: options),
            output: output,
            input: ALSAInput(device: inputDevice, sampleRate: SpeechRecognizer.modelSampleRate),
            configuration: configuration)
    }

    /// Speaks `question` (with the first-prompt silence if `isFirst`) and returns the answer heard.
    public func takeTurn(question: String, isFirst: Bool, onPartial: (@Sendable (String) -> Void)? = nil) async -> VoiceTurn {
        func failed(_ error: SpeechError) -> VoiceTurn {
            VoiceTurn(question: question, transcript: "", outcome: .failed(error), recordedSeconds: 0)
        }
        // 1. Render the whole question before anything plays, then play it to the end.
        let prompt: PCMBuffer
        do { prompt = try synthesizer.renderPrompt(question, isFirst: isFirst) } catch { return failed(error) }
        do { try await output.play(prompt) } catch { return failed(error) }

        // 2. Listen, with a watchdog for a microphone that delivers nothing.
        let stream: AsyncThrowingStream<[Float], any Error>
        do { stream = try input.start() } catch { return failed(error) }
        let input = input
        let heardAudio = Atomic<Bool>(false)
        let watchdogFired = Atomic<Bool>(false)
        let timeout = configuration.watchdogTimeout
        let watchdog = Task {
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled, !heardAudio.load(ordering: .sequentiallyConsistent) else { return }
            watchdogFired.store(true, ordering: .sequentiallyConsistent)
            input.stop()
        }
        var detector = VoiceActivityDetector(sampleRate: input.sampleRate, configuration: configuration.voiceActivity)
        var captured: [Float] = []
        var failure: SpeechError?
        var sawNoSpeech = false
        let limit = Int(configuration.maximumAnswerSeconds * input.sampleRate)
        let partialStep = max(1, Int(configuration.partialResultInterval * input.sampleRate))
        var nextPartial = partialStep
        var partials: [Task<Void, Never>] = []
        let partialRunning = PartialGate()
        let transcriber = transcriber
        do {
            listening: for try await chunk in stream {
                if !chunk.isEmpty { heardAudio.store(true, ordering: .sequentiallyConsistent) }
                captured.append(contentsOf: chunk)
                // Partial results while listening: the audio so far, one transcription at a time.
                if let onPartial, detector.hasSpeech, captured.count >= nextPartial,
                    partialRunning.enter()
                {
                    nextPartial = captured.count + partialStep
                    let soFar = PCMBuffer(samples: captured, sampleRate: input.sampleRate)
                    partials.append(Task { [partialRunning] in
                        defer { partialRunning.leave() }
                        if let text = try? await transcriber.transcribe(soFar, onPartial: nil), !Task.isCancelled {
                            onPartial(text)
                        }
                    })
                }
                for event in detector.process(chunk) {
                    switch event {
                    case .speechStarted: continue
                    case .endOfSpeech: break listening
                    case .noSpeech:
                        sawNoSpeech = true
                        break listening
                    }
                }
                if captured.count >= limit || Task.isCancelled { break }
            }
        } catch let error as SpeechError {
            failure = error
        } catch {
            failure = .interrupted(String(describing: error))
        }
        watchdog.cancel()
        input.stop()
        // A partial still running is dropped (it reports nothing once cancelled); the final
        // transcription below waits for the recognizer if it is busy.
        for task in partials { task.cancel() }
        if watchdogFired.load(ordering: .sequentiallyConsistent) {
            let (seconds, attoseconds) = timeout.components
            failure = .noAudio(seconds: Double(seconds) + Double(attoseconds) / 1e18)
        }

        // 3. Transcribe whatever speech was captured, even after a failure.
        var transcript = ""
        let recorded = PCMBuffer(samples: captured, sampleRate: input.sampleRate)
        if detector.hasSpeech {
            do { transcript = try await transcriber.transcribe(recorded, onPartial: onPartial) } catch {
                if failure == nil { failure = error }
            }
        }
        let outcome: VoiceTurn.Outcome =
            if let failure { .failed(failure) } else if sawNoSpeech || !detector.hasSpeech { .noSpeech } else { .answered }
        return VoiceTurn(question: question, transcript: transcript, outcome: outcome, recordedSeconds: recorded.duration)
    }
}

/// Lets one partial transcription run at a time.
private final class PartialGate: Sendable {
    private let running = Atomic<Bool>(false)

    /// Takes the gate; false when a partial is already running.
    func enter() -> Bool {
        running.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
    }

    func leave() {
        running.store(false, ordering: .sequentiallyConsistent)
    }
}
