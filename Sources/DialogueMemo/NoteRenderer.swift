/// Turns a checked layout into Markdown. Plain code: it copies the person's sentences byte for
/// byte and refuses any layout that would drop, repeat or reorder one.
public enum NoteRenderer {
    /// The longest first sentence that may become the title.
    public static let maximumTitleLength = 60

    /// Checks a layout: groups exist, none is empty, and together they list exactly 1...n in order.
    /// - Throws: ``NoteLayoutError`` describing the first problem.
    public static func validate(_ layout: SourceLayout, sourceCount: Int) throws(NoteLayoutError) {
        guard sourceCount > 0 else { throw .noSources }
        guard !layout.groups.isEmpty else { throw .noGroups }
        if let empty = layout.groups.firstIndex(where: { $0.sourceIDs.isEmpty }) { throw .emptyGroup(empty) }
        guard layout.flattenedIDs == Array(1...sourceCount) else {
            throw .idsNotExactlyInOrder(sourceCount: sourceCount)
        }
    }

    /// The title rule: the first sentence becomes the title only when the advice says so, it is
    /// short, has no line break, and other sentences remain.
    public static func firstSourceCanBeTitle(_ sources: [String], advice: Bool) -> Bool {
        guard advice, sources.count > 1, let first = sources.first else { return false }
        return first.count <= maximumTitleLength && !first.contains(where: \.isNewline)
    }

    /// Renders a note.
    /// - Parameters:
    ///   - layout: The layout; checked first.
    ///   - sources: The sentences, in order.
    ///   - language: The interface language, for the generic title.
    /// - Returns: The note.
    /// - Throws: ``NoteLayoutError`` when the layout would lose, repeat or reorder a sentence.
    public static func render(_ layout: SourceLayout, sources: [String], language: MemoLanguage) throws(NoteLayoutError)
        -> MemoNote
    {
        try validate(layout, sourceCount: sources.count)
        let titleIsFirst = firstSourceCanBeTitle(sources, advice: layout.firstSourceIsTitle)
        let title = titleIsFirst ? sources[0] : language.genericTitle
        var blocks: [String] = []
        var bullets: [String] = []
        func flushBullets() {
            if !bullets.isEmpty { blocks.append(bullets.joined(separator: "\n")) }
            bullets.removeAll()
        }
        for group in layout.groups {
            let ids = titleIsFirst ? group.sourceIDs.filter { $0 != 1 } : group.sourceIDs
            guard !ids.isEmpty else { continue }
            if ids.count == 1 {
                bullets.append("- " + sources[ids[0] - 1])
            } else {
                flushBullets()
                blocks.append(paragraph(ids.map { sources[$0 - 1] }))
            }
        }
        flushBullets()
        let markdown = (["# " + title] + blocks).joined(separator: "\n\n") + "\n"
        return MemoNote(
            title: title, titleIsFirstSource: titleIsFirst, groups: layout.groups.map(\.sourceIDs), sources: sources,
            markdown: markdown)
    }

    /// The note for no sentences at all: only the generic title.
    public static func emptyNote(language: MemoLanguage) -> MemoNote {
        MemoNote(
            title: language.genericTitle, titleIsFirstSource: false, groups: [], sources: [],
            markdown: "# " + language.genericTitle + "\n")
    }

    /// Sentences joined into a paragraph: a space between them, none after a full-width
    /// terminator (Japanese does not put spaces between sentences).
    static func paragraph(_ sentences: [String]) -> String {
        var text = ""
        for sentence in sentences {
            if let last = text.last { text += paragraphSeparator(after: last) }
            text += sentence
        }
        return text
    }

    static func paragraphSeparator(after last: Character) -> String {
        "。！？」』）".contains(last) ? "" : " "
    }
}
