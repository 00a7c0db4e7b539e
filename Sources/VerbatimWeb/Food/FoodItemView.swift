public import QuickLog

/// One review row as the page shows it: the person's words, the match and its source, the amount.
public struct FoodItemView: Codable, Sendable, Equatable {
    /// The row's ID within its review.
    public var id: Int
    /// The person's exact words for the item.
    public var mention: String
    /// The amount said, if any.
    public var quantity: Double?
    /// The unit (`FoodUnit` raw value).
    public var unit: String
    /// The food matched, if any.
    public var food: String?
    /// Where the match is from: "USDA SR28", "your custom food", "estimate: the on-device model's nearest USDA FNDDS food", …
    public var source: String?
    /// The record's ID in its source.
    public var recordID: String?
    /// `matched`, `amountUnknown`, `estimated` or `unmatched`.
    public var status: String
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
    /// What a portion assumes, when the record had no measure for the words said.
    public var assumption: String?
    /// Who read the item from the text: "the on-device model" or "Quick Log's rules".
    public var readBy: String

    /// The view of a review row.
    public init(_ row: ReviewItem) {
        let item = row.item
        id = row.id
        mention = item.parsed.mention
        quantity = item.parsed.quantity
        unit = item.parsed.unit.rawValue
        food = item.match?.name
        recordID = item.match?.recordID
        source = item.match.map(Self.sourceName)
        switch item.status {
        case .matched: status = "matched"
        case .amountUnknown: status = "amountUnknown"
        case .estimated: status = "estimated"
        case .unmatched: status = "unmatched"
        }
        grams = FoodNumbers.round1(item.grams)
        kcal = FoodNumbers.round1(item.nutrition.kcal)
        protein = FoodNumbers.round1(item.nutrition.protein)
        carbs = FoodNumbers.round1(item.nutrition.carbs)
        fat = FoodNumbers.round1(item.nutrition.fat)
        assumption = item.portionAssumption
        readBy = item.parsed.readBy.displayName
    }

    /// A match's source in words.
    static func sourceName(_ match: FoodMatch) -> String {
        switch match.source {
        case .usda: match.dataset?.displayName ?? "USDA"
        case .custom: "your custom food"
        case .recipe: "your recipe"
        case .savedMeal: "your saved meal"
        case .estimate: "estimate: the on-device model's nearest \(match.dataset?.displayName ?? "USDA") food"
        }
    }
}
