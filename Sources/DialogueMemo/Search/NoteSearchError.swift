public import LanguageModels

/// Why notes cannot be searched or indexed, each with a one-line ``description``.
public enum NoteSearchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The query is empty (or only spaces).
    case emptyQuery
    /// The multilingual embedding model cannot be loaded or failed.
    case embedding(EmbeddingError)
    /// The notes folder cannot be read.
    case store(NoteStoreError)
    /// The index file cannot be written.
    case indexWriteFailed(String)

    public var description: String {
        switch self {
        case .emptyQuery: "the search query is empty"
        case .embedding(let error): "\(error)"
        case .store(let error): "\(error)"
        case .indexWriteFailed(let detail): "could not write the search index: \(detail)"
        }
    }
}
