/// One step of the exchange: the intent that was asked (`nil` for the opening idea) and the
/// person's words, exactly as given.
public struct DialogueTurn: Codable, Sendable, Equatable {
    /// The intent of the question this answers; `nil` for the opening idea.
    public var intent: QuestionChoice?
    /// The person's words.
    public var answer: String

    /// Creates a turn.
    public init(intent: QuestionChoice?, answer: String) {
        self.intent = intent
        self.answer = answer
    }
}
