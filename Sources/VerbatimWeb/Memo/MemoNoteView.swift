public import DialogueMemo

/// A note as the page shows it for review: its title and blocks, and its Markdown.
public struct MemoNoteView: Codable, Sendable, Equatable {
    /// The `# ` title.
    public var title: String
    /// The blocks under it.
    public var blocks: [Note.Block]
    /// The whole note.
    public var markdown: String

    /// The view of a note.
    public init(_ note: Note) {
        title = note.title
        blocks = note.blocks
        markdown = note.markdown
    }
}
