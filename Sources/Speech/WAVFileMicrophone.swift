import Synchronization

/// An ``AudioInput`` for tests and demos that "records" a buffer (for example a WAV file).
///
/// It delivers the buffer in chunks followed by trailing silence, optionally paced to real time,
/// and can imitate a dead microphone (no audio at all) or an interruption part-way through.
public final class WAVFileMicrophone: AudioInput {
    /// How the microphone behaves once started.
    public enum Behavior: Sendable, Equatable {
        /// Deliver the audio, then `trailingSilence` seconds of zeros, then finish.
        case deliver
        /// Start but deliver nothing until stopped (a dead device).
        case silentDevice
        /// Deliver audio until `seconds` into it, then fail with ``SpeechError/interrupted(_:)``.
        case interrupt(afterSeconds: Double)
    }

    public let sampleRate: Double
    private let audio: [Float]
    private let chunkFrames: Int
    private let pacing: Double
    private let behavior: Behavior
    private let state = Mutex<(task: Task<Void, Never>?, continuation: AsyncThrowingStream<[Float], any Error>.Continuation?, started: ContinuousClock.Instant?)>((nil, nil, nil))

    /// Creates a microphone that plays `buffer` (resampled to `sampleRate`).
    /// - Parameters:
    ///   - pacing: fraction of real time delivery takes (1 = real time, 0 = as fast as possible).
    ///   - trailingSilence: seconds of zeros after the audio, so voice-activity detection can end the turn.
    public init(buffer: PCMBuffer, sampleRate: Double = 16_000, chunkDuration: Double = 0.02, pacing: Double = 0,
                trailingSilence: Double = 2.0, behavior: Behavior = .deliver) {
        self.sampleRate = sampleRate
        var samples = buffer.resampled(to: sampleRate).samples
        samples.append(contentsOf: [Float](repeating: 0, count: Int(trailingSilence * sampleRate)))
        self.audio = samples
        self.chunkFrames = max(1, Int(chunkDuration * sampleRate))
        self.pacing = pacing
        self.behavior = behavior
    }

    /// When capture last started, if it has.
    public var startedAt: ContinuousClock.Instant? { state.withLock { $0.started } }

    public func start() throws(SpeechError) -> AsyncThrowingStream<[Float], any Error> {
        let (stream, continuation) = AsyncThrowingStream<[Float], any Error>.makeStream()
        let audio = audio, frames = chunkFrames, rate = sampleRate, pacing = pacing, behavior = behavior
        let task = Task {
            if behavior == .silentDevice { return }  // finishes only when stopped
            var limit = audio.count
            if case .interrupt(let seconds) = behavior { limit = min(audio.count, Int(seconds * rate)) }
            var offset = 0
            while offset < limit, !Task.isCancelled {
                let end = min(limit, offset + frames)
                continuation.yield(Array(audio[offset..<end]))
                if pacing > 0 { try? await Task.sleep(for: .seconds(Double(end - offset) / rate * pacing)) } else { await Task.yield() }
                offset = end
            }
            if Task.isCancelled { return }
            if case .interrupt = behavior {
                continuation.finish(throwing: SpeechError.interrupted("the test microphone was interrupted"))
            } else {
                continuation.finish()
            }
        }
        state.withLock { $0 = (task, continuation, ContinuousClock.now) }
        return stream
    }

    public func stop() {
        let (task, continuation) = state.withLock { s in
            defer { s.task = nil; s.continuation = nil }
            return (s.task, s.continuation)
        }
        task?.cancel()
        continuation?.finish()
    }
}
