/// A memo dialogue as the page shows it.
public struct MemoSessionView: Codable, Sendable, Equatable {
    /// The dialogue's ID for later requests.
    public var id: String
    /// The interface language code.
    public var language: String
    /// A ``MemoPhase`` raw value.
    public var phase: String
    /// The question waiting for an answer, when one is.
    public var question: String?
    /// Counts the questions asked (the audio of each has its own address).
    public var questionNumber: Int
    /// Shown once when the dialogue runs on rules alone.
    public var notice: String?
    /// The questions so far and the person's words.
    public var exchanges: [MemoExchangeView]
    /// The note, once laid out.
    public var note: MemoNoteView?
    /// The note's ID, once saved.
    public var savedID: String?
}
