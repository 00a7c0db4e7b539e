/// Turns a checked layout into a ``Note``. Plain code: it copies the person's sentences byte for
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
    ///   - structure: The dialogue's blocks and dated title; `nil` (or one that does not hold
    ///     exactly these sources) renders one unlabelled block under the generic title.
    /// - Returns: The note: the title, then each block under its label, the layout's groups split
    ///   at block boundaries (a group of several sentences is a paragraph, single ones are bullets,
    ///   as ``NoteMarkdown`` writes them).
    /// - Throws: ``NoteLayoutError`` when the layout would lose, repeat or reorder a sentence.
    public static func render(
        _ layout: SourceLayout, sources: [String], language: MemoLanguage, structure: NoteStructure? = nil
    ) throws(NoteLayoutError) -> MemoNote {
        try validate(layout, sourceCount: sources.count)
        let structure = effective(structure, sourceCount: sources.count, language: language)
        // Only the idea's first sentence may be the title: an answer keeps its block and label.
        let titleIsFirst =
            firstSourceCanBeTitle(sources, advice: layout.firstSourceIsTitle) && structure.blocks.first?.label == nil
        let title = titleIsFirst ? sources[0] : structure.fallbackTitle
        // In a dialogue's note every block is text under its question (the idea under the title).
        let isDialogue = structure.blocks.contains { $0.label != nil }
        var groups: [[Int]] = []
        var blocks: [Note.Block] = []
        for (block, range) in zip(structure.blocks, structure.ranges) {
            // The dialogue is structure: a model group never crosses from one answer into the next.
            let blockGroups = layout.groups.map { $0.sourceIDs.filter { range.contains($0 - 1) } }.filter { !$0.isEmpty }
            groups += blockGroups
            let shown = blockGroups.map { $0.filter { !(titleIsFirst && $0 == 1) } }.filter { !$0.isEmpty }
            guard !shown.isEmpty else { continue }
            // A one-group block of a dialogue reads as text under its question, not as a lone bullet.
            let text =
                isDialogue && shown.count == 1
                ? paragraph(shown[0].map { sources[$0 - 1] })
                : body(shown, sources: sources).joined(separator: "\n\n")
            blocks.append(Note.Block(heading: block.label ?? "", text: text))
        }
        return MemoNote(
            note: Note(title: title, blocks: blocks), titleIsFirstSource: titleIsFirst, groups: groups, sources: sources,
            structure: structure)
    }

    /// The structure a render uses: the given one when it holds exactly `sourceCount` sources,
    /// else one plain block, so a mismatch can only make the note plainer.
    static func effective(_ structure: NoteStructure?, sourceCount: Int, language: MemoLanguage) -> NoteStructure {
        if let structure, structure.sourceCount == sourceCount { return structure }
        return .plain(sourceCount: sourceCount, language: language)
    }

    /// A block's groups: a group of several sentences is a paragraph, consecutive single
    /// sentences a bullet list.
    private static func body(_ groups: [[Int]], sources: [String]) -> [String] {
        var blocks: [String] = []
        var bullets: [String] = []
        func flushBullets() {
            if !bullets.isEmpty { blocks.append(bullets.joined(separator: "\n")) }
            bullets.removeAll()
        }
        for ids in groups {
            if ids.count == 1 {
                bullets.append("- " + sources[ids[0] - 1])
            } else {
                flushBullets()
                blocks.append(paragraph(ids.map { sources[$0 - 1] }))
            }
        }
        flushBullets()
        return blocks
    }

    /// The note for no sentences at all: only the title (the structure's, else the generic one).
    public static func emptyNote(language: MemoLanguage, structure: NoteStructure? = nil) -> MemoNote {
        let title = structure?.fallbackTitle ?? language.genericTitle
        return MemoNote(
            note: Note(title: title, blocks: []), titleIsFirstSource: false, groups: [], sources: [], structure: structure)
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
