import DialogueMemo
import Foundation
import Testing

/// The one Markdown form of a note: rendered, parsed back, and read from notes saved before the
/// note became a value.
@Suite struct NoteMarkdownTests {
    static let cookingClub = Note(
        title: "A cooking club",
        blocks: [
            Note.Block(heading: "", text: "Friends cook on Fridays."),
            Note.Block(heading: "Who is it for?", text: "Colleagues.\n\n- From the second floor.\n- From sales."),
            Note.Block(heading: "What is the next step?", text: "Ask three friends."),
        ])

    @Test func aNoteRendersAsTitleThenEachBlockUnderItsHeading() {
        #expect(
            NoteMarkdown.render(Self.cookingClub) == """
                # A cooking club

                Friends cook on Fridays.

                ## Who is it for?

                Colleagues.

                - From the second floor.
                - From sales.

                ## What is the next step?

                Ask three friends.

                """)
    }

    @Test(arguments: [
        cookingClub,
        Note(title: "Memo — 1 Dec 2026", blocks: []),
        Note(title: "メモ", blocks: [Note.Block(heading: "", text: "新しいアイデアです。冷凍食品です。")]),
        Note(title: "Birds.", blocks: [Note.Block(heading: "Anything else?", text: "- Many birds.\n- # not a heading")]),
    ])
    func parsingTheRenderedMarkdownGivesTheNoteBack(_ note: Note) {
        #expect(NoteMarkdown.parse(NoteMarkdown.render(note)) == note)
        #expect(Note(markdown: note.markdown) == note)
    }

    /// Notes on disk were written as Markdown before the note was a value (by the renderer, or
    /// edited by hand in `$EDITOR`); they read the same way.
    @Test(arguments: [
        ("# Frozen meals.\n\n- For busy people.\n", "Frozen meals.", [Note.Block(heading: "", text: "- For busy people.")]),
        ("\n\n# Late title\n\nBody.\n", "Late title", [Note.Block(heading: "", text: "Body.")]),
        ("No marker\nsecond line\n", "No marker", [Note.Block(heading: "", text: "second line")]),
        ("# Only a question\n\n## Why?\n", "Only a question", [Note.Block(heading: "Why?", text: "")]),
        ("# T\n\nIdea.\n\n\n## Q\n\n  Answer.  \n\n", "T", [Note.Block(heading: "", text: "Idea."), Note.Block(heading: "Q", text: "Answer.")]),
        ("", "", []),
    ])
    func storedMarkdownReadsAsTitleAndBlocks(_ markdown: String, title: String, blocks: [Note.Block]) {
        let note = NoteMarkdown.parse(markdown)
        #expect(note.title == title)
        #expect(note.blocks == blocks)
    }

    @Test func aStoredNoteLoadsAndListsUnderItsTitle() throws {
        let store = NoteStore(
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-notes-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let id = try store.save(Self.cookingClub, date: Date(timeIntervalSince1970: 1_780_000_000))
        #expect(id.hasSuffix("-a-cooking-club"))
        #expect(try Note(markdown: store.show(id: id)) == Self.cookingClub)
        #expect(try store.list().map { [$0.id, $0.title] } == [[id, "A cooking club"]])
    }
}
