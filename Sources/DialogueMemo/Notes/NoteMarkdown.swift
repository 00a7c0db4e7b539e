import Foundation

/// The one place a ``Note`` becomes Markdown and Markdown becomes a note: notes are saved,
/// printed and edited as Markdown, and read back with ``parse(_:)``.
///
/// The format: `# ` and the title, then each block's `## ` heading (when it has one) and text,
/// each part separated by a blank line, and one newline at the end.
public enum NoteMarkdown {
    /// A note's Markdown. Empty headings and texts are left out; nothing else is changed.
    public static func render(_ note: Note) -> String {
        var parts = ["# " + note.title]
        for block in note.blocks {
            if !block.heading.isEmpty { parts.append("## " + block.heading) }
            if !block.text.isEmpty { parts.append(block.text) }
        }
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// Reads Markdown back into a note: the first line that is not blank is the title (without its `# `
    /// marker, when it has one), and the lines after it split into blocks at `## ` headings. A
    /// block's text keeps its lines as they are, without blank lines around them.
    ///
    /// `parse(render(note))` gives `note` back whenever its title holds no line break and its
    /// headings and texts have none at their ends and no line starting with `## `.
    public static func parse(_ markdown: String) -> Note {
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)[...]
        while let first = lines.first, first.allSatisfy(\.isWhitespace) { lines.removeFirst() }
        let first = lines.popFirst() ?? ""
        let title = first.hasPrefix("# ") ? String(first.dropFirst(2)) : String(first)
        var blocks: [Note.Block] = []
        var heading = ""
        var body: [Substring] = []
        func flush() {
            let text = body.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
            if !text.isEmpty || !heading.isEmpty { blocks.append(Note.Block(heading: heading, text: text)) }
            body = []
        }
        for line in lines {
            if line.hasPrefix("## ") {
                flush()
                heading = String(line.dropFirst(3))
            } else {
                body.append(line)
            }
        }
        flush()
        return Note(title: title, blocks: blocks)
    }
}
