/// Everything an exchange decided and why: written out by `verbatim memo --json`.
public struct ExchangeRecord: Codable, Sendable, Equatable {
    /// One question decision.
    public struct Decision: Codable, Sendable, Equatable {
        /// Questions asked before this decision.
        public var index: Int
        /// What the model picked, if it was asked and answered.
        public var modelPick: QuestionChoice?
        /// What the rules chose (`ready`/`stop` finish).
        public var rulesChoice: QuestionChoice
        /// Why the rules chose it.
        public var reasons: [ChoiceRules.Reason]
        /// The question shown, if one was asked.
        public var question: String?
        /// Fallbacks taken for this decision.
        public var fallbacks: [Fallback]
        /// Model requests made for this decision (0, 1 or 2).
        public var modelRequests: Int
        /// Wall-clock milliseconds for the decision.
        public var milliseconds: Double
    }

    /// The interface language.
    public var language: MemoLanguage
    /// Whether a model was available to advise (false: rules-only questions and local layout).
    public var modelUsed: Bool
    /// The one notice to show when the exchange runs on rules alone.
    public var notice: String?
    /// The kind of note, from keyword checks.
    public var noteKind: NoteKind = .other
    /// The idea and the answers.
    public var turns: [DialogueTurn] = []
    /// Each question decision, in order.
    public var decisions: [Decision] = []
    /// Why the exchange finished.
    public var finishReason: FinishReason?
    /// How the note was laid out.
    public var layout: LayoutRecord?
    /// How the note got its title.
    public var title: TitleRecord?
    /// Every fallback taken, in order.
    public var fallbacks: [Fallback] = []

    /// Creates a record.
    public init(language: MemoLanguage, modelUsed: Bool, notice: String?) {
        self.language = language
        self.modelUsed = modelUsed
        self.notice = notice
    }
}
