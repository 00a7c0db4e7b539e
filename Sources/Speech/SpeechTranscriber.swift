/// Something that turns recorded speech into text; ``SpeechRecognizer`` is the real one.
public protocol SpeechTranscriber: Sendable {
    /// Transcribes audio at any sample rate; `onPartial` may receive text segments as they finish.
    func transcribe(_ audio: PCMBuffer, onPartial: (@Sendable (String) -> Void)?) async throws(SpeechError) -> String
}
