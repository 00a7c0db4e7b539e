public import LanguageModels

/// Whether an exchange may use a model, and the one notice to show when it may not.
public struct ModelAccess: Sendable {
    /// The model to ask, or `nil` to run on rules alone.
    public var model: (any MemoModel)?
    /// Shown once when the exchange runs on rules alone.
    public var notice: String?
    /// Why the model is not used, if it is not.
    public var fallback: Fallback?

    /// Creates access to a model (or to none).
    public init(model: (any MemoModel)?, notice: String? = nil, fallback: Fallback? = nil) {
        self.model = model
        self.notice = notice
        self.fallback = fallback
    }

    /// Rules-only questions and local layout, with no notice.
    public static let rulesOnly = ModelAccess(model: nil)

    /// Checks an on-device model for an interface language: available and supporting it, or a
    /// rules-only access with a notice saying why.
    public static func resolve(_ model: SystemLanguageModel, language: MemoLanguage) -> ModelAccess {
        switch model.availability {
        case .unavailable(let reason):
            return ModelAccess(
                model: nil,
                notice: "The language model is unavailable (\(reason.description)); "
                    + "questions come from rules and paragraphs from word overlap.",
                fallback: .modelUnavailable)
        case .available:
            guard model.supportsLocale(language.locale) else {
                return ModelAccess(
                    model: nil,
                    notice: "The language model does not support '\(language.rawValue)'; "
                        + "questions come from rules and paragraphs from word overlap.",
                    fallback: .languageUnsupported)
            }
            // Sentence embeddings lay out English notes better than the language model reads them
            // (the installed embedding model is English-only); other languages keep the model's reading.
            let embedding = language == .english ? try? EmbeddingModel.installed(threads: model.threads) : nil
            return ModelAccess(model: LanguageModelMemoModel(model: model, embedding: embedding))
        }
    }
}
