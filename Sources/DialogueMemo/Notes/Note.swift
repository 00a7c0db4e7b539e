/// A note as a value: its title and its blocks, the idea first and then each answer under the
/// question it answers. ``NoteMarkdown`` turns it into the Markdown saved on disk and back.
public struct Note: Codable, Sendable, Equatable {
    /// One block: the idea (no heading) or an answer under its question.
    public struct Block: Codable, Sendable, Equatable {
        /// The `## ` heading (the question), or empty for the idea.
        public var heading: String
        /// The block's text: the person's sentences as paragraphs and bullets.
        public var text: String

        /// Creates a block.
        public init(heading: String, text: String) {
            self.heading = heading
            self.text = text
        }
    }

    /// The title: the `# ` line.
    public var title: String
    /// The blocks under the title, in order.
    public var blocks: [Block]

    /// Creates a note.
    public init(title: String, blocks: [Block]) {
        self.title = title
        self.blocks = blocks
    }

    /// Reads a note from its Markdown (``NoteMarkdown/parse(_:)``).
    public init(markdown: String) {
        self = NoteMarkdown.parse(markdown)
    }

    /// The note as Markdown (``NoteMarkdown/render(_:)``).
    public var markdown: String { NoteMarkdown.render(self) }

    /// Whether any block holds text (a heading alone is not a word of the person's).
    public var hasText: Bool { blocks.contains { !$0.text.isEmpty } }
}
