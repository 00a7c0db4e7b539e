/// A question and the person's words for it.
public struct MemoExchangeView: Codable, Sendable, Equatable {
    /// The question shown.
    public var question: String
    /// What the person typed or said.
    public var answer: String
}
