/// A finished note: the person's sentences under a title, as Markdown.
public struct MemoNote: Codable, Sendable, Equatable {
    /// The title: the first sentence when the title rule allows it, else a generic localized one.
    public var title: String
    /// Whether the title is the first sentence (and so not repeated in the body).
    public var titleIsFirstSource: Bool
    /// The groups of source IDs (1-based) the body shows.
    public var groups: [[Int]]
    /// The sources, in order.
    public var sources: [String]
    /// The note as Markdown: `# Title`, then paragraphs and bullets.
    public var markdown: String

    /// Creates a note.
    public init(title: String, titleIsFirstSource: Bool, groups: [[Int]], sources: [String], markdown: String) {
        self.title = title
        self.titleIsFirstSource = titleIsFirstSource
        self.groups = groups
        self.sources = sources
        self.markdown = markdown
    }
}
