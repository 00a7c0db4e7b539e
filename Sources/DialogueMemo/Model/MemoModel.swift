/// The seam between the engine and a model: it answers with a choice or with references, never
/// with text the person will read. (Paragraph breaks are not the language model's: see
/// ``LayoutMethod``.)
///
/// ``LanguageModelMemoModel`` runs the on-device model; tests use a scripted implementation.
public protocol MemoModel: Sendable {
    /// Suggests the next question's intent for a prompt (the conversation as JSON data).
    /// - Throws: `LanguageModelSession.GenerationError`, `CancellationError` or any other failure;
    ///   the engine then chooses by rules.
    func chooseQuestion(prompt: String) async throws -> QuestionChoice

    /// Suggests the next question's intent among `allowed` (``ChoiceRules/allowedChoices(in:)``:
    /// what the rules would keep). The default ignores `allowed` and calls ``chooseQuestion(prompt:)``.
    /// - Throws: As ``chooseQuestion(prompt:)``.
    func chooseQuestion(prompt: String, among allowed: [QuestionChoice]) async throws -> QuestionChoice

    /// Gets ready for the next question decision while the person answers (or says the idea):
    /// `promptPrefix` is how its prompt will start (``MemoPrompts/questionPromptPrefix(for:asking:language:)``,
    /// or ``MemoPrompts/openingPromptPrefix(language:)`` before the first decision). For
    /// ``LanguageModelMemoModel``, evaluating it into the KV cache. The default does nothing;
    /// failures are left for the decision to meet.
    func prepareQuestion(promptPrefix: String) async

    /// Chooses a short span of the idea as the note's title (when its first sentence is too long
    /// to be one): for ``LanguageModelMemoModel``, decoding allows only the spans of `idea` that
    /// ``TitleSpan`` would accept. ``NoteTitleChoice`` checks the answer again. `nil` means no
    /// choice (the default: this model does not choose titles; or no span of the idea can be a
    /// title), and the note keeps its dated title.
    /// - Parameters:
    ///   - idea: The person's idea (the text the span must be copied from).
    ///   - language: The interface language (the size a title has).
    ///   - reminder: On the retry, what was wrong with the first span.
    /// - Throws: any failure; the note then keeps its dated title.
    func chooseTitleSpan(in idea: String, language: MemoLanguage, reminder: String?) async throws -> String?

    /// Gets ready for ``chooseTitleSpan(in:language:reminder:)`` while the person answers: for
    /// ``LanguageModelMemoModel``, evaluating the title instructions into a KV cache of their own.
    /// The default does nothing; failures are left for the request to meet.
    func prepareTitle() async
}

extension MemoModel {
    public func prepareQuestion(promptPrefix: String) async {}

    public func chooseTitleSpan(in idea: String, language: MemoLanguage, reminder: String?) async throws -> String? {
        nil
    }

    public func prepareTitle() async {}

    public func chooseQuestion(prompt: String, among allowed: [QuestionChoice]) async throws -> QuestionChoice {
        try await chooseQuestion(prompt: prompt)
    }
}
