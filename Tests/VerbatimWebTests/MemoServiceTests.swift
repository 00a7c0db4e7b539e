import DialogueMemo
import Foundation
import Testing
@testable import VerbatimWeb

/// The web memo dialogue on the engine's rules (the browser test runs it on the real model).
@Suite final class MemoServiceTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-memo-web-\(UUID().uuidString)")
    var store: NoteStore { NoteStore(directory: folder) }

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func settled(_ service: MemoService, _ view: MemoSessionView) async throws -> MemoSessionView {
        var view = view
        // A deadline, not a speed claim: in CI every suite runs at once and the blocking threads
        // the engine's work waits for are busy with other suites' models (CI once took over 30 s).
        let deadline = ContinuousClock.now + .seconds(180)
        while view.phase == MemoPhase.thinking.rawValue || view.phase == MemoPhase.composing.rawValue {
            guard ContinuousClock.now < deadline else {
                Issue.record("still \(view.phase) after 180 s")
                break
            }
            try await Task.sleep(for: .milliseconds(20))
            view = try await service.session(view.id)
        }
        return view
    }

    @Test func theIdeaThenABlankAnswerGiveANoteToReviewWithEveryWord() async throws {
        let service = MemoService(model: nil, store: store)
        var view = await service.start(language: .english)
        #expect(view.phase == "asking")
        #expect(view.question == QuestionCatalog.opening(language: .english))
        view = try await settled(service, try await service.answer(view.id, text: "A tool library for our street."))
        #expect(view.phase == "asking")
        let asked = try #require(view.question)
        view = try await settled(service, try await service.answer(view.id, text: "Neighbours lend drills and ladders."))
        view = try await settled(service, try await service.answer(view.id, text: "   "))
        #expect(view.phase == "review")
        let note = try #require(view.note)
        let words = note.title + " " + note.blocks.map(\.text).joined(separator: " ")
        #expect(words.contains("A tool library for our street."))
        #expect(words.contains("Neighbours lend drills and ladders."))
        #expect(note.blocks.contains { $0.heading == asked })
        #expect(view.exchanges.map(\.answer).prefix(2) == ["A tool library for our street.", "Neighbours lend drills and ladders."])
    }

    @Test func anEditedNoteIsSavedAsEditedAndADiscardedOneNotAtAll() async throws {
        let service = MemoService(model: nil, store: store)
        var kept = await service.start(language: .english)
        kept = try await settled(service, try await service.answer(kept.id, text: "Plant trees on the school field."))
        kept = try await settled(service, try await service.finish(kept.id))
        let blocks = try #require(kept.note?.blocks).map { Note.Block(heading: $0.heading, text: $0.text + " Ask the council.") }
        kept = try await service.save(kept.id, title: "Trees for the school", blocks: blocks)
        #expect(kept.phase == "saved")
        let saved = try store.show(id: try #require(kept.savedID))
        #expect(saved.hasPrefix("# Trees for the school\n"))
        #expect(saved.contains("Ask the council."))

        var dropped = await service.start(language: .english)
        dropped = try await settled(service, try await service.answer(dropped.id, text: "Something private."))
        dropped = try await settled(service, try await service.finish(dropped.id))
        #expect(try await service.discard(dropped.id).phase == "discarded")
        await #expect(throws: WebError.self) { try await service.save(dropped.id, title: "x", blocks: []) }
        #expect(try store.list().count == 1)
    }

    @Test func aNoteWithoutWordsIsNotSaved() async throws {
        let service = MemoService(model: nil, store: store)
        var memo = await service.start(language: .english)
        memo = try await settled(service, try await service.answer(memo.id, text: "Plant trees on the school field."))
        memo = try await settled(service, try await service.finish(memo.id))
        let emptied = try #require(memo.note?.blocks).map { Note.Block(heading: $0.heading, text: " \n") }
        await #expect(throws: WebError.badRequest("the note holds no words to save")) {
            try await service.save(memo.id, title: "Trees", blocks: emptied)
        }
        #expect(try store.list().isEmpty)
    }

    @Test func answersOutOfTurnAreRefusedAndKeepTheDialogue() async throws {
        let service = MemoService(model: nil, store: store)
        let view = await service.start(language: .german)
        #expect(view.question == QuestionCatalog.opening(language: .german))
        await #expect(throws: WebError.self) { try await service.finish(view.id) }
        await #expect(throws: WebError.self) { try await service.answer("no-such-dialogue", text: "hello") }
        #expect(try await service.session(view.id).phase == "asking")
    }
}
