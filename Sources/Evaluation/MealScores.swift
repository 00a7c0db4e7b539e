import Foundation
public import QuickLog

/// Scoring whole meals: ``MealErrors`` per style and over all meals, next to two baselines
/// computed on the same meals (always the average gold meal, and always 0), with the unmatched
/// share and the time per meal.
public struct MealScores: Sendable {
    /// One scored meal.
    public struct Meal: Sendable {
        /// The meal's style (`metric`, `natural`, …; `all` when the data gives none).
        public var style: String
        /// The gold totals.
        public var gold: NutritionFacts
        /// The predicted totals.
        public var predicted: NutritionFacts
        /// Food items read from the meal.
        public var items: Int
        /// Items that matched no food.
        public var unmatched: Int
        /// Pieces of text the parser read as no food (shown in review as such).
        public var notFood: Int
        /// Parse and resolve time in seconds.
        public var seconds: Double
        /// How the items compare with the gold foods, when the data gives them.
        public var goldItems: GoldItemComparison?

        /// Creates a scored meal.
        public init(
            style: String, gold: NutritionFacts, predicted: NutritionFacts, items: Int, unmatched: Int, notFood: Int,
            seconds: Double, goldItems: GoldItemComparison? = nil
        ) {
            self.style = style
            self.gold = gold
            self.predicted = predicted
            self.items = items
            self.unmatched = unmatched
            self.notFood = notFood
            self.seconds = seconds
            self.goldItems = goldItems
        }
    }

    /// The meals scored so far, in order.
    public private(set) var meals: [Meal] = []

    /// Creates scores over these meals.
    public init(_ meals: [Meal] = []) {
        self.meals = meals
    }

    /// Adds a meal.
    public mutating func add(_ meal: Meal) {
        meals.append(meal)
    }

    /// The styles to report: each style when there are several, then `all`.
    public var groups: [(style: String, meals: [Meal])] {
        let styles = Set(meals.map(\.style)).sorted()
        return ((styles.count > 1 ? styles : []) + ["all"]).map { style in
            (style, style == "all" ? meals : meals.filter { $0.style == style })
        }
    }

    /// The mean gold totals over all meals (the average-meal baseline's prediction).
    public var averageGold: NutritionFacts {
        func mean(_ value: (NutritionFacts) -> Double) -> Double {
            meals.map { value($0.gold) }.reduce(0, +) / Double(meals.count)
        }
        return NutritionFacts(kcal: mean(\.kcal), protein: mean(\.protein), carbs: mean(\.carbs), fat: mean(\.fat))
    }

    /// The report: per group, Quick Log's errors, the two baselines', the unmatched items, the
    /// pieces read as no food and the time per meal (median and max).
    public var report: String {
        let average = averageGold
        var lines: [String] = []
        for (style, group) in groups {
            lines.append("[\(style): \(group.count) meals]")
            let errors = MealErrors(group.map { ($0.gold, $0.predicted) })
            lines.append(errors.line("quick log"))
            lines.append(errors.spreadLine)
            lines.append(MealErrors(group.map { ($0.gold, average) }).line("baseline: average meal"))
            lines.append(MealErrors(group.map { ($0.gold, .zero) }).line("baseline: always 0"))
            let items = group.map(\.items).reduce(0, +)
            let unmatched = group.map(\.unmatched).reduce(0, +)
            let notFood = group.map(\.notFood).reduce(0, +)
            let seconds = group.map(\.seconds).sorted()
            lines.append(String(
                format: "  unmatched food items %d of %d (%.1f %%); pieces read as no food %d; time per meal median %.1f ms, max %.1f ms",
                unmatched, items, 100 * Double(unmatched) / Double(max(items, 1)), notFood, 1000 * seconds[seconds.count / 2],
                1000 * (seconds.last ?? 0)))
            let compared = group.compactMap(\.goldItems)
            if !compared.isEmpty { lines.append(GoldItemComparison.line(compared)) }
        }
        return lines.joined(separator: "\n")
    }
}
