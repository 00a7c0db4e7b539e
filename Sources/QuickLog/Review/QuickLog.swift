/// Quick Log: parse a description, resolve each item, present a review, and write only what the
/// user confirmed, in one diary transaction.
public final class QuickLog: Sendable {
    /// The parser (model with checks, rules as fallback).
    public let parser: FoodParser
    /// SR28, when installed.
    public let database: NutritionDatabase?
    /// The estimator for foods nothing matched, when a model is available.
    public let estimator: (any NutritionEstimating)?
    /// The diary.
    public let diary: Diary

    /// Creates a quick log.
    public init(parser: FoodParser, database: NutritionDatabase?, estimator: (any NutritionEstimating)?, diary: Diary) {
        self.parser = parser
        self.database = database
        self.estimator = estimator
        self.diary = diary
    }

    /// The resolver over the diary's current library.
    public func resolver() -> FoodResolver {
        FoodResolver(library: (try? diary.library()) ?? .empty, database: database, estimator: estimator)
    }

    /// Called when the user starts logging: prewarms the parser.
    public func startLogging() async { await parser.prewarm() }

    /// Frees the model sessions.
    public func release() { parser.release() }

    /// Analyzes a text into a review. Never throws: a failure is a `failed` step that keeps the text.
    public func analyze(_ text: String, day: DiaryDay = .today, meal: MealKind? = nil) async -> QuickLogReview {
        var review = QuickLogReview(text: text, meal: meal ?? MealKind.infer(from: text), day: day)
        do {
            try review.startAnalyzing()
            let parse = await parser.parse(text)
            review.parseSource = parse.source
            let resolver = resolver()
            var resolved = await resolver.resolve(parse.items)
            for piece in parse.unaccounted {
                resolved.append(.unmatched(ParsedFoodItem(mention: piece, name: piece, quantity: nil, unit: .serving)))
            }
            if resolved.isEmpty { throw QuickLogError.invalidValue("no food found in the text") }
            try review.present(resolved)
        } catch {
            review.fail("\(error)")
        }
        return review
    }

    /// Resolves a line the user adds in review ("and a banana").
    public func resolveAddition(_ text: String) async -> [ResolvedFoodItem] {
        await resolver().resolve(parser.parseWithRules(text).items)
    }

    /// Writes the confirmed entries in one transaction: review → logging → done, or failed.
    /// - Returns: the number of entries written.
    @discardableResult
    public func save(_ review: inout QuickLogReview) throws -> Int {
        let entries = try review.beginLogging()
        do {
            let saved = try diary.log(entries)
            try review.finish(count: saved.count)
            return saved.count
        } catch {
            review.fail("\(error)")
            throw error
        }
    }
}
