import LanguageModels
import Testing
@testable import QuickLog

/// The whole flow with the real default model; runs only when setup installed it. Greedy output
/// depends on thread count, so these assert invariants, not words.
@Suite(.enabled(if: SystemLanguageModel.default.availability == .available, "the default model is not installed (run make setup)"))
struct RealModelFoodTests {
    let sentence = "2 eggs, 200g rice, and a coffee"

    @Test func parsesWithExactMentionsOrFallsBackToRules() async {
        let parser = FoodParser()
        await parser.prewarm()
        let parse = await parser.parse(sentence)
        #expect(!parse.items.isEmpty)
        #expect(parse.items.allSatisfy { sentence.contains($0.mention) })
        #expect(FoodParser.problems(parse.items, in: sentence).isEmpty)
        parser.release()
    }

    @Test(.enabled(if: databaseIsInstalled, databaseMissingMessage))
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

    @Test func estimatesAreConsistentOrAbsent() async {
        if let estimate = await NutritionEstimator().estimate("homemade lentil stew") {
            #expect(estimate.isConsistent)
        }
    }

    @Test func insightKindIsAlwaysOneTheCodeAllowed() async {
        let consumed = NutritionFacts(kcal: 1873, protein: 158, carbs: 106, fat: 89)
        let targets = DailyTargets(kcal: 2200, protein: 160, carbs: 220, fat: 70)
        let insight = await InsightService().insight(consumed: consumed, targets: targets)
        #expect(InsightKind.valid(consumed: consumed, targets: targets).contains(insight.kind))
    }
}
