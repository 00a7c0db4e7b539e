import Synchronization

/// An ``AudioInput`` for scripted runs (`verbatim memo --voice --input-wav …`) and tests: each
/// capture "records" the next recording in order; once they are used up it delivers silence, so
/// the turn ends with no speech.
public final class WAVPlaylistMicrophone: AudioInput {
    public let sampleRate: Double
    private let microphones: [WAVFileMicrophone]
    private let silence: WAVFileMicrophone
    private let state = Mutex<(next: Int, current: WAVFileMicrophone?, starts: [ContinuousClock.Instant])>((0, nil, []))

    /// Creates a microphone that plays `buffers`, one per capture.
    /// - Parameter pacing: fraction of real time delivery takes (1 = real time, 0 = as fast as possible).
    public init(buffers: [PCMBuffer], sampleRate: Double = 16_000, pacing: Double = 0) {
        self.sampleRate = sampleRate
        microphones = buffers.map { WAVFileMicrophone(buffer: $0, sampleRate: sampleRate, pacing: pacing) }
        silence = WAVFileMicrophone(
            buffer: PCMBuffer(silenceOf: 0.1, sampleRate: sampleRate), sampleRate: sampleRate, pacing: pacing,
            trailingSilence: 10)
    }

    /// When each capture started, in order.
    public var captureStarts: [ContinuousClock.Instant] { state.withLock { $0.starts } }

    public func start() throws(SpeechError) -> AsyncThrowingStream<[Float], any Error> {
        let microphone = state.withLock { state -> WAVFileMicrophone in
            let microphone = state.next < microphones.count ? microphones[state.next] : silence
            state.next += 1
            state.current = microphone
            state.starts.append(ContinuousClock.now)
            return microphone
        }
        return try microphone.start()
    }

    public func stop() {
        state.withLock { $0.current }?.stop()
    }
}
