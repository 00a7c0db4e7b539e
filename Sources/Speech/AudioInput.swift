/// A source of mono audio, such as a microphone or a WAV file standing in for one.
public protocol AudioInput: Sendable {
    /// The rate of the captured samples.
    var sampleRate: Double { get }
    /// Starts capturing. Chunks of samples arrive on the stream until ``stop()``; a device failure
    /// or interruption finishes the stream with a ``SpeechError``.
    func start() throws(SpeechError) -> AsyncThrowingStream<[Float], any Error>
    /// Stops capturing and finishes the stream; safe to call more than once.
    func stop()
}
