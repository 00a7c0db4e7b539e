/// One line of a note-search file (`eval/memo/note-search-dev.jsonl`): a note
/// (`kind` "note": `id`, `lang`, `markdown`) or a query (`kind` "query": `lang`, `query`,
/// `relevant` note IDs).
public struct NoteSearchCase: Sendable, Equatable, Decodable {
    /// `note` or `query`.
    public var kind: String
    /// The note's identifier (notes).
    public var id: String?
    /// The language code.
    public var lang: String
    /// The note's text (notes).
    public var markdown: String?
    /// The query's text (queries).
    public var query: String?
    /// The IDs of the notes the query should find (queries).
    public var relevant: [String]?

    /// Creates a note or query line.
    public init(
        kind: String, id: String? = nil, lang: String, markdown: String? = nil, query: String? = nil, relevant: [String]? = nil
    ) {
        self.kind = kind
        self.id = id
        self.lang = lang
        self.markdown = markdown
        self.query = query
        self.relevant = relevant
    }
}
