public import LanguageModels

/// The kinds of daily insight. The code decides which are true for today's numbers; the model
/// only picks one of those; the code writes the words.
public enum InsightKind: String, CaseIterable, Generable, Sendable {
    /// Nothing is logged today.
    case nothingLogged
    /// Energy within 85–110 % of target and no macro far over.
    case onTrack
    /// Protein under 80 % of target.
    case proteinLow
    /// Protein at or over target.
    case proteinMet
    /// Energy over 110 % of target.
    case overEnergy
    /// Energy under half the target.
    case underEnergy
    /// Fat over 115 % of target.
    case fatHigh
    /// Carbohydrate over 115 % of target.
    case carbsHigh

    /// The kinds that are true for a day's totals against its targets, most useful first.
    public static func valid(consumed: NutritionFacts, targets: DailyTargets) -> [InsightKind] {
        guard consumed.kcal > 0 else { return [.nothingLogged] }
        var kinds: [InsightKind] = []
        let energy = consumed.kcal / max(targets.kcal, 1)
        if energy > 1.1 { kinds.append(.overEnergy) }
        if consumed.fat > targets.fat * 1.15 { kinds.append(.fatHigh) }
        if consumed.carbs > targets.carbs * 1.15 { kinds.append(.carbsHigh) }
        if consumed.protein < targets.protein * 0.8 { kinds.append(.proteinLow) }
        if consumed.protein >= targets.protein { kinds.append(.proteinMet) }
        if energy < 0.5 { kinds.append(.underEnergy) }
        if (0.85...1.1).contains(energy), !kinds.contains(.fatHigh), !kinds.contains(.carbsHigh) { kinds.append(.onTrack) }
        if kinds.isEmpty { kinds.append(.onTrack) }
        return kinds
    }
}
