/// What a text is embedded for. Models trained with task prompts (nomic-embed-text,
/// EmbeddingGemma) get the matching prompt; others embed the text as it is.
public enum EmbeddingPurpose: String, Sendable, CaseIterable {
    /// A short query to find documents with (a food name typed by a person, a note search).
    case searchQuery
    /// A document to be found (a database food's name, a saved note).
    case searchDocument
    /// Texts compared with each other for grouping (neighbouring sentences of a note).
    case clustering
    /// Texts compared with each other for closeness of meaning (translations, paraphrases).
    case sentenceSimilarity
    /// A text to be assigned a label.
    case classification
    /// Any use, with no task prompt: the text as it is (where a prompt costs more time than it
    /// gives, as in EmbeddingGemma's reading of short sentences for a note's layout).
    case plainText

    /// The prompt a model expects for this purpose, by the model's GGUF `general.name`.
    func prefix(forModelNamed name: String?) -> String {
        guard self != .plainText, let name = name?.lowercased() else { return "" }
        if name.hasPrefix("nomic-embed-text") {
            switch self {
            case .searchQuery: return "search_query: "
            case .searchDocument: return "search_document: "
            case .clustering, .sentenceSimilarity: return "clustering: "
            case .classification: return "classification: "
            case .plainText: return ""
            }
        }
        if name.hasPrefix("embeddinggemma") {
            // The prompts of the checkpoint's config_sentence_transformers.json.
            switch self {
            case .searchQuery: return "task: search result | query: "
            case .searchDocument: return "title: none | text: "
            case .clustering: return "task: clustering | query: "
            case .sentenceSimilarity: return "task: sentence similarity | query: "
            case .classification: return "task: classification | query: "
            case .plainText: return ""
            }
        }
        return ""
    }
}
