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

    /// Checks an on-device model for an interface language: available and supporting it (its
    /// question decisions with ``QuestionAdapter`` when the adapter fits it), or a rules-only
    /// access with a notice saying why. Either way the note is laid out as
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
            guard model.supportsLocale(language.locale) else {
                return ModelAccess(
                    model: nil,
                    notice: "The language model does not support '\(language.rawValue)'; questions come from rules.",
                    fallback: .languageUnsupported, layout: layout)
            }
            return ModelAccess(
                model: LanguageModelMemoModel(model: model, questionAdapter: QuestionAdapter.fitting(model)), layout: layout)
        }
    }
}
