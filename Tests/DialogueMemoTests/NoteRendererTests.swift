import DialogueMemo
import Testing

@Suite struct NoteRendererTests {
    let sources = ["Frozen meals.", "For people who are too busy to cook.", "Sold at stations.", "Start in Tokyo."]

    @Test func rendersGroupsAsParagraphsAndSingleSentencesAsBullets() throws {
        let layout = SourceLayout(firstSourceIsTitle: true, groupIDs: [[1, 2], [3], [4]])
        let note = try NoteRenderer.render(layout, sources: sources, language: .english)
        #expect(note.title == "Frozen meals.")
        #expect(note.markdown == "# Frozen meals.\n\n- For people who are too busy to cook.\n- Sold at stations.\n- Start in Tokyo.\n")
        let paragraphs = try NoteRenderer.render(
            SourceLayout(firstSourceIsTitle: false, groupIDs: [[1, 2], [3, 4]]), sources: sources, language: .german)
        #expect(paragraphs.markdown == "# Notiz\n\nFrozen meals. For people who are too busy to cook.\n\nSold at stations. Start in Tokyo.\n")
    }

    @Test(arguments: [
        ([[1, 2], [4]], "drop"), ([[1, 2], [2, 3, 4]], "repeat"), ([[1, 3], [2, 4]], "reorder"),
        ([[1, 2, 3, 4], []], "empty group"), ([], "no groups"), ([[0, 1, 2, 3, 4]], "out of range"),
        ([[1, 2, 3, 4, 5]], "extra ID"),
    ] as [([[Int]], String)])
    func refusesLayoutsThatWouldDropRepeatOrReorder(_ groups: [[Int]], _ what: String) {
        let layout = SourceLayout(firstSourceIsTitle: false, groupIDs: groups)
        #expect(throws: NoteLayoutError.self, "\(what)") {
            try NoteRenderer.render(layout, sources: sources, language: .english)
        }
    }

    @Test func refusesToRenderNothing() {
        #expect(throws: NoteLayoutError.noSources) {
            try NoteRenderer.render(SourceLayout(firstSourceIsTitle: true, groupIDs: [[1]]), sources: [], language: .english)
        }
        #expect(throws: NoteLayoutError.emptyGroup(1)) {
            try NoteRenderer.validate(SourceLayout(firstSourceIsTitle: true, groupIDs: [[1], []]), sourceCount: 1)
        }
    }

    @Test func titleRuleNeedsAShortSingleLineFirstSentenceAndMoreSentences() throws {
        #expect(NoteRenderer.firstSourceCanBeTitle(["Short.", "More."], advice: true))
        #expect(!NoteRenderer.firstSourceCanBeTitle(["Short.", "More."], advice: false))
        #expect(!NoteRenderer.firstSourceCanBeTitle(["Only one."], advice: true))
        #expect(!NoteRenderer.firstSourceCanBeTitle([String(repeating: "a", count: 61), "More."], advice: true))
        #expect(NoteRenderer.firstSourceCanBeTitle([String(repeating: "a", count: 60), "More."], advice: true))
        #expect(!NoteRenderer.firstSourceCanBeTitle(["Two\nlines", "More."], advice: true))
        let single = try NoteRenderer.render(
            SourceLayout(firstSourceIsTitle: true, groupIDs: [[1]]), sources: ["Only one."], language: .japanese)
        #expect(single.markdown == "# メモ\n\n- Only one.\n")
        for (language, title) in [(MemoLanguage.spanish, "Nota"), (.french, "Note"), (.english, "Memo")] {
            #expect(language.genericTitle == title)
        }
    }

    @Test func japaneseSentencesJoinWithoutSpaces() throws {
        let note = try NoteRenderer.render(
            SourceLayout(firstSourceIsTitle: false, groupIDs: [[1, 2]]), sources: ["新しいアイデアです。", "冷凍食品です。"],
            language: .japanese)
        #expect(note.markdown == "# メモ\n\n新しいアイデアです。冷凍食品です。\n")
    }

    @Test func copiesSentencesByteForByte() throws {
        // Decomposed é and a Markdown-looking sentence stay exactly as given.
        let odd = ["Cafe\u{301} idea.", "# not a heading", "- not a bullet"]
        let note = try NoteRenderer.render(NoteLayout.local(sourceCount: 3), sources: odd, language: .french)
        #expect(LayoutPropertyCheck.holdsEverySentence(note.markdown, sources: odd, language: .french))
        #expect(Array(note.markdown.utf8).count == Array("# Cafe\u{301} idea.\n\n- # not a heading\n- - not a bullet\n".utf8).count)
    }
}
