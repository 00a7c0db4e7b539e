import Foundation

/// A note split for review: its title and blocks, and the Markdown they come from.
public struct MemoNoteView: Codable, Sendable, Equatable {
    /// The `# ` title.
    public var title: String
    /// The blocks under it.
    public var blocks: [MemoBlockView]
    /// The whole note.
    public var markdown: String

    /// Splits a note's Markdown at its `# ` title and `## ` headings.
    public init(markdown: String) {
        self.markdown = markdown
        var title = ""
        var blocks: [MemoBlockView] = []
        var heading = ""
        var lines: [Substring] = []
        func flush() {
            let text = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty || !heading.isEmpty { blocks.append(MemoBlockView(heading: heading, text: text)) }
            lines = []
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if title.isEmpty, blocks.isEmpty, heading.isEmpty, line.hasPrefix("# ") {
                title = String(line.dropFirst(2))
            } else if line.hasPrefix("## ") {
                flush()
                heading = String(line.dropFirst(3))
            } else {
                lines.append(line)
            }
        }
        flush()
        self.title = title
        self.blocks = blocks
    }

    /// Joins a title and blocks back into the note's Markdown.
    public static func markdown(title: String, blocks: [MemoBlockView]) -> String {
        var parts = ["# " + title.trimmingCharacters(in: .whitespacesAndNewlines)]
        for block in blocks {
            let heading = block.heading.trimmingCharacters(in: .whitespacesAndNewlines)
            let text = block.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !heading.isEmpty { parts.append("## " + heading) }
            if !text.isEmpty { parts.append(text) }
        }
        return parts.joined(separator: "\n\n") + "\n"
    }
}
