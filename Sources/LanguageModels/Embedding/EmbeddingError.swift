/// Why an ``EmbeddingModel`` cannot load or embed, each with a one-line ``description``.
public enum EmbeddingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No embedding model is installed (setup installs one with `make setup MODEL=NAME`).
    case notInstalled(name: String)
    /// A reference names neither a GGUF file nor a catalog model, or the catalog is unreadable.
    case catalog(ModelCatalogError)
    /// The file is missing, unreadable or not a model llama.cpp can load.
    case unavailable(SystemLanguageModel.UnavailableReason)
    /// The file is a generative model without pooled sentence embeddings.
    case notAnEmbeddingModel(path: String)
    /// A text is longer than the model's context.
    case inputTooLong(tokenCount: Int, limit: Int)
    /// llama.cpp failed while encoding.
    case encodingFailed(String)

    public var description: String {
        switch self {
        case .notInstalled(let name): "embedding model '\(name)' is not installed: run 'make setup MODEL=\(name)'"
        case .catalog(let error): "embedding model: \(error)"
        case .unavailable(let reason): "embedding model unavailable: \(reason)"
        case .notAnEmbeddingModel(let path): "not an embedding model (it has no sentence pooling): \(path)"
        case .inputTooLong(let count, let limit): "text of \(count) tokens is longer than the embedding model's \(limit)"
        case .encodingFailed(let detail): "the embedding model failed: \(detail)"
        }
    }
}
