public import QuickLog

/// A day in the diary: its entries, their totals and the targets.
public struct FoodDayView: Codable, Sendable, Equatable {
    /// The day, `YYYY-MM-DD`.
    public var day: String
    /// The entries, in the order they were logged.
    public var entries: [FoodEntryView]
    /// What was eaten.
    public var totals: FoodTotalsView
    /// The daily targets.
    public var targets: FoodTotalsView

    /// The view of a day.
    public init(day: String, entries: [FoodEntryView], targets: DailyTargets) {
        self.day = day
        self.entries = entries
        totals = FoodTotalsView(
            NutritionFacts(
                kcal: entries.reduce(0) { $0 + $1.kcal }, protein: entries.reduce(0) { $0 + $1.protein },
                carbs: entries.reduce(0) { $0 + $1.carbs }, fat: entries.reduce(0) { $0 + $1.fat }))
        self.targets = FoodTotalsView(targets)
    }
}
