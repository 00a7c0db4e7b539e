/// One line of a dialogue-states file (`eval/memo/dialogue-states-dev.jsonl`): the turns so far
/// and the next questions that are acceptable,
/// `{"id", "lang", "turns": [{"asked": null | "<intent>", "answer"}], "acceptable": ["<intent>" | "ready" | "stop", …]}`.
public struct DialogueStateRecord: Sendable, Equatable, Decodable {
    /// One turn: the intent of the question asked (none for the idea) and the answer.
    public struct Turn: Sendable, Equatable, Decodable {
        /// The intent asked, `nil` for the opening idea.
        public var asked: String?
        /// What the person answered.
        public var answer: String

        /// Creates a turn.
        public init(asked: String?, answer: String) {
            self.asked = asked
            self.answer = answer
        }
    }

    /// The state's identifier.
    public var id: String
    /// The language code.
    public var lang: String
    /// The turns so far.
    public var turns: [Turn]
    /// The choices that count as right.
    public var acceptable: [String]

    /// Creates a state.
    public init(id: String, lang: String, turns: [Turn], acceptable: [String]) {
        self.id = id
        self.lang = lang
        self.turns = turns
        self.acceptable = acceptable
    }
}
