public import LanguageModels

/// ``MemoModel`` over the on-device model: each request runs in a fresh ``LanguageModelSession``
/// with greedy, schema-guided decoding, so earlier requests never leak into later ones.
public struct LanguageModelMemoModel: MemoModel {
    /// The model that runs the sessions.
    public let model: SystemLanguageModel
    /// The most IDs one group may hold while decoding; `nil` allows up to the source count.
    public let maximumGroupSize: Int?
    /// How the question intent is chosen among the enum's cases.
    public let choiceStrategy: GenerationOptions.ChoiceStrategy
    /// Whether the model chooses only among the intents the rules allow now.
    public let narrowsChoices: Bool

    /// Creates the adapter.
    /// - Parameters:
    ///   - model: The on-device model.
    ///   - maximumGroupSize: Caps each group's ID count in the schema (an evaluation knob; small
    ///     models otherwise tend to put every ID in one group).
    ///   - choiceStrategy: Token by token (the default, measured faster), whole-sequence scoring,
    ///     or calibrated whole-sequence scoring.
    ///   - narrowsChoices: Offer the model only the intents ``ChoiceRules`` allow now (scored
    ///     whole-sequence), so the rules need not overrule it.
    public init(
        model: SystemLanguageModel = .default, maximumGroupSize: Int? = nil,
        choiceStrategy: GenerationOptions.ChoiceStrategy = .tokenByToken, narrowsChoices: Bool = false
    ) {
        self.model = model
        self.maximumGroupSize = maximumGroupSize
        self.choiceStrategy = choiceStrategy
        self.narrowsChoices = narrowsChoices
    }

    public func chooseQuestion(prompt: String) async throws -> QuestionChoice {
        try await chooseQuestion(prompt: prompt, allowed: nil)
    }

    public func chooseQuestion(prompt: String, among allowed: [QuestionChoice]) async throws -> QuestionChoice {
        try await chooseQuestion(prompt: prompt, allowed: narrowsChoices ? Set(allowed.map(\.rawValue)) : nil)
    }

    private func chooseQuestion(prompt: String, allowed: Set<String>?) async throws -> QuestionChoice {
        let session = LanguageModelSession(model: model, instructions: MemoPrompts.questionInstructions)
        let response = try await session.respond(
            to: prompt, generating: QuestionSelection.self,
            options: GenerationOptions(
                sampling: .greedy, maximumResponseTokens: 60, choiceStrategy: choiceStrategy, allowedChoices: allowed))
        return response.content.nextQuestion
    }

    public func layout(prompt: String, sourceCount: Int) async throws -> SourceLayout {
        let session = LanguageModelSession(model: model, instructions: MemoPrompts.layoutInstructions)
        // About four tokens per ID and a dozen per group, plus the title flag.
        let budget = 32 + 16 * min(sourceCount, SourceLayout.maximumSources)
        let response = try await session.respond(
            to: prompt, schema: SourceLayout.generationSchema(sourceCount: sourceCount, maximumGroupSize: maximumGroupSize),
            options: GenerationOptions(sampling: .greedy, maximumResponseTokens: budget))
        return try SourceLayout(response.content)
    }
}
