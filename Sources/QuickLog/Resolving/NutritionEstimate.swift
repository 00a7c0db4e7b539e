public import LanguageModels

/// A model's estimate of a food's energy and macros per 100 g. Always shown and stored as an estimate.
public struct NutritionEstimate: Generable, Sendable, Equatable {
    /// Kilocalories per 100 g.
    public var kcal: Double
    /// Protein grams per 100 g.
    public var protein: Double
    /// Carbohydrate grams per 100 g.
    public var carbs: Double
    /// Fat grams per 100 g.
    public var fat: Double

    /// Creates an estimate.
    public init(kcal: Double, protein: Double, carbs: Double, fat: Double) {
        self.kcal = kcal
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
    }

    /// The shape the decoder enforces: kcal 0–900, each macro 0–100 g.
    public static let generationSchema = GenerationSchema(
        type: "NutritionEstimate",
        description: "Typical nutrition per 100 grams of the food",
        properties: [
            .init("kcal", Double.self, description: "Kilocalories per 100 g", .range(0.0...900.0)),
            .init("protein", Double.self, description: "Protein grams per 100 g", .range(0.0...100.0)),
            .init("carbs", Double.self, description: "Carbohydrate grams per 100 g", .range(0.0...100.0)),
            .init("fat", Double.self, description: "Fat grams per 100 g", .range(0.0...100.0)),
        ])

    /// Builds an estimate from generated content.
    /// - Throws: ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when it does not decode.
    public init(_ content: GeneratedContent) throws {
        kcal = try content.value(forProperty: "kcal")
        protein = try content.value(forProperty: "protein")
        carbs = try content.value(forProperty: "carbs")
        fat = try content.value(forProperty: "fat")
    }

    /// Energy from the macros (4 kcal/g protein and carbohydrate, 9 kcal/g fat).
    public var energyFromMacros: Double { 4 * protein + 4 * carbs + 9 * fat }

    /// Whether the macros account for the energy within 20 %, and 100 g holds at most 100 g of macros.
    public var isConsistent: Bool {
        guard kcal > 0, protein + carbs + fat <= 100 else { return false }
        return abs(energyFromMacros - kcal) <= 0.2 * kcal
    }

    /// The estimate as facts per 100 g.
    public var per100g: NutritionFacts { NutritionFacts(kcal: kcal, protein: protein, carbs: carbs, fat: fat) }
}
