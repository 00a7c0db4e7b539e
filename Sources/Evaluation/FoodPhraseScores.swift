import Foundation
public import QuickLog

/// Scoring the food parser on labelled ingredient phrases (`food-phrases`): whether the first item's
/// name, quantity and unit match the label, and how many mentions are exact substrings of the input.
public struct FoodPhraseScores: Sendable {
    /// Phrases scored.
    public private(set) var total = 0
    /// Phrases whose first item has the gold name (see ``normalizedName(_:)``).
    public private(set) var nameCorrect = 0
    /// Phrases whose first item has the gold quantity (within 0.01; none for none).
    public private(set) var quantityCorrect = 0
    /// Phrases whose first item has the gold unit (a piece, a serving or none for none).
    public private(set) var unitCorrect = 0
    /// Items read from all phrases.
    public private(set) var mentions = 0
    /// Items whose mention is a substring of the phrase.
    public private(set) var exactMentions = 0
    /// Parses by source (rules, model, …).
    public private(set) var sources: [String: Int] = [:]

    /// Creates empty scores.
    public init() {}

    /// Adds one phrase with its gold name, quantity (as written in the file, see
    /// ``goldQuantity(_:)``) and unit.
    /// - Returns: whether name, quantity and unit were all right.
    @discardableResult
    public mutating func add(parse: FoodParse, input: String, name: String, quantity: String, unit: String) -> Bool {
        total += 1
        sources[parse.source.rawValue, default: 0] += 1
        for item in parse.items {
            mentions += 1
            if input.contains(item.mention) { exactMentions += 1 }
        }
        let first = parse.items.first
        var right = 0
        if let first, Self.normalizedName(first.name) == Self.normalizedName(name) {
            nameCorrect += 1
            right += 1
        }
        switch (Self.goldQuantity(quantity), first?.quantity) {
        case (nil, nil):
            quantityCorrect += 1
            right += 1
        case (let gold?, let predicted?) where abs(gold - predicted) < 0.01:
            quantityCorrect += 1
            right += 1
        default: break
        }
        let goldUnitWord = unit.split(separator: " ").first.map(String.init) ?? ""
        let predictedUnit = first?.unit
        if goldUnitWord.isEmpty {
            if predictedUnit == nil || predictedUnit == .piece || predictedUnit == .serving {
                unitCorrect += 1
                right += 1
            }
        } else if let gold = FoodUnit(word: goldUnitWord), gold == predictedUnit {
            unitCorrect += 1
            right += 1
        }
        return right == 3
    }

    /// The accuracies, the exact-substring share of mentions and the time per phrase.
    public func report(seconds: Double) -> String {
        func percent(_ n: Int, _ d: Int) -> String { String(format: "%.1f %%", d == 0 ? 0 : 100 * Double(n) / Double(d)) }
        let sourceText = sources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return """
            phrases: \(total)  (\(sourceText))
            name accuracy:     \(percent(nameCorrect, total))
            quantity accuracy: \(percent(quantityCorrect, total))
            unit accuracy:     \(percent(unitCorrect, total))
            exact-substring mentions: \(percent(exactMentions, mentions)) of \(mentions)
            time: \(String(format: "%.1f", seconds)) s (\(String(format: "%.1f", 1000 * seconds / Double(max(total, 1)))) ms per phrase)
            """
    }

    /// A gold quantity as the phrase files write it: `1#1$4` → 1.25, `#3$4` → 0.75, `0.5` → 0.5,
    /// `3-4` → 3.5 (the middle of a range); the first of several amounts; `nil` for none.
    public static func goldQuantity(_ text: String) -> Double? {
        guard let first = text.split(separator: " ").first else { return nil }
        if let hash = first.firstIndex(of: "#"), let dollar = first.firstIndex(of: "$") {
            let whole = Double(first[..<hash]) ?? 0
            guard let n = Double(first[first.index(after: hash)..<dollar]), let d = Double(first[first.index(after: dollar)...]),
                d > 0
            else { return nil }
            return whole + n / d
        }
        if first.contains("-") {
            let parts = first.split(separator: "-").compactMap { Double($0) }
            if parts.count == 2 { return (parts[0] + parts[1]) / 2 }
        }
        return Double(first)
    }

    /// A name for comparison: lowercased words of letters and digits, each made singular by
    /// English suffix rules (`leaves` → `leaf`, `berries` → `berry`, `tomatoes` → `tomato`, `eggs` → `egg`).
    public static func normalizedName(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { word -> String in
            var w = String(word)
            if w.hasSuffix("ves"), w.count > 4 { w = String(w.dropLast(3)) + "f" } else if w.hasSuffix("ies"), w.count > 4 {
                w = String(w.dropLast(3)) + "y"
            } else if w.hasSuffix("es"), w.count > 4,
                ["s", "x", "h", "o"].contains(w.dropLast(2).last ?? " ")
            {
                w = String(w.dropLast(2))
            } else if w.hasSuffix("s"), !w.hasSuffix("ss"), w.count > 3 { w = String(w.dropLast()) }
            return w
        }.joined(separator: " ")
    }
}
