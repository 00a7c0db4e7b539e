import Evaluation
import QuickLog
import Testing

@Suite struct MealScoresTests {
    static func meal(_ style: String, kcal: Double, carbs: Double, predicted: Double, seconds: Double = 0.01) -> MealScores.Meal {
        MealScores.Meal(
            style: style, gold: NutritionFacts(kcal: kcal, protein: 0, carbs: carbs, fat: 0),
            predicted: NutritionFacts(kcal: predicted, protein: 0, carbs: carbs, fat: 0), items: 2, unmatched: 1, notFood: 0,
            seconds: seconds)
    }

    @Test func averageMealBaselineIsTheMeanGold() {
        // kcal (100 + 300 + 500) / 3 = 300; carbs (10 + 20 + 60) / 3 = 30.
        let scores = MealScores([
            Self.meal("metric", kcal: 100, carbs: 10, predicted: 100), Self.meal("natural", kcal: 300, carbs: 20, predicted: 0),
            Self.meal("natural", kcal: 500, carbs: 60, predicted: 500),
        ])
        #expect(scores.averageGold == NutritionFacts(kcal: 300, protein: 0, carbs: 30, fat: 0))
    }

    @Test func eachStyleIsReportedBeforeAllOnlyWhenThereAreSeveral() {
        let mixed = MealScores([Self.meal("natural", kcal: 1, carbs: 0, predicted: 1), Self.meal("metric", kcal: 1, carbs: 0, predicted: 1)])
        #expect(mixed.groups.map(\.style) == ["metric", "natural", "all"])
        #expect(mixed.groups.map(\.meals.count) == [1, 1, 2])
        let single = MealScores([Self.meal("natural", kcal: 1, carbs: 0, predicted: 1)])
        #expect(single.groups.map(\.style) == ["all"])
    }

    @Test func reportHoldsQuickLogAndBothBaselines() {
        // Gold kcal 200 and 400 (average 300), predicted 200 and 300: Quick Log MAE (0 + 100) / 2 = 50.0,
        // (0/200 + 100/400) / 2 = 12.5 % of gold; average meal (100 + 100) / 2 = 100.0,
        // (100/200 + 100/400) / 2 = 37.5 %; always 0 (200 + 400) / 2 = 300.0, 100 %. Unmatched 2 of 4 = 50.0 %.
        let report = MealScores([
            Self.meal("all", kcal: 200, carbs: 0, predicted: 200, seconds: 0.002),
            Self.meal("all", kcal: 400, carbs: 0, predicted: 300, seconds: 0.004),
        ]).report
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0] == "[all: 2 meals]")
        // (The label's width is left to Foundation: Linux does not pad a %@ argument.)
        #expect(lines[1].hasPrefix("  quick log") && lines[1].contains("kcal MAE   50.0 ( 12.5 % of gold)"))
        // Signed errors 0 and −100: bias −50; the median of two is the upper one (100); the worst
        // tenth of two meals is one, carrying all of the error.
        #expect(lines[2].hasPrefix("  spread") && lines[2].contains("kcal bias  -50.0  median error  100.0  worst tenth of meals carry 100.0 %"))
        #expect(lines[3].hasPrefix("  baseline: average meal") && lines[3].contains("kcal MAE  100.0 ( 37.5 % of gold)"))
        #expect(lines[4].hasPrefix("  baseline: always 0") && lines[4].contains("kcal MAE  300.0 (100.0 % of gold)"))
        // The median of two is the upper one (index count / 2): 4.0 ms.
        #expect(lines[5] == "  unmatched food items 2 of 4 (50.0 %); pieces read as no food 0; time per meal median 4.0 ms, max 4.0 ms")
    }
}
