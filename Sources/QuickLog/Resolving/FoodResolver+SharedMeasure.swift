/// A measured amount weighs everything that was put in it.
extension FoodResolver {
    /// A weight or a cup said for a food holds the foods said with it that have no amount of their
    /// own: "a 480g submarine sandwich with crisp lettuce and fresh tomato" weighs 480 g in all,
    /// and "a cup of beef with potatoes and vegetables" fills one cup. Each such food keeps its row
    /// (its words are the person's, and its record is its own), but its grams come out of the
    /// measure instead of adding to it; together they take at most half of it, so the food that
    /// was measured stays the larger part. Only foods of the measured one's kind are inside it: a
    /// drink holds what is poured into it ("a cup of coffee with milk"), a food what tops or fills
    /// it ("200 g of yogurt with granola"), never the other ("a cup of cereal with milk" measures
    /// the cereal alone). A spoonful is too small to hold another food, so it holds none.
    /// - Parameter items: A text's resolved items, in the order they were said.
    /// - Returns: The items, with each measure's grams shared among what it holds.
    static func sharingMeasuredAmounts(_ items: [ResolvedFoodItem]) -> [ResolvedFoodItem] {
        var shared = items
        var index = 0
        while index < shared.count {
            let measured = shared[index]
            var end = index + 1
            guard let hostMatch = measured.match, Self.measuresAWhole(measured) else {
                index = end
                continue
            }
            let holdsDrinks = PortionConverter.kind(of: hostMatch) == .drink
            while end < shared.count, Self.isHeld(shared[end], inADrink: holdsDrinks) { end += 1 }
            let held = (index + 1)..<end
            let heldGrams = held.reduce(0) { $0 + shared[$1].grams }
            if !held.isEmpty, heldGrams > 0, measured.grams > 0 {
                let share = min(1, Self.largestHeldShare * measured.grams / heldGrams)
                for position in held {
                    shared[position].weigh(shared[position].grams * share, assumption: "inside the amount said for \"\(measured.parsed.mention)\"")
                }
                let left = measured.grams - heldGrams * share
                shared[index].weigh(left, assumption: "what is left of the amount said once the foods in it are weighed")
            }
            index = end
        }
        return shared
    }

    /// The most of a measured amount the foods inside it may take together.
    static let largestHeldShare = 0.5

    /// Whether the item's amount was said as a weight or a volume larger than a spoonful.
    static func measuresAWhole(_ item: ResolvedFoodItem) -> Bool {
        guard case .matched = item.status, item.parsed.quantity != nil else { return false }
        switch item.parsed.unit {
        case .tablespoon, .teaspoon, .pinch, .milligram: return false
        default: return !item.parsed.unit.isCount
        }
    }

    /// Whether the item was said with the food before it and without an amount, and is of its
    /// kind (a drink in a drink, a food in a food).
    static func isHeld(_ item: ResolvedFoodItem, inADrink: Bool) -> Bool {
        guard case .amountUnknown = item.status, let match = item.match, item.parsed.isSaidWithAnotherFood else { return false }
        return (PortionConverter.kind(of: match) == .drink) == inADrink
    }
}
