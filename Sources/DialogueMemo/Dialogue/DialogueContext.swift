/// What the rules know about an exchange: the turns so far and the limits.
public struct DialogueContext: Sendable, Equatable {
    /// The idea first, then each answer.
    public var turns: [DialogueTurn]
    /// The most questions the exchange may ask.
    public var maximumQuestions: Int

    /// Creates a context.
    public init(turns: [DialogueTurn], maximumQuestions: Int = DialogueLimits.standard.maximumQuestions) {
        self.turns = turns
        self.maximumQuestions = maximumQuestions
    }

    /// Everything the person said, in order.
    public var texts: [String] { turns.map(\.answer) }
    /// Intents already asked, in order.
    public var askedIntents: [QuestionChoice] { turns.compactMap(\.intent) }
    /// Questions asked so far.
    public var questionsAsked: Int { askedIntents.count }
    /// Intents whose answer was "not decided yet": valid content, never asked again.
    public var undecidedIntents: [QuestionChoice] {
        turns.compactMap { turn in turn.intent.flatMap { RulePhrases.undecided.matches(turn.answer) ? $0 : nil } }
    }
    /// The kind of note, from keyword checks.
    public var kind: NoteKind { AngleHints.kind(of: texts) }
    /// Whether a meeting was mentioned.
    public var mentionsMeeting: Bool { AngleHints.mentionsMeeting(texts) }
    /// The kind's angles that look unasked, as hints.
    public var hints: [QuestionChoice] {
        AngleHints.unaskedAngles(for: kind, texts: texts, asked: Set(askedIntents))
            .filter { ChoiceRules.rejection(of: $0, in: self) == nil }
    }
}
