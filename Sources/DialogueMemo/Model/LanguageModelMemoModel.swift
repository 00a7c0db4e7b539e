public import LanguageModels

/// ``MemoModel`` over the on-device model: each request runs in a fresh ``LanguageModelSession``
/// (greedy, schema-guided decoding), so earlier requests never leak into later ones.
public struct LanguageModelMemoModel: MemoModel {
    /// The model that runs the sessions.
    public let model: SystemLanguageModel
    /// How the question intent is chosen among the enum's cases.
    public let choiceStrategy: GenerationOptions.ChoiceStrategy
    /// Whether the model chooses only among the intents the rules allow now.
    public let narrowsChoices: Bool
    /// Whether the question instructions carry ``QuestionExamples`` (worked examples).
    public let usesWorkedExamples: Bool
    /// The model that decides the next question (``QuestionAdapter/questionModel(for:)``); titles
    /// use ``model``.
    public let questionBaseModel: SystemLanguageModel
    /// The LoRA adapter the question decisions use (``QuestionAdapter``), if any; titles use the
    /// plain model.
    public let questionAdapter: SystemLanguageModel.Adapter?
    /// The languages titles are chosen in (elsewhere the note keeps its local title), or `nil` for all.
    public let titleLanguages: Set<MemoLanguage>?

    /// Creates the adapter.
    /// - Parameters:
    ///   - model: The on-device model.
    ///   - choiceStrategy: Token by token (the default, measured faster), whole-sequence scoring,
    ///     or calibrated whole-sequence scoring.
    ///   - narrowsChoices: Offer the model only the intents ``ChoiceRules`` allow now (scored
    ///     whole-sequence), so the rules need not overrule it.
    ///   - usesWorkedExamples: Put ``QuestionExamples`` in the question instructions
    ///     (``MemoPrompts/questionInstructionsWithExamples``).
    ///   - questionModel: The model that decides the next question; `model` when omitted.
    ///   - questionAdapter: A LoRA adapter for the question decisions (``QuestionAdapter/fitting(_:)``
    ///     gives the bundled one when it fits the deciding model), or `nil` for the plain model.
    ///   - titleLanguages: The languages titles are chosen in; `nil` for all.
    public init(
        model: SystemLanguageModel = .default,
        choiceStrategy: GenerationOptions.ChoiceStrategy = .tokenByToken, narrowsChoices: Bool = false,
        usesWorkedExamples: Bool = false, questionModel: SystemLanguageModel? = nil,
        questionAdapter: SystemLanguageModel.Adapter? = nil, titleLanguages: Set<MemoLanguage>? = nil
    ) {
        self.model = model
        self.questionBaseModel = questionModel ?? model
        self.choiceStrategy = choiceStrategy
        self.narrowsChoices = narrowsChoices
        self.usesWorkedExamples = usesWorkedExamples
        self.questionAdapter = questionAdapter
        self.titleLanguages = titleLanguages
    }

    /// The model of the question sessions: with the question adapter, if there is one. Its own
    /// sessions cache their prefixes apart from the plain model's.
    var questionModel: SystemLanguageModel {
        questionAdapter.map { questionBaseModel.adapted(by: questionBaseModel.adapters + [$0]) } ?? questionBaseModel
    }

    /// The instructions of every question session.
    var questionInstructions: String {
        usesWorkedExamples ? MemoPrompts.questionInstructionsWithExamples : MemoPrompts.questionInstructions
    }

    public func chooseQuestion(prompt: String) async throws -> QuestionChoice {
        try await chooseQuestion(prompt: prompt, allowed: nil)
    }

    public func chooseQuestion(prompt: String, among allowed: [QuestionChoice]) async throws -> QuestionChoice {
        try await chooseQuestion(prompt: prompt, allowed: narrowsChoices ? Set(allowed.map(\.rawValue)) : nil)
    }

    private func chooseQuestion(prompt: String, allowed: Set<String>?) async throws -> QuestionChoice {
        let session = LanguageModelSession(model: questionModel, instructions: questionInstructions)
        let response = try await session.respond(
            to: prompt, generating: QuestionSelection.self,
            options: GenerationOptions(
                sampling: .greedy, maximumResponseTokens: 60, choiceStrategy: choiceStrategy, allowedChoices: allowed))
        return response.content.nextQuestion
    }

    public func prepareQuestion(promptPrefix: String) async {
        // A session like the decision's: the same instructions and schema, so the same tokens.
        await LanguageModelSession(model: questionModel, instructions: questionInstructions)
            .prewarm(promptPrefix: promptPrefix, schema: QuestionSelection.generationSchema)
    }

    public func chooseTitleSpan(in idea: String, language: MemoLanguage, reminder: String?) async throws -> String? {
        // Decoding allows only spans that already pass the checks: whole words of one sentence,
        // within the bounds, no filler at either end. (An excerpt guide alone bounds neither the
        // words nor the fillers: SmolLM2-135M copied the idea from its start up to the length cap.)
        guard titleLanguages?.contains(language) ?? true else { return nil }
        let spans = TitleSpan.candidateRanges(in: idea, language: language)
        guard !spans.isEmpty else { return nil }
        let session = LanguageModelSession(model: model, instructions: MemoPrompts.titleInstructions(reminder: reminder))
        let schema = Self.titleSchema(idea: idea, spans: spans)
        let response = try await session.respond(
            to: MemoPrompts.titlePrompt(idea: idea), schema: schema,
            options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 100))
        return try response.content.value(String.self, forProperty: "title")
    }

    public func prepareTitle() async {
        // The same instructions and schema description as a first request (the spans are not
        // described to the model), so the same tokens.
        await LanguageModelSession(model: model, instructions: MemoPrompts.titleInstructions)
            .prewarm(promptPrefix: MemoPrompts.titlePromptPrefix, schema: Self.titleSchema(idea: "", spans: []))
    }

    /// The title's schema: one string, exactly one of `spans` of `idea`.
    static func titleSchema(idea: String, spans: [Range<Int>]) -> GenerationSchema {
        GenerationSchema(
            type: "NoteTitle",
            properties: [
                .init("title", description: "Consecutive words copied exactly from the idea", node: .string([.spans(of: idea, spans)]))
            ])
    }
}
