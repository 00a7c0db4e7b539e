/// Energy and macronutrients of an amount of food (or per 100 g, where a type says so).
public struct NutritionFacts: Sendable, Equatable, Codable {
    /// Energy in kilocalories.
    public var kcal: Double
    /// Protein in grams.
    public var protein: Double
    /// Carbohydrate (by difference) in grams.
    public var carbs: Double
    /// Total fat in grams.
    public var fat: Double

    /// Creates facts.
    public init(kcal: Double, protein: Double, carbs: Double, fat: Double) {
        self.kcal = kcal
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
    }

    /// Nothing.
    public static let zero = NutritionFacts(kcal: 0, protein: 0, carbs: 0, fat: 0)

    /// These facts (per 100 g) scaled to an amount in grams.
    public func scaled(toGrams grams: Double) -> NutritionFacts { self * (grams / 100) }

    /// Each value multiplied by a factor.
    public static func * (facts: NutritionFacts, factor: Double) -> NutritionFacts {
        NutritionFacts(
            kcal: facts.kcal * factor, protein: facts.protein * factor, carbs: facts.carbs * factor,
            fat: facts.fat * factor)
    }

    /// The sum of two sets of facts.
    public static func + (lhs: NutritionFacts, rhs: NutritionFacts) -> NutritionFacts {
        NutritionFacts(
            kcal: lhs.kcal + rhs.kcal, protein: lhs.protein + rhs.protein, carbs: lhs.carbs + rhs.carbs,
            fat: lhs.fat + rhs.fat)
    }
}
