import Testing
@testable import QuickLog

@Suite struct DailyInsightTests {
    let targets = DailyTargets(kcal: 2200, protein: 160, carbs: 220, fat: 70)

    @Test func validKindsFollowTheNumbers() {
        #expect(InsightKind.valid(consumed: .zero, targets: targets) == [.nothingLogged])
        let day = NutritionFacts(kcal: 1873, protein: 158, carbs: 106, fat: 89)
        let kinds = InsightKind.valid(consumed: day, targets: targets)
        #expect(kinds.contains(.fatHigh))
        #expect(!kinds.contains(.proteinLow))
        #expect(!kinds.contains(.overEnergy))
        let over = InsightKind.valid(consumed: NutritionFacts(kcal: 2600, protein: 80, carbs: 200, fat: 60), targets: targets)
        #expect(over.contains(.overEnergy) && over.contains(.proteinLow))
    }

    @Test func codeWritesTheWordsWithTheRealNumbers() {
        let insight = DailyInsight(
            kind: .proteinLow, consumed: NutritionFacts(kcal: 900, protein: 40, carbs: 100, fat: 30), targets: targets)
        #expect(insight.title == "Protein is low")
        #expect(insight.body.contains("40 of 160 g"))
        #expect(insight.body.contains("120 g to go"))
        #expect(!insight.emoji.isEmpty)
    }

    @Test func everyKindIsWrittenInEveryLanguage() {
        for language in ["en", "es", "fr", "de", "ja"] {
            for kind in InsightKind.allCases {
                let insight = DailyInsight(kind: kind, consumed: NutritionFacts(kcal: 1000, protein: 50, carbs: 100, fat: 30), targets: targets, language: language)
                #expect(!insight.title.isEmpty && !insight.body.isEmpty)
            }
        }
    }
}
