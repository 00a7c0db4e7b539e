/// One logged food.
public struct DiaryEntry: Sendable, Equatable, Codable {
    /// The diary's id (0 before saving).
    public var id: Int
    /// The day.
    public var day: String
    /// The meal.
    public var meal: MealKind
    /// The food's name as shown.
    public var name: String
    /// The person's words.
    public var mention: String
    /// The amount said, if any.
    public var quantity: Double?
    /// The unit said.
    public var unit: FoodUnit
    /// Grams eaten.
    public var grams: Double
    /// Energy and macros of those grams.
    public var nutrition: NutritionFacts
    /// Where the numbers came from.
    public var source: FoodSource
    /// The record id in that source.
    public var recordID: String
    /// Whether the numbers are a model estimate.
    public var isEstimate: Bool

    /// Creates an entry.
    public init(
        id: Int = 0, day: String, meal: MealKind, name: String, mention: String, quantity: Double?, unit: FoodUnit,
        grams: Double, nutrition: NutritionFacts, source: FoodSource, recordID: String, isEstimate: Bool
    ) {
        self.id = id
        self.day = day
        self.meal = meal
        self.name = name
        self.mention = mention
        self.quantity = quantity
        self.unit = unit
        self.grams = grams
        self.nutrition = nutrition
        self.source = source
        self.recordID = recordID
        self.isEstimate = isEstimate
    }

    /// An entry for a reviewed item; `nil` when it cannot be logged (unmatched).
    public init?(_ item: ResolvedFoodItem, day: DiaryDay, meal: MealKind) {
        guard item.isLoggable, let match = item.match else { return nil }
        self.init(
            day: day.text, meal: meal, name: match.source == .estimate ? item.parsed.name : match.name,
            mention: item.parsed.mention, quantity: item.parsed.quantity, unit: item.parsed.unit, grams: item.grams,
            nutrition: item.nutrition, source: match.source, recordID: match.recordID, isEstimate: item.isEstimate)
    }
}

/// Daily targets for energy and macros: the same four figures as the food's, so totals and
/// targets compare field by field.
public typealias DailyTargets = NutritionFacts

extension DailyTargets {
    /// Targets used until the user sets their own.
    public static let standard = DailyTargets(kcal: 2000, protein: 75, carbs: 250, fat: 70)
}

/// A food the user logged recently.
public struct RecentFood: Sendable, Equatable {
    /// Its name.
    public var name: String
    /// Where its numbers came from.
    public var source: FoodSource
    /// Its record id.
    public var recordID: String
    /// How many times it was logged.
    public var uses: Int
}
