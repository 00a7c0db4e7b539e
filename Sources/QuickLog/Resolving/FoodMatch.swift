/// Where a food's numbers come from.
public enum FoodSource: String, Sendable, Codable, CaseIterable {
    /// A food the user defined.
    case custom
    /// One of the user's recipes.
    case recipe
    /// One of the user's saved meals.
    case savedMeal
    /// The USDA nutrition database (SR28 or FoodData Central; ``FoodMatch/dataset`` says which).
    case usda
    /// An on-device model estimate (always shown and stored as an estimate).
    case estimate
}

/// A household measure: its name and the grams in one of it.
public struct Portion: Sendable, Equatable, Codable {
    /// The measure's name ("large", "cup", "slice").
    public var name: String
    /// Grams in one.
    public var grams: Double

    /// Creates a portion.
    public init(name: String, grams: Double) {
        self.name = name
        self.grams = grams
    }
}

/// A food a parsed item was matched to, with what is needed to turn amounts into grams.
public struct FoodMatch: Sendable, Equatable {
    /// Where the numbers come from.
    public var source: FoodSource
    /// The record's id in its source (an NDB number for SR28).
    public var recordID: String
    /// The record's name.
    public var name: String
    /// Energy and macros per 100 g.
    public var per100g: NutritionFacts
    /// Household measures (SR28's WEIGHT table, or a serving).
    public var portions: [Portion]
    /// The portion used when no amount was said, or for "a"/"one" of it.
    public var defaultPortion: Portion
    /// Grams per millilitre, when known.
    public var density: Double?
    /// Whether the alias layer chose it.
    public var viaAlias: Bool
    /// The USDA dataset, for database foods.
    public var dataset: USDADataset?
    /// The USDA food group or category ("Soft drinks"), for database foods.
    public var category: String?
    /// How grams were found when the food lists no measure for the unit said ("cup: borrowed from
    /// 'Milk, whole'"), shown in review; `nil` when the food's own numbers were used.
    public var portionAssumption: String?

    /// Whether the numbers and measures are a USDA record's (matched, or standing in as an estimate).
    public var isDatabaseFood: Bool { dataset != nil }

    /// Creates a match.
    public init(
        source: FoodSource, recordID: String, name: String, per100g: NutritionFacts, portions: [Portion],
        defaultPortion: Portion, density: Double?, viaAlias: Bool = false, dataset: USDADataset? = nil,
        category: String? = nil
    ) {
        self.source = source
        self.recordID = recordID
        self.name = name
        self.per100g = per100g
        self.portions = portions
        self.defaultPortion = defaultPortion
        self.density = density
        self.viaAlias = viaAlias
        self.dataset = dataset
        self.category = category
    }
}
