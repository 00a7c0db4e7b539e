import DialogueMemo
import Foundation
import Testing

@Suite struct NoteStructureTests {
    static let date = Date(timeIntervalSince1970: 1_796_126_400)  // 1 Dec 2026, noon UTC
    static let utc = TimeZone(identifier: "UTC")!

    @Test func aLongFirstSentenceGivesTheKindAndTheDateNeverMemoAlone() throws {
        let idea = "An app idea: a shared shopping list for flatmates that sorts items by the supermarket aisle."
        let turns = [
            DialogueTurn(intent: nil, answer: idea), DialogueTurn(intent: .problem, answer: "Milk is bought twice."),
        ]
        let structure = NoteStructure(turns: turns, language: .english, date: Self.date, timeZone: Self.utc)
        #expect(structure.fallbackTitle == "Product idea — 1 Dec 2026")
        let sources = SourceSentences.sources(from: turns.map(\.answer), language: "en")
        let note = try NoteRenderer.render(
            NoteLayout.local(sourceCount: sources.count), sources: sources, language: .english, structure: structure)
        #expect(note.title == "Product idea — 1 Dec 2026" && !note.titleIsFirstSource)
        #expect(note.markdown == "# Product idea — 1 Dec 2026\n\n\(idea)\n\n## What problem does it solve?\n\nMilk is bought twice.\n")
        // The short-first-sentence rule still holds.
        let short = [DialogueTurn(intent: nil, answer: "Shared shopping list. For flatmates.")]
        let shortSources = SourceSentences.sources(from: short.map(\.answer), language: "en")
        let titled = try NoteRenderer.render(
            NoteLayout.local(sourceCount: 2), sources: shortSources, language: .english,
            structure: NoteStructure(turns: short, language: .english, date: Self.date, timeZone: Self.utc))
        #expect(titled.title == "Shared shopping list.")
    }

    @Test func titlesAndDatesInEveryLanguage() {
        let expected: [MemoLanguage: String] = [
            .english: "Meeting notes — 1 Dec 2026", .japanese: "会議メモ — 2026年12月1日",
            .spanish: "Notas de reunión — 1 dic 2026", .french: "Notes de réunion — 1 déc. 2026",
            .german: "Besprechungsnotizen — 1. Dez. 2026",
        ]
        for (language, title) in expected {
            #expect(NoteTitle.dated(kind: .meeting, date: Self.date, timeZone: Self.utc, language: language) == title)
        }
        for language in MemoLanguage.allCases {
            let phrases = NoteKind.allCases.map { NoteTitle.phrase(for: $0, language: language) }
            #expect(Set(phrases).count == NoteKind.allCases.count)
            #expect(NoteTitle.phrase(for: .other, language: language) == language.genericTitle)
            let dated = NoteTitle.dated(kind: .other, date: Self.date, timeZone: Self.utc, language: language)
            #expect(dated != language.genericTitle && dated.hasPrefix(language.genericTitle))
        }
        // The calendar date is the time zone's: 1 Dec noon UTC is already 2 Dec in Tokyo at 23:00 UTC.
        let late = Date(timeIntervalSince1970: 1_796_166_000)
        #expect(NoteTitle.formatted(late, timeZone: TimeZone(identifier: "Asia/Tokyo")!, language: .japanese) == "2026年12月2日")
        #expect(NoteTitle.formatted(late, timeZone: Self.utc, language: .english) == "1 Dec 2026")
    }

    @Test func blocksFollowTheTurnsAndSkipBlankOnes() {
        let turns = [
            DialogueTurn(intent: nil, answer: "Idea one. Idea two."), DialogueTurn(intent: .audience, answer: "  "),
            DialogueTurn(intent: .reason, answer: "Because."), DialogueTurn(intent: nil, answer: "One more. And two."),
        ]
        let structure = NoteStructure(turns: turns, language: .german, date: Self.date, timeZone: Self.utc)
        #expect(structure.blocks.map(\.label) == [nil, "Warum ist dir das wichtig?", "Außerdem"])
        #expect(structure.blocks.map(\.sourceCount) == [2, 1, 2])
        #expect(structure.ranges == [0..<2, 2..<3, 3..<5])
        #expect(structure.sourceCount == SourceSentences.sources(from: turns.map(\.answer), language: "de").count)
    }

    @Test func aModelGroupNeverCrossesFromOneAnswerIntoTheNext() throws {
        let turns = [
            DialogueTurn(intent: nil, answer: "Frozen meals. For busy people."),
            DialogueTurn(intent: .audience, answer: "Night-shift nurses."),
            DialogueTurn(intent: .problem, answer: "No time. Shops are closed."),
        ]
        let sources = SourceSentences.sources(from: turns.map(\.answer), language: "en")
        let structure = NoteStructure(turns: turns, language: .english, date: Self.date, timeZone: Self.utc)
        // One group for everything, as small models answer: the answers still show as blocks.
        let note = try NoteRenderer.render(
            SourceLayout(firstSourceIsTitle: true, groupIDs: [Array(1...5)]), sources: sources, language: .english,
            structure: structure)
        #expect(note.groups == [[1, 2], [3], [4, 5]])
        #expect(note.blockCount == 3)
        #expect(
            note.markdown
                == "# Frozen meals.\n\nFor busy people.\n\n## Who is this for?\n\nNight-shift nurses.\n\n"
                + "## What problem does it solve?\n\nNo time. Shops are closed.\n")
        #expect(LayoutPropertyCheck.holdsEverySentence(note.markdown, sources: sources, language: .english, structure: structure))
        #expect(LayoutPropertyCheck.showsEveryAnswerBlock(note, structure: structure))
        // The checker refuses a label in the wrong place or a missing one.
        let moved = note.markdown.replacingOccurrences(
            of: "## Who is this for?\n\nNight-shift nurses.", with: "Night-shift nurses.\n\n## Who is this for?")
        #expect(!LayoutPropertyCheck.holdsEverySentence(moved, sources: sources, language: .english, structure: structure))
        let unlabelled = note.markdown.replacingOccurrences(of: "## Who is this for?\n\n", with: "")
        #expect(!LayoutPropertyCheck.holdsEverySentence(unlabelled, sources: sources, language: .english, structure: structure))
        let invented = note.markdown.replacingOccurrences(of: "## Who is this for?", with: "## Audience")
        #expect(!LayoutPropertyCheck.holdsEverySentence(invented, sources: sources, language: .english, structure: structure))
    }

    @Test func aStructureThatDoesNotFitTheSourcesRendersPlain() throws {
        let structure = NoteStructure(
            blocks: [.init(label: nil, sourceCount: 1), .init(label: "Q?", sourceCount: 5)], fallbackTitle: "T")
        let sources = ["One.", "Two."]
        let note = try NoteRenderer.render(
            NoteLayout.local(sourceCount: 2), sources: sources, language: .english, structure: structure)
        #expect(note.markdown == "# One.\n\n- Two.\n")
        #expect(LayoutPropertyCheck.holdsEverySentence(note.markdown, sources: sources, language: .english, structure: structure))
    }
}
