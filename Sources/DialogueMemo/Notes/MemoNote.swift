/// A finished note: the person's sentences under a title, as Markdown.
public struct MemoNote: Codable, Sendable, Equatable {
    /// The title: the first sentence when the title rule allows it, else a localized phrase for
    /// the kind of note and the date (the generic title outside a dialogue).
    public var title: String
    /// Whether the title is the first sentence (and so not repeated in the body).
    public var titleIsFirstSource: Bool
    /// The groups of source IDs (1-based) the body shows, split at block boundaries.
    public var groups: [[Int]]
    /// The sources, in order.
    public var sources: [String]
    /// The note as Markdown: `# Title`, then the idea and each answer under `## ` and its
    /// question, as paragraphs and bullets.
    public var markdown: String
    /// Blocks the body shows: the idea (unless the title took all of it) and one per answer.
    public var blockCount: Int
    /// The dialogue's blocks and fallback title the note was rendered with.
    public var structure: NoteStructure?

    /// Creates a note.
    public init(
        title: String, titleIsFirstSource: Bool, groups: [[Int]], sources: [String], markdown: String,
        blockCount: Int = 0, structure: NoteStructure? = nil
    ) {
        self.title = title
        self.titleIsFirstSource = titleIsFirstSource
        self.groups = groups
        self.sources = sources
        self.markdown = markdown
        self.blockCount = blockCount
        self.structure = structure
    }
}
