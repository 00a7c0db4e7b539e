/// A place mono audio can be played, such as a sound card or a test recorder.
public protocol AudioOutput: Sendable {
    /// The rate buffers should have; others are resampled first.
    var sampleRate: Double { get }
    /// Plays a buffer and returns only once it has drained from the device.
    func play(_ buffer: PCMBuffer) async throws(SpeechError)
}
