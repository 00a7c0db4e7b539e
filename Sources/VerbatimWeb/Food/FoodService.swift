import Foundation
public import QuickLog

/// The food diary behind the web app: the same `QuickLog` the CLI's `verbatim food log` uses,
/// with reviews kept between requests. One actor, so every diary write from any tab is serialized.
public actor FoodService {
    private let quickLog: QuickLog
    private var reviews: [String: QuickLogReview] = [:]
    private var reviewOrder: [String] = []
    private static let keptReviews = 50

    /// Creates the service over a quick log (see ``standard(diaryPath:usesModel:)``).
    public init(quickLog: QuickLog) {
        self.quickLog = quickLog
    }

    /// The CLI's setup: the meal-parsing model reads the sentence, checked by the rules; the
    /// installed database matches; the default model estimates what nothing matched (no model at
    /// all with `usesModel: false`).
    /// - Throws: a `QuickLogError` when the diary cannot be opened.
    public static func standard(diaryPath: String = Diary.defaultPath(), usesModel: Bool = true) throws -> FoodService {
        let database = try? NutritionDatabase.installed()
        let parser = FoodParser(usesModel: usesModel, database: database)
        let estimator = usesModel ? NutritionEstimator() : nil
        return FoodService(
            quickLog: QuickLog(parser: parser, database: database, estimator: estimator, diary: try Diary(path: diaryPath)))
    }

    /// Whether the nutrition database is installed (without it only custom foods match).
    public var hasDatabase: Bool { quickLog.database != nil }

    // MARK: - Review

    /// Reads a description into a new review.
    public func analyze(_ text: String, meal: MealKind?, day: DiaryDay) async throws(WebError) -> FoodReviewView {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .badRequest("say what you ate") }
        let review = await quickLog.analyze(trimmed, day: day, meal: meal)
        if case .failed(let message) = review.step { throw .failed(message) }
        let id = UUID().uuidString
        keep(review, id: id)
        return FoodReviewView(id: id, review: review)
    }

    /// Changes an item's amount and unit.
    public func editAmount(review id: String, item: Int, quantity: Double, unit: FoodUnit) throws(WebError) -> FoodReviewView {
        try change(id) { review throws(QuickLogError) in try review.editAmount(item, quantity: quantity, unit: unit) }
    }

    /// Removes an item.
    public func remove(review id: String, item: Int) throws(WebError) -> FoodReviewView {
        try change(id) { review throws(QuickLogError) in try review.remove(item) }
    }

    /// Changes where the entries go.
    public func setMeal(review id: String, meal: MealKind) throws(WebError) -> FoodReviewView {
        try change(id) { review throws(QuickLogError) in review.meal = meal }
    }

    /// Other foods the database has for an item's words.
    public func candidates(review id: String, item: Int) throws(WebError) -> [FoodCandidateView] {
        let row = try row(id, item)
        return quickLog.resolver().otherMatches(row.item.parsed.name, limit: 6).map(FoodCandidateView.init)
    }

    /// Picks another food for an item (one of its ``candidates(review:item:)``, by record ID).
    public func chooseMatch(review id: String, item: Int, recordID: String) throws(WebError) -> FoodReviewView {
        let row = try row(id, item)
        guard let match = quickLog.resolver().otherMatches(row.item.parsed.name, limit: 6)
            .first(where: { $0.recordID == recordID })
        else { throw .notFound("food \(recordID) among the other matches") }
        return try change(id) { review throws(QuickLogError) in try review.chooseMatch(item, match) }
    }

    /// Writes the review's matched items in one transaction.
    public func save(review id: String) throws(WebError) -> FoodReviewView {
        guard var review = reviews[id] else { throw .notFound("review \(id)") }
        do {
            try quickLog.save(&review)
        } catch {
            reviews[id] = review
            throw .failed("\(error)")
        }
        reviews[id] = review
        return FoodReviewView(id: id, review: review)
    }

    // MARK: - Diary

    /// Deletes a saved entry (a correction); returns the day it was on, as it is now.
    /// - Throws: ``WebError/notFound(_:)`` for an unknown entry.
    public func deleteEntry(_ id: Int) throws(WebError) -> FoodDayView {
        do {
            let entry = try quickLog.diary.deleteEntry(id: id)
            return try day(DiaryDay(entry.day) ?? .today)
        } catch let error as QuickLogError {
            throw Self.webError(error)
        } catch {
            throw .failed("\(error)")
        }
    }

    /// Changes the grams of a saved entry (energy and macros follow); returns its day as it is now.
    /// - Throws: ``WebError/badRequest(_:)`` for grams out of range, ``WebError/notFound(_:)`` for
    ///   an unknown entry.
    public func changeGrams(ofEntry id: Int, to grams: Double) throws(WebError) -> FoodDayView {
        do {
            let entry = try quickLog.diary.changeGrams(ofEntry: id, to: grams)
            return try day(DiaryDay(entry.day) ?? .today)
        } catch let error as QuickLogError {
            throw Self.webError(error)
        } catch {
            throw .failed("\(error)")
        }
    }

    private static func webError(_ error: QuickLogError) -> WebError {
        switch error {
        case .notFound(let what): .notFound(what)
        case .invalidValue(let why): .badRequest(why)
        default: .failed(error.description)
        }
    }

    /// A day's entries, totals and targets.
    public func day(_ day: DiaryDay) throws(WebError) -> FoodDayView {
        do {
            return FoodDayView(
                day: day.text, entries: try quickLog.diary.entries(on: day).map(FoodEntryView.init),
                targets: try quickLog.diary.targets())
        } catch {
            throw .failed("\(error)")
        }
    }

    /// The seven days ending on `day`, with their totals.
    public func week(endingOn day: DiaryDay) throws(WebError) -> [FoodWeekDayView] {
        let calendar = Calendar.current
        let parts = day.text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3,
            let end = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))
        else { throw .badRequest("day \(day.text)") }
        do {
            let targets = try quickLog.diary.targets()
            return try (0..<7).reversed().map { back in
                let date = calendar.date(byAdding: .day, value: -back, to: end) ?? end
                let one = DiaryDay(date, calendar: calendar)
                return FoodWeekDayView(day: one.text, totals: try quickLog.diary.totals(on: one), targets: targets)
            }
        } catch {
            throw .failed("\(error)")
        }
    }

    /// The daily targets.
    public func targets() throws(WebError) -> DailyTargets {
        do { return try quickLog.diary.targets() } catch { throw .failed("\(error)") }
    }

    /// Sets the daily targets.
    public func setTargets(_ targets: DailyTargets) throws(WebError) -> DailyTargets {
        guard [targets.kcal, targets.protein, targets.carbs, targets.fat].allSatisfy({ $0 >= 0 && $0 < 100_000 }) else {
            throw .badRequest("targets must be between 0 and 100000")
        }
        do {
            try quickLog.diary.setTargets(targets)
            return targets
        } catch {
            throw .failed("\(error)")
        }
    }

    /// Adds a custom food (values per 100 g).
    public func addCustomFood(_ food: CustomFood) throws(WebError) -> CustomFood {
        guard !food.name.trimmingCharacters(in: .whitespaces).isEmpty else { throw .badRequest("the food needs a name") }
        do { return try quickLog.diary.addCustomFood(food) } catch { throw .failed("\(error)") }
    }

    /// Adds a recipe from ingredient lines ("200 g rice"), each resolved as `verbatim food recipe` does.
    public func addRecipe(name: String, servings: Double, ingredients: [String]) async throws(WebError) -> Recipe {
        guard servings > 0, servings < 1_000 else { throw .badRequest("servings must be between 0 and 1000") }
        let components = try await components(of: ingredients, for: name)
        do {
            return try quickLog.diary.addRecipe(Recipe(name: name, servings: servings, ingredients: components))
        } catch {
            throw .failed("\(error)")
        }
    }

    /// Saves a meal you often eat from item lines ("2 eggs"), each resolved as `verbatim food meal` does.
    public func addSavedMeal(name: String, items: [String]) async throws(WebError) -> SavedMeal {
        let components = try await components(of: items, for: name)
        do {
            return try quickLog.diary.addSavedMeal(SavedMeal(name: name, items: components))
        } catch {
            throw .failed("\(error)")
        }
    }

    private func components(of lines: [String], for name: String) async throws(WebError) -> [LibraryComponent] {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw .badRequest("give it a name") }
        let lines = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !lines.isEmpty else { throw .badRequest("list at least one item with its amount") }
        var result: [LibraryComponent] = []
        for line in lines {
            for item in await quickLog.resolveAddition(line) {
                guard let match = item.match else { throw .badRequest("nothing matched '\(item.parsed.mention)'") }
                result.append(
                    LibraryComponent(
                        name: match.name, source: match.source, recordID: match.recordID, grams: item.grams,
                        nutrition: item.nutrition))
            }
        }
        return result
    }

    // MARK: - Helpers

    private func keep(_ review: QuickLogReview, id: String) {
        reviews[id] = review
        reviewOrder.append(id)
        while reviewOrder.count > Self.keptReviews { reviews[reviewOrder.removeFirst()] = nil }
    }

    private func row(_ id: String, _ item: Int) throws(WebError) -> ReviewItem {
        guard let review = reviews[id] else { throw .notFound("review \(id)") }
        guard let row = review.items.first(where: { $0.id == item }) else { throw .notFound("item \(item)") }
        return row
    }

    private func change(
        _ id: String, _ edit: (inout QuickLogReview) throws(QuickLogError) -> Void
    ) throws(WebError) -> FoodReviewView {
        guard var review = reviews[id] else { throw .notFound("review \(id)") }
        do {
            try edit(&review)
        } catch {
            throw .badRequest(error.description)
        }
        reviews[id] = review
        return FoodReviewView(id: id, review: review)
    }
}
