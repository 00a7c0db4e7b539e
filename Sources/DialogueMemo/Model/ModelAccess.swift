public import LanguageModels

/// Whether an exchange may use a model, the one notice to show when it may not, and how its note
/// is laid out.
public struct ModelAccess: Sendable {
    /// The model to ask, or `nil` to run on rules alone.
    public var model: (any MemoModel)?
    /// Shown once when the exchange runs on rules alone.
    public var notice: String?
    /// Why the model is not used, if it is not.
    public var fallback: Fallback?
    /// How the note's paragraphs are found (no language model takes part).
    public var layout: LayoutChoice

    /// Creates access to a model (or to none) and a layout.
    public init(
        model: (any MemoModel)?, notice: String? = nil, fallback: Fallback? = nil, layout: LayoutChoice = .lexicalCohesion
    ) {
        self.model = model
        self.notice = notice
        self.fallback = fallback
        self.layout = layout
    }

    /// Rules-only questions and lexical cohesion, with no notice.
    public static let rulesOnly = ModelAccess(model: nil)

    /// Checks an on-device model for an interface language: available and deciding in it, or a
    /// rules-only access with a notice saying why. The next question is decided by
    /// ``QuestionAdapter/questionModel(for:)`` (the model whose adapter decides best, when the
    /// default runs the memo) with the ``QuestionAdapter`` that fits it; it decides in a language
    /// the model declares or the adapter was trained and measured in. Titles use `model`. Either
    /// way the note is laid out as
    /// ``LayoutChoice/resolve(for:catalog:threads:)`` chooses for the language.
    public static func resolve(_ model: SystemLanguageModel, language: MemoLanguage) -> ModelAccess {
        let layout = LayoutChoice.resolve(for: language, threads: model.threads)
        switch model.availability {
        case .unavailable(let reason):
            return ModelAccess(
                model: nil,
                notice: "The language model is unavailable (\(reason.description)); questions come from rules.",
                fallback: .modelUnavailable, layout: layout)
        case .available:
            let decider = QuestionAdapter.questionModel(for: model)
            let adapter = QuestionAdapter.fitting(decider)
            guard QuestionAdapter.decides(in: language, model: decider, adapter: adapter) else {
                return ModelAccess(
                    model: nil,
                    notice: "The language model does not support '\(language.rawValue)'; questions come from rules.",
                    fallback: .languageUnsupported, layout: layout)
            }
            return ModelAccess(
                model: LanguageModelMemoModel(
                    model: model, questionModel: decider, questionAdapter: adapter,
                    // Titles only in the languages the model declares (the question model may
                    // decide in more): SmolLM2 chose a title holding a word the person did not
                    // say when asked in every language.
                    titleLanguages: Set(MemoLanguage.allCases.filter { model.supportsLocale($0.locale) })),
                layout: layout)
        }
    }
}
