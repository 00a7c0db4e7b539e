public import QuickLog

/// One day of the week view: its totals against the targets.
public struct FoodWeekDayView: Codable, Sendable, Equatable {
    /// The day, `YYYY-MM-DD`.
    public var day: String
    /// What was eaten.
    public var totals: FoodTotalsView
    /// Energy as a share of the target (0 when there is no target).
    public var kcalShare: Double

    /// The view of a day's totals.
    public init(day: String, totals: NutritionFacts, targets: DailyTargets) {
        self.day = day
        self.totals = FoodTotalsView(totals)
        kcalShare = targets.kcal > 0 ? FoodNumbers.round1(totals.kcal / targets.kcal * 100) / 100 : 0
    }
}
