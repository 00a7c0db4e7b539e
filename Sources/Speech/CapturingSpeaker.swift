import Synchronization

/// An ``AudioOutput`` for tests: records what was played and when, optionally taking as long as
/// real playback would, and optionally failing like a device that went away.
public final class CapturingSpeaker: AudioOutput {
    /// One played buffer with the instants playback started and drained.
    public struct Playback: Sendable {
        /// The audio as played.
        public var buffer: PCMBuffer
        /// When playback started.
        public var started: ContinuousClock.Instant
        /// When the buffer had drained.
        public var drained: ContinuousClock.Instant
    }

    public let sampleRate: Double
    /// Fraction of real time playback takes (1 = real time, 0 = instant).
    public let pacing: Double
    /// If set, every play fails with this error after pacing its audio.
    public let failure: SpeechError?
    private let log = Mutex<[Playback]>([])

    /// Creates a speaker at a rate.
    public init(sampleRate: Double = 48_000, pacing: Double = 0, failure: SpeechError? = nil) {
        self.sampleRate = sampleRate
        self.pacing = pacing
        self.failure = failure
    }

    /// Everything played so far, in order.
    public var playbacks: [Playback] { log.withLock { $0 } }

    public func play(_ buffer: PCMBuffer) async throws(SpeechError) {
        let audio = buffer.resampled(to: sampleRate)
        let started = ContinuousClock.now
        if pacing > 0 { try? await Task.sleep(for: .seconds(audio.duration * pacing)) }
        if let failure { throw failure }
        let drained = ContinuousClock.now
        log.withLock { $0.append(Playback(buffer: audio, started: started, drained: drained)) }
    }
}
