import AssetRequirements
import LanguageModels
import Testing
@testable import QuickLog

/// The whole flow with the real default model; runs only when setup installed it. Greedy output
/// depends on thread count, so these assert invariants, not words.
@Suite(.enabled(ifInstalled: defaultModel), .requires(defaultModel))
struct RealModelFoodTests {
    let sentence = "2 eggs, 200g rice, and a coffee"

    @Test func theModelParsesWithExactMentions() async {
        let parser = FoodParser()
        await parser.prewarm()
        let parse = await parser.parse(sentence)
        // The rules alone would also pass the checks below: the model must have produced it.
        #expect(parse.source != .rules, "the model's answers failed the checks; the rules parsed it")
        #expect(!parse.items.isEmpty)
        #expect(parse.items.allSatisfy { sentence.contains($0.mention) })
        #expect(FoodParser.problems(parse.items, in: sentence).isEmpty)
        parser.release()
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func analyzesReviewsAndSavesTheExample() async throws {
        let diary = try Diary(path: temporaryDiaryPath())
        let quickLog = QuickLog(parser: FoodParser(), database: installedDatabase, estimator: NutritionEstimator(), diary: diary)
        await quickLog.startLogging()
        var review = await quickLog.analyze(sentence, day: DiaryDay("2026-07-08")!, meal: .lunch)
        #expect(review.step == .review)
        #expect(try diary.entryCount() == 0)
        let count = try quickLog.save(&review)
        #expect(count == review.confirmedEntries.count)
        #expect(try diary.entryCount() == count)
        quickLog.release()
    }

    @Test func theModelEstimatesAFoodTheDatabaseLacks() async throws {
        // A dead model path, now visible: the default model answers {"kcal":100,"protein":10,
        // "carbs":10,"fat":10} (then 100/100/100/100 after the reminder) for every food, which the
        // energy check rightly rejects. When the estimator is fixed this known issue stops
        // occurring and the test fails until the wrapper is removed.
        await withKnownIssue("the default model's estimates never pass the energy check") {
            // nil means the model never gave an estimate that passed the energy check.
            let estimate = try #require(await NutritionEstimator().estimate("homemade lentil stew"))
            #expect(estimate.kcal > 0)
            #expect(estimate.protein + estimate.carbs + estimate.fat > 0)
        }
    }

    @Test func theModelChoosesTheInsightAmongTheKindsTheCodeAllows() async throws {
        // Over on energy and fat, protein met: three true kinds, so the model has a real choice.
        // (The figures this test used before allowed only one kind, so the model was never asked.)
        let consumed = NutritionFacts(kcal: 2600, protein: 170, carbs: 200, fat: 100)
        let targets = DailyTargets(kcal: 2200, protein: 160, carbs: 220, fat: 70)
        let valid = InsightKind.valid(consumed: consumed, targets: targets)
        try #require(valid.count > 1, "with one valid kind the model is never asked")
        // nil means the request failed and the service fell back to the first kind.
        let chosen = try #require(await InsightService().modelChoice(consumed: consumed, targets: targets, among: valid))
        #expect(valid.contains(chosen))
    }
}
