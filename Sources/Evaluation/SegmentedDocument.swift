/// One line of a segmentation file (`segmentation-dev.jsonl`): a document's sentences in their
/// true paragraph groups, `{"doc_id", "lang", "groups": [["sentence", …], …]}`.
public struct SegmentedDocument: Sendable, Equatable, Decodable {
    /// The document's identifier.
    public var id: String
    /// The language code.
    public var lang: String
    /// The sentences, grouped as the true paragraphs are.
    public var groups: [[String]]

    /// Creates a document.
    public init(id: String, lang: String, groups: [[String]]) {
        self.id = id
        self.lang = lang
        self.groups = groups
    }

    private enum CodingKeys: String, CodingKey {
        case id = "doc_id"
        case lang, groups
    }

    /// Every sentence in order (the sources a layout starts from).
    public var sentences: [String] { groups.flatMap { $0 } }

    /// The true segment sizes, empty groups left out (the reference of ``SegmentationMetrics``).
    public var segmentSizes: [Int] { groups.map(\.count).filter { $0 > 0 } }
}
