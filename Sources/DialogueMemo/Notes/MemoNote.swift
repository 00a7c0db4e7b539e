/// A finished note and where its words come from: the ``Note`` (title and blocks) laid out from
/// the person's sentences, with the groups of sentences each block shows.
public struct MemoNote: Codable, Sendable, Equatable {
    /// The note: its title and blocks.
    public var note: Note
    /// Whether the title is the first sentence (and so not repeated in the body).
    public var titleIsFirstSource: Bool
    /// The groups of source IDs (1-based) the body shows, split at block boundaries.
    public var groups: [[Int]]
    /// The sources, in order.
    public var sources: [String]
    /// The dialogue's blocks and fallback title the note was rendered with.
    public var structure: NoteStructure?

    /// Creates a note.
    public init(
        note: Note, titleIsFirstSource: Bool, groups: [[Int]], sources: [String], structure: NoteStructure? = nil
    ) {
        self.note = note
        self.titleIsFirstSource = titleIsFirstSource
        self.groups = groups
        self.sources = sources
        self.structure = structure
    }

    /// The title: the first sentence when the title rule allows it, a span of the idea, else a
    /// localized phrase for the kind of note and the date (the generic title outside a dialogue).
    public var title: String {
        get { note.title }
        set { note.title = newValue }
    }

    /// The note as Markdown: `# Title`, then the idea and each answer under `## ` and its
    /// question, as paragraphs and bullets.
    public var markdown: String { note.markdown }

    /// Blocks the body shows: the idea (unless the title took all of it) and one per answer.
    public var blockCount: Int { note.blocks.count }

    private enum CodingKeys: String, CodingKey {
        case title, titleIsFirstSource, groups, sources, markdown, blockCount, structure
    }

    /// Reads a note from the JSON ``encode(to:)`` writes; the note comes from its `markdown`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        note = Note(markdown: try container.decode(String.self, forKey: .markdown))
        titleIsFirstSource = try container.decode(Bool.self, forKey: .titleIsFirstSource)
        groups = try container.decode([[Int]].self, forKey: .groups)
        sources = try container.decode([String].self, forKey: .sources)
        structure = try container.decodeIfPresent(NoteStructure.self, forKey: .structure)
    }

    /// Writes the title, the provenance, the Markdown and the block count (the shape `verbatim
    /// memo --json` prints).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(titleIsFirstSource, forKey: .titleIsFirstSource)
        try container.encode(groups, forKey: .groups)
        try container.encode(sources, forKey: .sources)
        try container.encode(markdown, forKey: .markdown)
        try container.encode(blockCount, forKey: .blockCount)
        try container.encodeIfPresent(structure, forKey: .structure)
    }
}
