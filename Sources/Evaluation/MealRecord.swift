public import QuickLog

/// One line of a meals file (`eval/food/meals-dev.jsonl`, NutriBench's JSON Lines): a meal
/// description with its gold totals, `{"description", "kcal", "protein_g", "carbs_g", "fat_g", "style"}`,
/// and, where the data gives them, its gold foods (`"items": [{"name", "grams"}]`, FNDDS names).
/// A missing total counts as 0; other fields are ignored.
public struct MealRecord: Sendable, Equatable, Decodable {
    /// One gold food of a meal: its FNDDS description and grams.
    public struct GoldItem: Sendable, Equatable, Decodable {
        /// The database description.
        public var name: String
        /// Grams eaten.
        public var grams: Double

        /// Creates a gold item.
        public init(name: String, grams: Double) {
            self.name = name
            self.grams = grams
        }
    }

    /// What the person ate, as they said it.
    public var description: String
    /// The gold totals.
    public var gold: NutritionFacts
    /// The description's style (`metric`, `natural`, …), `all` when the line gives none.
    public var style: String
    /// The gold foods, empty when the line gives none.
    public var items: [GoldItem]

    /// Creates a record.
    public init(description: String, gold: NutritionFacts, style: String = "all", items: [GoldItem] = []) {
        self.description = description
        self.gold = gold
        self.style = style
        self.items = items
    }

    private enum CodingKeys: String, CodingKey {
        case description, style, kcal, items
        case protein = "protein_g"
        case carbs = "carbs_g"
        case fat = "fat_g"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        description = try container.decode(String.self, forKey: .description)
        style = try container.decodeIfPresent(String.self, forKey: .style) ?? "all"
        items = try container.decodeIfPresent([GoldItem].self, forKey: .items) ?? []
        func total(_ key: CodingKeys) throws -> Double { try container.decodeIfPresent(Double.self, forKey: key) ?? 0 }
        gold = NutritionFacts(kcal: try total(.kcal), protein: try total(.protein), carbs: try total(.carbs), fat: try total(.fat))
    }
}
