/// The hard limits that keep the exchange small.
public struct DialogueLimits: Sendable, Equatable, Codable {
    /// The most follow-up questions.
    public var maximumQuestions: Int
    /// The most characters of the person's words the model path handles; past it the exchange
    /// stops and the text stays for editing.
    public var transcriptCharacterCap: Int

    /// Creates limits.
    public init(maximumQuestions: Int, transcriptCharacterCap: Int) {
        self.maximumQuestions = maximumQuestions
        self.transcriptCharacterCap = transcriptCharacterCap
    }

    /// Six questions and 3,600 characters.
    public static let standard = DialogueLimits(maximumQuestions: 6, transcriptCharacterCap: 3_600)
}
