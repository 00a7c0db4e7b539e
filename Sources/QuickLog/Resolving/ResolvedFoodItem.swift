/// How a parsed item was resolved.
public enum ResolutionStatus: Sendable, Equatable {
    /// Matched a record, and the amount said was used.
    case matched(FoodSource, recordID: String)
    /// No record matched; an on-device estimate per 100 g is used (flagged as an estimate).
    case estimated
    /// Matched a record, but no amount was said: the default portion is used and flagged.
    case amountUnknown(FoodSource, recordID: String)
    /// Nothing matched and nothing could be estimated: the user has to pick or remove it.
    case unmatched
}

/// A parsed item with its match, grams and nutrition: one row of the review.
public struct ResolvedFoodItem: Sendable, Equatable {
    /// What the parser read.
    public var parsed: ParsedFoodItem
    /// How it was resolved.
    public var status: ResolutionStatus
    /// The food used, if any.
    public var match: FoodMatch?
    /// Grams of food.
    public var grams: Double
    /// Energy and macros of those grams.
    public var nutrition: NutritionFacts
    /// What the grams rest on when the record had no measure for the words said, for review.
    public var portionAssumption: String?

    /// Creates a resolved item.
    public init(parsed: ParsedFoodItem, status: ResolutionStatus, match: FoodMatch?, grams: Double, nutrition: NutritionFacts) {
        self.parsed = parsed
        self.status = status
        self.match = match
        self.grams = grams
        self.nutrition = nutrition
    }

    /// An item nothing could be matched to.
    public static func unmatched(_ parsed: ParsedFoodItem) -> ResolvedFoodItem {
        ResolvedFoodItem(parsed: parsed, status: .unmatched, match: nil, grams: 0, nutrition: .zero)
    }

    /// Resolves an item against a chosen food, computing grams from its amount.
    /// A food said with another and no amount of its own ("porridge with raspberries") is a
    /// topping or a side: half the portion it would have alone, and review says so. A spread or
    /// sauce keeps its portion, which is a topping's already ("toast with jam"), as does a dip or
    /// a garnish ("falafel with hummus": its two tablespoons), and so does a food
    /// whose serving is a spoonful ("a bagel with cream cheese": a tablespoon); a drink poured
    /// into another is a splash ("a coffee with milk").
    /// - Parameters:
    ///   - parsed: The item as read.
    ///   - match: The food chosen for it.
    ///   - asASide: Whether it is a side dish served beside a main one (``isServedAsASide(beside:)``):
    ///     then it keeps a whole serving, as the dish of its own it is.
    public static func resolving(_ parsed: ParsedFoodItem, with match: FoodMatch, asASide: Bool = false) -> ResolvedFoodItem {
        var estimate = PortionConverter.grams(
            quantity: parsed.quantity, unit: parsed.unit, match: match, size: HouseholdPortions.Size(mention: parsed.mention),
            name: parsed.name)
        if estimate.amountUnknown, parsed.company == .pouredIntoADrink {
            estimate.grams = splashMilliliters * (match.density ?? HouseholdPortions.Kind.drink.density)
            estimate.assumption = "a splash (\(Int(splashMilliliters)) ml), poured into the drink said with it"
        } else if estimate.amountUnknown, parsed.isSaidWithAnotherFood, !asASide, PortionConverter.kind(of: match) != .spread,
            PortionConverter.everydayServing(name: parsed.name, match: match) == nil,
            !PortionConverter.servesBySpoonful(match, grams: estimate.grams)
        {
            estimate.grams *= withAnotherFoodShare
            estimate.assumption = "half " + (estimate.assumption ?? "its usual serving") + ", said with another food"
        }
        let status: ResolutionStatus =
            match.source == .estimate
            ? .estimated
            : estimate.amountUnknown
                ? .amountUnknown(match.source, recordID: match.recordID) : .matched(match.source, recordID: match.recordID)
        var item = ResolvedFoodItem(
            parsed: parsed, status: status, match: match, grams: estimate.grams,
            nutrition: match.per100g.scaled(toGrams: estimate.grams))
        item.portionAssumption = estimate.assumption
        return item
    }

    /// Sets the grams and scales the nutrition with them, noting why in review (a measure shared
    /// with what it holds: ``FoodResolver/sharingMeasuredAmounts(_:)``).
    mutating func weigh(_ newGrams: Double, assumption: String) {
        guard let match else { return }
        grams = newGrams
        nutrition = match.per100g.scaled(toGrams: newGrams)
        portionAssumption = [portionAssumption, assumption].compactMap { $0 }.joined(separator: "; ")
    }

    /// Whether this item, said with `main` and without an amount, is a side dish served beside it
    /// rather than a topping or a filling: "salmon teriyaki with steamed rice and miso soup" is a
    /// plate of salmon, a bowl of rice and a bowl of soup, while "porridge with raspberries" and
    /// "pasta with spinach" hold a topping's share of the fruit and the greens. A side is a dish
    /// (rice, soup, potatoes, noodles, salad) or bread beside a main dish of meat, fish or a mixed
    /// dish, or vegetables beside meat or fish; it was said plainly "with" the main, not "topped",
    /// "drizzled" or "filled with".
    public func isServedAsASide(beside main: ResolvedFoodItem) -> Bool {
        guard case .amountUnknown = status, parsed.isSaidWithAnotherFood, !parsed.opensWithATopping, let match,
            let mainMatch = main.match
        else { return false }
        let mainKind = PortionConverter.kind(of: mainMatch)
        switch PortionConverter.kind(of: match) {
        case .mixedDish, .bread: return mainKind == .meat || mainKind == .mixedDish
        case .vegetable: return mainKind == .meat
        default: return false
        }
    }

    /// Millilitres of a drink poured into another when no amount was said ("a coffee with milk").
    public static let splashMilliliters = 30.0

    /// The share of its usual portion a food said with another gets when no amount was said.
    public static let withAnotherFoodShare = 0.5

    /// Whether the numbers are a model estimate.
    public var isEstimate: Bool { status == .estimated }
    /// Whether it can be written to the diary.
    public var isLoggable: Bool { status != .unmatched && match != nil }
}
