import Foundation

/// A meal's items against its gold foods, where the data names them (NutriBench gives each gold
/// food's FNDDS description and grams): how many items were read, which gold records were found
/// exactly, and the portion given where the record was found. Summed over meals it tells a wrong
/// food from a wrong portion without reading any meal's error.
public struct GoldItemComparison: Sendable, Equatable {
    /// Gold foods in the meal.
    public var goldCount: Int
    /// Items read from the meal.
    public var itemCount: Int
    /// For each gold food whose record an item matched exactly (same description), the item's
    /// grams over the gold grams.
    public var portionRatios: [Double]

    /// Compares items, as (matched record's description, grams), with gold foods; each gold food
    /// is paired with at most one item of the same description.
    public init(items: [(record: String, grams: Double)], gold: [(name: String, grams: Double)]) {
        goldCount = gold.count
        itemCount = items.count
        var unpaired = items
        portionRatios = gold.compactMap { food in
            guard let index = unpaired.firstIndex(where: { $0.record == food.name }), food.grams > 0 else { return nil }
            return unpaired.remove(at: index).grams / food.grams
        }
    }

    /// One report line over meals: items per gold food, the share of gold foods whose record was
    /// found, and for those the median portion ratio and the share within 25 % of the gold grams.
    public static func line(_ meals: [GoldItemComparison]) -> String {
        let gold = meals.map(\.goldCount).reduce(0, +)
        let items = meals.map(\.itemCount).reduce(0, +)
        let ratios = meals.flatMap(\.portionRatios)
        let median = ratios.isEmpty ? 0 : Statistics.median(ratios)
        let close = ratios.filter { abs($0 - 1) <= 0.25 }.count
        return String(
            format: "  gold foods %d: items read %.2f per gold food; record found %.1f %%; where found, portion median %.2f × gold, within 25 %% %.1f %%",
            gold, Double(items) / Double(max(gold, 1)), 100 * Double(ratios.count) / Double(max(gold, 1)), median,
            100 * Double(close) / Double(max(ratios.count, 1)))
    }
}
