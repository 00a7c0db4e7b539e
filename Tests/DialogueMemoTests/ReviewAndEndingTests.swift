import DialogueMemo
import Foundation
import Testing

@Suite struct ReviewAndEndingTests {
    @Test(arguments: ["a", " A ", "accept", "Aceptar", "保存", "speichern", "accepter"])
    func onlyAnExplicitChoiceAccepts(_ line: String) {
        #expect(ReviewReply(line) == .accept)
    }

    @Test(arguments: [
        "", "y", "yes", "ok", "and it should be free", "a good idea", "accept it", "aa", "dd", "edit later", "no",
    ])
    func anythingElseIsNoChoice(_ line: String) {
        #expect(ReviewReply(line) == nil)
    }

    @Test func editAndDiscardHaveTheirKeysAndWords() {
        #expect(ReviewReply("e") == .edit && ReviewReply("bearbeiten") == .edit && ReviewReply("編集") == .edit)
        #expect(ReviewReply("d") == .discard && ReviewReply("Descartar") == .discard && ReviewReply("破棄") == .discard)
        #expect(ReviewReply.allCases.map(\.key) == ["a", "e", "d"])
    }

    @Test func everyLanguageShowsTheKeysInThePromptAndReminder() {
        for language in MemoLanguage.allCases {
            let prompt = ReviewReply.prompt(language: language)
            let reminder = ReviewReply.reminder(language: language)
            for key in ReviewReply.allCases.map(\.key) {
                #expect(prompt.contains("[\(key)]"), "\(language): \(prompt)")
                #expect(reminder.contains(key), "\(language): \(reminder)")
            }
            #expect(prompt.hasSuffix(" ") && !prompt.contains("\n"))
        }
        #expect(Set(MemoLanguage.allCases.map { ReviewReply.prompt(language: $0) }).count == 5)
    }

    @Test func theDialogueEndingByItselfIsExplainedInOneLineInEveryLanguage() {
        let byItself = FinishReason.allCases.filter(\.endedByItself)
        #expect(Set(byItself) == [.ready, .noUnaskedAngle, .questionLimit, .transcriptCap])
        for language in MemoLanguage.allCases {
            var lines: Set<String> = []
            for reason in FinishReason.allCases {
                for kind in NoteKind.allCases {
                    let line = EndingNotice.line(for: reason, kind: kind, language: language)
                    #expect((line != nil) == reason.endedByItself, "\(reason) \(kind) \(language)")
                    guard let line else { continue }
                    #expect(!line.contains("\n") && !line.isEmpty)
                    lines.insert(line)
                }
            }
            // Four kinds of covered angles, the limit and the cap.
            #expect(lines.count == 6, "\(language): \(lines)")
            let closing = QuestionCatalog.closing(language: language)
            #expect(closing.hasSuffix("?") || closing.hasSuffix("？"))
            #expect(!QuestionCatalog.closingHint(language: language).isEmpty)
            #expect(!QuestionCatalog.additionLabel(language: language).isEmpty)
        }
        #expect(EndingNotice.line(for: .noUnaskedAngle, kind: .productIdea, language: .english)
            == "That covers the angles for a product idea.")
        #expect(EndingNotice.line(for: .questionLimit, kind: .other, language: .german)
            == "Das war die letzte Frage (höchstens 6).")
    }

    @Test func oneMoreThingIsTakenOnlyAfterTheDialogueEndedByItself() async {
        var engine = DialogueEngine(language: .english, access: .rulesOnly)
        engine.start(idea: "A new app for runners.")
        engine.addAfterEnding("Too early.")
        #expect(engine.turns.count == 1)
        var asked = 0
        while case .ask = await engine.nextQuestion() {
            asked += 1
            engine.answer("Answer number \(asked).")
        }
        #expect(engine.finishReason == .noUnaskedAngle)
        #expect(engine.endingNotice == "That covers the angles for a product idea.")
        engine.addAfterEnding("   ")
        engine.addAfterEnding("It should work offline.")
        #expect(engine.turns.last == DialogueTurn(intent: nil, answer: "It should work offline."))
        #expect(engine.turns.count == asked + 2)
        let note = await engine.finish(date: Date(timeIntervalSince1970: 1_796_126_400), timeZone: .gmt)
        #expect(note.markdown.hasSuffix("## Anything else\n\nIt should work offline.\n"))

        var ended = DialogueEngine(language: .english, access: .rulesOnly)
        ended.start(idea: "A new app.")
        _ = await ended.nextQuestion()
        ended.end(.endedByPerson)
        #expect(ended.endingNotice == nil)
        ended.addAfterEnding("Ignored: the person ended it.")
        #expect(ended.turns.count == 1)
    }

    @Test func draftsLiveBesideNotesNotAmongThem() {
        let environment = ["XDG_DATA_HOME": "/data"]
        #expect(NoteStore.defaultDirectory(environment: environment).path == "/data/verbatim/notes")
        #expect(NoteStore.defaultDraftsDirectory(environment: environment).path == "/data/verbatim/drafts")
    }

    @Test func reviewMessagesExistInEveryLanguage() {
        let messages: [ReviewMessage] = [.saved(id: "x1"), .discarded, .notSaved, .keptAsDraft(path: "/p"), .interrupted]
        for message in messages {
            let texts = MemoLanguage.allCases.map { message.text(language: $0) }
            #expect(Set(texts).count == 5, "\(texts)")
        }
        #expect(ReviewMessage.keptAsDraft(path: "/p/d.md").text(language: .french).hasSuffix("/p/d.md"))
    }
}
