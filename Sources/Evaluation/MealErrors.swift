public import QuickLog
import Foundation

/// The errors of predicted meal totals against gold ones: mean absolute errors of kcal and
/// macros, the mean kcal error relative to the gold kcal, and the share of meals whose carbohydrate
/// is within ``carbsTolerance`` grams (NutriBench's headline figure, Acc@7.5 g).
public struct MealErrors: Sendable, Equatable {
    /// The carbohydrate error, in grams, that still counts as right for ``carbsAccuracy``.
    public static let carbsTolerance = 7.5

    /// How many meals were scored.
    public var count: Int
    /// Mean absolute kcal error.
    public var kcalMAE: Double
    /// Mean of `|predicted − gold| / max(gold, 1)` over the meals' kcal (1 is 100 % of gold).
    public var relativeKcalError: Double
    /// The share of meals (0...1) whose carbohydrate error is at most ``carbsTolerance`` grams.
    public var carbsAccuracy: Double
    /// Mean absolute protein error in grams.
    public var proteinMAE: Double
    /// Mean absolute carbohydrate error in grams.
    public var carbsMAE: Double
    /// Mean absolute fat error in grams.
    public var fatMAE: Double
    /// Mean signed kcal error (`predicted − gold`): below 0 when meals are read too small.
    public var kcalBias: Double
    /// Median absolute kcal error (of an even count, the upper of the middle two).
    public var kcalMedianError: Double
    /// The share (0...1) of the summed absolute kcal error that comes from the worst tenth of
    /// the meals: near 0.1 when errors are even, near 1 when a few meals carry them.
    public var worstTenthShare: Double

    /// The errors over pairs of gold and predicted totals (all 0 when there are none).
    public init(_ pairs: [(gold: NutritionFacts, predicted: NutritionFacts)]) {
        let n = Double(max(pairs.count, 1))
        func mae(_ value: (NutritionFacts) -> Double) -> Double {
            pairs.map { abs(value($0.predicted) - value($0.gold)) }.reduce(0, +) / n
        }
        count = pairs.count
        kcalMAE = mae(\.kcal)
        relativeKcalError = pairs.map { abs($0.predicted.kcal - $0.gold.kcal) / max($0.gold.kcal, 1) }.reduce(0, +) / n
        carbsAccuracy = Double(pairs.filter { abs($0.predicted.carbs - $0.gold.carbs) <= Self.carbsTolerance }.count) / n
        proteinMAE = mae(\.protein)
        carbsMAE = mae(\.carbs)
        fatMAE = mae(\.fat)
        kcalBias = pairs.map { $0.predicted.kcal - $0.gold.kcal }.reduce(0, +) / n
        let errors = pairs.map { abs($0.predicted.kcal - $0.gold.kcal) }.sorted()
        kcalMedianError = errors.isEmpty ? 0 : Statistics.median(errors)
        let total = errors.reduce(0, +)
        let worst = errors.suffix((errors.count + 9) / 10).reduce(0, +)
        worstTenthShare = total > 0 ? worst / total : 0
    }

    /// One report line: `label`, kcal MAE and % of gold, carbs Acc@7.5g, and the macros' MAEs.
    public func line(_ label: String) -> String {
        String(
            format: "  %-24@ kcal MAE %6.1f (%5.1f %% of gold)  carbs Acc@7.5g %5.1f %%  MAE protein %5.1f g  carbs %5.1f g  fat %5.1f g",
            label, kcalMAE, 100 * relativeKcalError, 100 * carbsAccuracy, proteinMAE, carbsMAE, fatMAE)
    }

    /// How the kcal errors are spread: the mean signed error, the median absolute error and the
    /// worst tenth's share of the summed error (totals that say whether a few meals or all of
    /// them carry the MAE, and in which direction).
    public var spreadLine: String {
        String(
            format: "  %-24@ kcal bias %+6.1f  median error %6.1f  worst tenth of meals carry %4.1f %% of the error",
            "spread", kcalBias, kcalMedianError, 100 * worstTenthShare)
    }
}
