public import QuickLog

/// Energy and macros, rounded for display.
public struct FoodTotalsView: Codable, Sendable, Equatable {
    /// Energy in kcal.
    public var kcal: Double
    /// Protein in grams.
    public var protein: Double
    /// Carbohydrate in grams.
    public var carbs: Double
    /// Fat in grams.
    public var fat: Double

    /// Rounds nutrition facts (or daily targets).
    public init(_ facts: NutritionFacts) {
        kcal = FoodNumbers.round1(facts.kcal)
        protein = FoodNumbers.round1(facts.protein)
        carbs = FoodNumbers.round1(facts.carbs)
        fat = FoodNumbers.round1(facts.fat)
    }
}
