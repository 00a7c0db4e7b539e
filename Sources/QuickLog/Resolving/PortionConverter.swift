/// Turns an amount and unit into grams of a matched food: mass units exactly, volumes through the
/// food's own household measure or its density, counts and household portions through the
/// portion table.
public enum PortionConverter {
    /// Grams for an amount, and whether the default portion had to be used.
    /// - Parameters:
    ///   - quantity: The amount said, or `nil` when none was said (the default portion is used).
    ///   - unit: The unit said.
    ///   - match: The food, with its portions, default portion and density.
    public static func grams(quantity: Double?, unit: FoodUnit, match: FoodMatch) -> (grams: Double, amountUnknown: Bool) {
        guard let quantity else { return (match.defaultPortion.grams, true) }
        // "0 grams" is an amount: nothing.
        guard quantity > 0 else { return (0, false) }
        if let perUnit = unit.grams { return (quantity * perUnit, false) }
        if let milliliters = unit.milliliters {
            if let measure = volumePortion(unit, in: match.portions) { return (quantity * measure, false) }
            return (quantity * milliliters * (match.density ?? 1.0), false)
        }
        return (quantity * countPortion(unit, match: match), false)
    }

    /// Grams in one household volume measure the food lists for this unit ("tbsp" → 14.2 g).
    static func volumePortion(_ unit: FoodUnit, in portions: [Portion]) -> Double? {
        let names: [String] =
            switch unit {
            case .cup: ["cup"]
            case .tablespoon: ["tbsp", "tablespoon"]
            case .teaspoon: ["tsp", "teaspoon"]
            case .fluidOunce: ["fl oz"]
            default: []
            }
        for portion in portions {
            let name = portion.name.lowercased()
            // "cup" but not "cup, chopped" when a plainer measure exists; the first listed is SR28's main one.
            if names.contains(where: { name == $0 || name.hasPrefix($0 + " ") || name.hasPrefix($0 + ",") }) {
                return portion.grams
            }
        }
        return nil
    }

    /// Grams in one counted unit: the matching household measure, else the default portion.
    static func countPortion(_ unit: FoodUnit, match: FoodMatch) -> Double {
        let wanted: [String] =
            switch unit {
            case .slice: ["slice"]
            case .clove: ["clove"]
            case .head: ["head"]
            case .stalk: ["stalk"]
            case .stick: ["stick"]
            case .can: ["can"]
            case .bottle: ["bottle", "can or bottle"]
            case .package: ["package", "packet"]
            case .serving, .bowl, .glass, .scoop, .handful, .bunch, .sprig: ["serving"]
            case .piece: []
            default: []
            }
        for portion in match.portions {
            let name = portion.name.lowercased()
            if wanted.contains(where: { name.hasPrefix($0) }) { return portion.grams }
        }
        switch unit {
        case .glass: return 240 * (match.density ?? 1.0)
        case .bowl: return max(match.defaultPortion.grams, 250 * (match.density ?? 0.8))
        case .handful: return 30
        case .sprig: return 1
        case .piece:
            if match.viaAlias || match.source != .usda { return match.defaultPortion.grams }
            let countNames = ["medium", "large", "each", "piece", "item", "fruit", "whole"]
            if let portion = match.portions.first(where: { p in countNames.contains { p.name.lowercased().hasPrefix($0) } }) {
                return portion.grams
            }
            return match.defaultPortion.grams
        default: return match.defaultPortion.grams
        }
    }
}
