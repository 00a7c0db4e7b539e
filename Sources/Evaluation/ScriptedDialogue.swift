/// One line of a scripted-dialogues file (`eval/memo/memos-dev.jsonl`):
/// `{"id", "lang", "idea", "byIntent": {"<intent>": "…"}, "answers": ["…"], "more": "…"}`
/// (`byIntent`, `answers` and `more` optional).
///
/// A question whose intent has an answer in `byIntent` gets it; any other question gets the next
/// of `answers`. `more` is the answer to the closing prompt.
public struct ScriptedDialogue: Sendable, Equatable, Decodable {
    /// The dialogue's identifier.
    public var id: String
    /// The language code.
    public var lang: String
    /// The opening idea.
    public var idea: String
    /// Answers for the questions of these intents.
    public var byIntent: [String: String]?
    /// Answers for any other question, in order.
    public var answers: [String]?
    /// The answer to the closing prompt.
    public var more: String?

    /// Creates a scripted dialogue.
    public init(
        id: String, lang: String, idea: String, byIntent: [String: String]? = nil, answers: [String]? = nil, more: String? = nil
    ) {
        self.id = id
        self.lang = lang
        self.idea = idea
        self.byIntent = byIntent
        self.answers = answers
        self.more = more
    }
}
