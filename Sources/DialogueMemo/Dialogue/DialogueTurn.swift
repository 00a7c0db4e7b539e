/// One step of the exchange: the intent that was asked and the person's words, exactly as given.
/// The intent is `nil` for the opening idea (the first turn) and for one more thing added after
/// the exchange ended by itself (a later turn).
public struct DialogueTurn: Codable, Sendable, Equatable {
    /// The intent of the question this answers; `nil` for the idea and for an addition after the ending.
    public var intent: QuestionChoice?
    /// The person's words.
    public var answer: String

    /// Creates a turn.
    public init(intent: QuestionChoice?, answer: String) {
        self.intent = intent
        self.answer = answer
    }
}
