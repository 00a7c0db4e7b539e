import AssetRequirements
import Testing
@testable import QuickLog

@Suite struct QuickLogReviewTests {
    func review() throws -> QuickLogReview {
        var review = QuickLogReview(text: "2 things and zorblax", meal: .lunch, day: DiaryDay("2026-03-04")!)
        try review.startAnalyzing()
        try review.present([
            .resolving(ParsedFoodItem(mention: "2 things", name: "thing", quantity: 2, unit: .piece), with: sampleMatch()),
            .unmatched(ParsedFoodItem(mention: "zorblax", name: "zorblax", quantity: nil, unit: .serving)),
        ])
        return review
    }

    @Test func movesFromAnalyzingToReviewToLoggingToDone() throws {
        var review = try review()
        #expect(review.step == .review)
        let entries = try review.beginLogging()
        #expect(review.step == .logging)
        #expect(entries.count == 1)
        try review.finish(count: entries.count)
        #expect(review.step == .done(count: 1))
    }

    @Test func editsAreOnlyAllowedInReview() throws {
        var review = QuickLogReview(text: "x", meal: .snack, day: .today)
        #expect(throws: QuickLogError.self) { try review.remove(1) }
        #expect(throws: QuickLogError.self) { _ = try review.beginLogging() }
        var logging = try self.review()
        _ = try logging.beginLogging()
        #expect(throws: QuickLogError.self) { try logging.editAmount(1, quantity: 3, unit: .piece) }
    }

    @Test func editingTheAmountRecomputesGramsAndNutrition() throws {
        var review = try review()
        try review.editAmount(1, quantity: 150, unit: .gram)
        let item = review.items[0].item
        #expect(item.grams == 150)
        #expect(item.nutrition.kcal == 300)
        #expect(item.status == .matched(.custom, recordID: "7"))
        #expect(throws: QuickLogError.self) { try review.editAmount(1, quantity: -1, unit: .gram) }
    }

    @Test func pickingAMatchMakesAnUnmatchedItemLoggable() throws {
        var review = try review()
        #expect(review.confirmedEntries.count == 1)
        try review.chooseMatch(2, sampleMatch(grams: 40))
        #expect(review.confirmedEntries.count == 2)
        #expect(review.confirmedEntries[1].grams == 40)
    }

    @Test func removedItemsAreNotLoggedAndAddedOnesAre() throws {
        var review = try review()
        try review.remove(1)
        #expect(review.confirmedEntries.isEmpty)
        try review.add(.resolving(ParsedFoodItem(mention: "a thing", name: "thing", quantity: 1, unit: .piece), with: sampleMatch()))
        #expect(review.confirmedEntries.map(\.mention) == ["a thing"])
        #expect(throws: QuickLogError.unknownItem(1)) { try review.remove(1) }
    }

    @Test func failureKeepsTheTextAndAllowsAnotherTry() throws {
        var review = try review()
        _ = try review.beginLogging()
        review.fail("disk full")
        #expect(review.step == .failed("disk full"))
        #expect(review.text == "2 things and zorblax")
        try review.returnToReview()
        #expect(review.step == .review)
    }

    @Test func nothingIsSavedBeforeTheUserConfirms() async throws {
        let diary = try Diary(path: temporaryDiaryPath())
        let quickLog = QuickLog(parser: FoodParser(usesModel: false), database: installedDatabase, estimator: nil, diary: diary)
        let review = await quickLog.analyze("2 eggs and zorblax", day: DiaryDay("2026-05-06")!, meal: .breakfast)
        #expect(review.step == .review)
        #expect(try diary.entryCount() == 0)
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func confirmingSavesOnlyTheResolvedItems() async throws {
        let diary = try Diary(path: temporaryDiaryPath())
        let quickLog = QuickLog(parser: FoodParser(usesModel: false), database: installedDatabase, estimator: nil, diary: diary)
        var review = await quickLog.analyze("2 eggs and zorblax", day: DiaryDay("2026-05-06")!, meal: .breakfast)
        #expect(try quickLog.save(&review) == 1)
        #expect(review.step == .done(count: 1))
        #expect(try diary.entries(on: DiaryDay("2026-05-06")!).map(\.mention) == ["2 eggs"])
    }

    @Test func mealIsTakenFromTheTextOrTheTime() {
        #expect(MealKind.infer(from: "eggs for breakfast") == .breakfast)
        #expect(MealKind.infer(from: "soup at lunch") == .lunch)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let evening = Date(timeIntervalSince1970: 19 * 3600)
        #expect(MealKind.infer(from: "pasta", at: evening, calendar: calendar) == .dinner)
    }
}

import Foundation
