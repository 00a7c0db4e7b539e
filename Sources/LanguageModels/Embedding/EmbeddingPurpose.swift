/// What a text is embedded for. Models trained with task prefixes (nomic-embed-text) get the
/// matching prefix; others embed the text as it is.
public enum EmbeddingPurpose: String, Sendable, CaseIterable {
    /// A short query to find documents with (a food name typed by a person).
    case searchQuery
    /// A document to be found (a database food's name).
    case searchDocument
    /// Texts compared with each other for grouping (neighbouring sentences of a note).
    case clustering
    /// A text to be assigned a label.
    case classification

    /// The prefix a model expects for this purpose, by the model's GGUF `general.name`.
    func prefix(forModelNamed name: String?) -> String {
        guard let name, name.lowercased().hasPrefix("nomic-embed-text") else { return "" }
        switch self {
        case .searchQuery: return "search_query: "
        case .searchDocument: return "search_document: "
        case .clustering: return "clustering: "
        case .classification: return "classification: "
        }
    }
}
