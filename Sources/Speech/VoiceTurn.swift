/// The result of one spoken exchange turn: a question played and an answer heard.
public struct VoiceTurn: Sendable, Equatable {
    /// How the turn ended.
    public enum Outcome: Sendable, Equatable {
        /// Speech was followed by enough silence (or the input ended after speech).
        case answered
        /// The microphone worked but nobody spoke.
        case noSpeech
        /// The turn failed; ``VoiceTurn/transcript`` still holds whatever was recognized.
        case failed(SpeechError)
    }

    /// The question that was spoken.
    public var question: String
    /// The recognized answer (possibly partial after a failure; empty if nothing was heard).
    public var transcript: String
    /// How the turn ended.
    public var outcome: Outcome
    /// Seconds of audio recorded.
    public var recordedSeconds: Double

    /// Creates a turn result.
    public init(question: String, transcript: String, outcome: Outcome, recordedSeconds: Double) {
        self.question = question
        self.transcript = transcript
        self.outcome = outcome
        self.recordedSeconds = recordedSeconds
    }
}
