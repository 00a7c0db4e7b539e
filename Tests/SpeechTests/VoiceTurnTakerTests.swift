import Synchronization
import Testing
@testable import Speech

/// Turn-taking paths with a fixed transcriber (no model needed).
@Suite struct VoiceTurnTakerTests {
    private func speechLikeAnswer() throws -> PCMBuffer {
        try SpeechSynthesizer(language: "en").renderSpeech("I walked to the river after lunch.")
    }

    private func configuration(watchdog: Duration = .seconds(5)) -> VoiceTurnTaker.Configuration {
        var configuration = VoiceTurnTaker.Configuration()
        configuration.watchdogTimeout = watchdog
        configuration.voiceActivity.noSpeechTimeout = 1.5
        return configuration
    }

    @Test func recordingStartsOnlyAfterPlaybackDrained() async throws {
        let speaker = CapturingSpeaker(pacing: 0.5)
        let microphone = WAVFileMicrophone(buffer: try speechLikeAnswer())
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: FixedTranscriber(text: "heard"),
                                   output: speaker, input: microphone, configuration: configuration())
        let turn = await taker.takeTurn(question: "Where did you go?", isFirst: true)
        #expect(turn.outcome == .answered)
        #expect(turn.transcript == "heard")
        let playback = try #require(speaker.playbacks.first)
        let recording = try #require(microphone.startedAt)
        #expect(recording >= playback.drained)
        #expect(playback.buffer.firstIndex(above: SpeechSynthesizer.audibleThreshold) == Int(0.24 * 48_000))
    }

    @Test func watchdogFailsTurnWhenMicrophoneDeliversNothing() async throws {
        let microphone = WAVFileMicrophone(buffer: try speechLikeAnswer(), behavior: .silentDevice)
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: FixedTranscriber(text: "never"),
                                   output: CapturingSpeaker(), input: microphone, configuration: configuration())
        let turn = await taker.takeTurn(question: "Are you there?", isFirst: false)
        let waited = ContinuousClock.now - (try #require(microphone.startedAt))
        #expect(turn.outcome == .failed(.noAudio(seconds: 5)))
        #expect(turn.transcript.isEmpty)
        // Only a lower bound: on a shared machine the watchdog may wake late, never early.
        #expect(waited >= .seconds(5))
    }

    @Test func silenceIsNoSpeechNotFailure() async throws {
        let microphone = WAVFileMicrophone(buffer: PCMBuffer(silenceOf: 3, sampleRate: 16_000))
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: FixedTranscriber(text: "unused"),
                                   output: CapturingSpeaker(), input: microphone, configuration: configuration())
        let turn = await taker.takeTurn(question: "Anything else?", isFirst: false)
        #expect(turn.outcome == .noSpeech)
        #expect(turn.transcript.isEmpty)
    }

    @Test func interruptionFailsTurnButKeepsTranscript() async throws {
        let microphone = WAVFileMicrophone(buffer: try speechLikeAnswer(), behavior: .interrupt(afterSeconds: 1.0))
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: FixedTranscriber(text: "I walked"),
                                   output: CapturingSpeaker(), input: microphone, configuration: configuration())
        let turn = await taker.takeTurn(question: "Where did you go?", isFirst: false)
        #expect(turn.outcome == .failed(.interrupted("the test microphone was interrupted")))
        #expect(turn.transcript == "I walked")
    }

    @Test func playbackFailureFailsTurnBeforeListening() async throws {
        let microphone = WAVFileMicrophone(buffer: try speechLikeAnswer())
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: FixedTranscriber(text: "x"),
                                   output: CapturingSpeaker(failure: .device("unplugged")), input: microphone)
        let turn = await taker.takeTurn(question: "Hello?", isFirst: true)
        #expect(turn.outcome == .failed(.device("unplugged")))
        #expect(microphone.startedAt == nil)
    }

    @Test func dialogueAsksFollowUpsUntilEngineStops() async throws {
        let microphone = WAVFileMicrophone(buffer: try speechLikeAnswer())
        let speaker = CapturingSpeaker()
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: FixedTranscriber(text: "an answer"),
                                   output: speaker, input: microphone, configuration: configuration())
        let turns = await VoiceDialogue(turnTaker: taker).run { previous in
            switch previous {
            case nil: "First question?"
            case "an answer": previous == "an answer" ? "Second question?" : nil
            default: nil
            }
        }
        // The engine asks again after every "an answer", so the cap of 12 turns ends the exchange.
        #expect(turns.count == 12)
        #expect(turns.allSatisfy { $0.outcome == .answered })
        let onsets = speaker.playbacks.map { $0.buffer.firstIndex(above: SpeechSynthesizer.audibleThreshold) }
        #expect(onsets.first == Int(0.24 * 48_000))
        #expect(onsets.dropFirst().allSatisfy { $0 == Int(0.06 * 48_000) })
    }

    @Test func partialResultsArriveWhileThePersonSpeaks() async throws {
        let microphone = WAVFileMicrophone(buffer: try speechLikeAnswer(), pacing: 1)
        var settings = configuration()
        settings.partialResultInterval = 0.5
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: FixedTranscriber(text: "I walked"),
                                   output: CapturingSpeaker(), input: microphone, configuration: settings)
        let partials = Mutex<[String]>([])
        let turn = await taker.takeTurn(question: "Where did you go?", isFirst: false) { text in
            partials.withLock { $0.append(text) }
        }
        #expect(turn.outcome == .answered)
        #expect(turn.transcript == "I walked")
        #expect(!partials.withLock { $0 }.isEmpty)
    }
}

/// The engine protocol drives the same loop as the closure form.
@Suite struct VoiceDialogueEngineTests {
    struct TwoQuestions: VoiceDialogueEngine {
        func openingQuestion() async -> String? { "What happened today?" }
        func nextQuestion(answer: String) async -> String? { answer == "first" ? "Anything else?" : nil }
    }

    final class Alternating: SpeechTranscriber {
        let count = Mutex(0)
        func transcribe(_ audio: PCMBuffer, onPartial: (@Sendable (String) -> Void)?) async throws(SpeechError) -> String {
            count.withLock { n in
                n += 1
                return n == 1 ? "first" : "second"
            }
        }
    }

    @Test func engineAsksOpeningThenFollowUpsUntilItReturnsNil() async throws {
        let answer = try SpeechSynthesizer(language: "en").renderSpeech("It was a quiet day.")
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: Alternating(),
                                   output: CapturingSpeaker(), input: WAVFileMicrophone(buffer: answer))
        let turns = await VoiceDialogue(turnTaker: taker).run(engine: TwoQuestions())
        #expect(turns.map(\.question) == ["What happened today?", "Anything else?"])
        #expect(turns.map(\.transcript) == ["first", "second"])
    }

    @Test func noSpeechEndsTheExchange() async throws {
        var configuration = VoiceTurnTaker.Configuration()
        configuration.voiceActivity.noSpeechTimeout = 1
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: FixedTranscriber(text: "x"),
                                   output: CapturingSpeaker(),
                                   input: WAVFileMicrophone(buffer: PCMBuffer(silenceOf: 2, sampleRate: 16_000)),
                                   configuration: configuration)
        let turns = await VoiceDialogue(turnTaker: taker).run(engine: TwoQuestions())
        #expect(turns.count == 1)
        #expect(turns.first?.outcome == .noSpeech)
    }
}
