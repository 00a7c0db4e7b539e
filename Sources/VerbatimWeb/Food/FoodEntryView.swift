public import QuickLog

/// A saved diary entry as the day view shows it.
public struct FoodEntryView: Codable, Sendable, Equatable {
    /// The entry's ID in the diary.
    public var id: Int
    /// breakfast, lunch, dinner or snack.
    public var meal: String
    /// The food logged.
    public var name: String
    /// The person's words it was logged from.
    public var mention: String
    /// Grams of food.
    public var grams: Double
    /// Energy in kcal.
    public var kcal: Double
    /// Protein in grams.
    public var protein: Double
    /// Carbohydrate in grams.
    public var carbs: Double
    /// Fat in grams.
    public var fat: Double
    /// Whether the numbers are a model estimate.
    public var estimate: Bool

    /// The view of an entry.
    public init(_ entry: DiaryEntry) {
        id = entry.id
        meal = entry.meal.rawValue
        name = entry.name
        mention = entry.mention
        grams = FoodNumbers.round1(entry.grams)
        kcal = FoodNumbers.round1(entry.nutrition.kcal)
        protein = FoodNumbers.round1(entry.nutrition.protein)
        carbs = FoodNumbers.round1(entry.nutrition.carbs)
        fat = FoodNumbers.round1(entry.nutrition.fat)
        estimate = entry.isEstimate
    }
}
