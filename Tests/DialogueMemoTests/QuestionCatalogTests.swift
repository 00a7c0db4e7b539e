import DialogueMemo
import Testing

@Suite struct QuestionCatalogTests {
    @Test func everyIntentHasOneQuestionInEveryLanguage() {
        for language in MemoLanguage.allCases {
            for choice in QuestionChoice.allCases where !choice.finishesExchange {
                let question = QuestionCatalog.question(for: choice, language: language)
                #expect(question != nil, "\(choice) in \(language)")
                guard let question else { continue }
                #expect(!question.trimmingCharacters(in: .whitespaces).isEmpty)
                #expect(question.hasSuffix("?") || question.hasSuffix("？"), "\(question)")
                // One sentence: no terminator before the final question mark.
                let body = question.dropLast()
                #expect(!body.contains { ".!?。！？".contains($0) }, "\(question)")
                #expect(!question.contains("\n"))
            }
        }
    }

    @Test func readyAndStopFinishTheExchange() {
        for language in MemoLanguage.allCases {
            #expect(QuestionCatalog.question(for: .ready, language: language) == nil)
            #expect(QuestionCatalog.question(for: .stop, language: language) == nil)
        }
    }

    @Test func questionsDifferAcrossIntentsAndLanguages() {
        for language in MemoLanguage.allCases {
            let questions = QuestionChoice.allCases.compactMap { QuestionCatalog.question(for: $0, language: language) }
            #expect(Set(questions).count == 18)
        }
        #expect(
            QuestionCatalog.question(for: .problem, language: .japanese)
                != QuestionCatalog.question(for: .problem, language: .english))
    }

    @Test func unknownLanguagesFallBackToEnglish() {
        #expect(QuestionCatalog.question(for: .purpose, languageCode: "it") == "What is the goal?")
        #expect(QuestionCatalog.question(for: .purpose, languageCode: "ja_JP.UTF-8") == "目的は何ですか？")
        #expect(MemoLanguage(code: "de-CH") == .german)
        #expect(MemoLanguage.fromEnvironment(["LANG": "fr_FR.UTF-8"]) == .french)
        #expect(MemoLanguage.fromEnvironment(["LANG": "C.UTF-8"]) == .english)
        #expect(MemoLanguage.fromEnvironment(["LC_ALL": "es_ES.UTF-8", "LANG": "de_DE.UTF-8"]) == .spanish)
    }

    @Test func intentsAreExactlyTheTwentyOfTheDesign() {
        let names = QuestionChoice.allCases.map(\.rawValue)
        #expect(
            names == [
                "audience", "ideaDetails", "useCase", "problem", "reason", "example", "obstacle", "preparation",
                "takeaway", "validation", "keyPoint", "impression", "decision", "meetingFocus", "purpose",
                "nextStep", "startingPoint", "moreDetails", "ready", "stop",
            ])
    }
}
