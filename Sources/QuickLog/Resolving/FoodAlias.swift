import Foundation

/// An everyday word for a food, pointing at one SR28 food with a default portion.
public struct FoodAlias: Sendable, Equatable {
    /// The word people say ("egg", "coffee").
    public var alias: String
    /// The SR28 NDB number, as written in SR28 ("01123").
    public var ndb: String
    /// The default portion, as SR28's household measure names it ("large", "cup (8 fl oz)").
    public var portion: String
    /// Grams in the default portion.
    public var portionGrams: Double
    /// Grams per millilitre, when SR28 gives a volume measure.
    public var density: Double?
    /// The SR28 description the NDB number stands for (tests check it against the database).
    public var sr28Description: String

    /// The NDB number as the database's integer id.
    public var foodID: Int { Int(ndb) ?? 0 }
}

/// The curated alias layer, loaded from `Resources/aliases.tsv`.
public struct FoodAliasTable: Sendable {
    /// Every alias, in file order.
    public let aliases: [FoodAlias]
    private let byName: [String: FoodAlias]
    /// Names that contain a word the rule parser splits on ("mac and cheese").
    public let namesContainingSeparators: [String]

    /// The table shipped with the package.
    public static let bundled: FoodAliasTable = {
        guard let url = Bundle.module.url(forResource: "aliases", withExtension: "tsv"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return FoodAliasTable(aliases: []) }
        return FoodAliasTable(tsv: text)
    }()

    /// Parses the tab-separated file (lines starting with `#` are comments).
    public init(tsv: String) {
        var aliases: [FoodAlias] = []
        for line in tsv.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 6, let grams = Double(fields[3]) else { continue }
            aliases.append(FoodAlias(
                alias: fields[0], ndb: fields[1], portion: fields[2], portionGrams: grams,
                density: Double(fields[4]), sr28Description: fields[5]))
        }
        self.init(aliases: aliases)
    }

    /// A table of the given aliases.
    public init(aliases: [FoodAlias]) {
        self.aliases = aliases
        var byName: [String: FoodAlias] = [:]
        // Keyed as names are looked up: "m&ms" is found as "m ms", "lemon-lime soda" as "lemon lime soda".
        for alias in aliases {
            let key = FoodName.normalized(alias.alias)
            if byName[key] == nil { byName[key] = alias }
        }
        self.byName = byName
        namesContainingSeparators = aliases.map(\.alias).filter(FoodName.holdsSeparator)
    }

    /// The alias for a name, trying it as written, then singular and plural forms.
    public func alias(for name: String) -> FoodAlias? {
        let key = FoodName.normalized(name)
        for candidate in FoodName.variants(of: key) {
            if let alias = byName[candidate] { return alias }
        }
        return nil
    }
}

/// Normalising food names for comparison.
enum FoodName {
    /// Lower-cased, accents removed, punctuation turned into spaces, single spaces.
    static func normalized(_ name: String) -> String {
        let mapped = withoutAccents(name.lowercased()).map { $0.isLetter || $0.isNumber || $0 == "'" ? $0 : " " }
        return String(mapped).split(separator: " ").joined(separator: " ")
    }

    /// Whether a name holds a word the parser splits on ("mac and cheese", "peaches with cream").
    static func holdsSeparator(_ name: String) -> Bool {
        name.split(separator: " ").contains { ["and", "with", "plus"].contains($0) }
    }

    /// The text with its accents removed: the database mostly writes food names without them
    /// ("Peppers, jalapenos"), so "jalapeños" or "crème brûlée" would find nothing as said.
    static func withoutAccents(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.folding(options: .diacriticInsensitive, locale: nil)
    }

    /// The name, then plausible singular/plural forms of its last word.
    static func variants(of name: String) -> [String] {
        var words = name.split(separator: " ").map(String.init)
        guard let last = words.popLast() else { return [name] }
        var forms = [last]
        if last.hasSuffix("ies") { forms.append(String(last.dropLast(3)) + "y") }
        if last.hasSuffix("oes") || last.hasSuffix("ches") || last.hasSuffix("shes") { forms.append(String(last.dropLast(2))) }
        if last.hasSuffix("s"), !last.hasSuffix("ss") { forms.append(String(last.dropLast())) }
        forms.append(last + "s")
        if last.hasSuffix("y") { forms.append(String(last.dropLast()) + "ies") }
        if last.hasSuffix("o") { forms.append(last + "es") }
        let prefix = words.joined(separator: " ")
        return forms.map { prefix.isEmpty ? $0 : prefix + " " + $0 }
    }

    /// Word stems for comparison ("eggs" → "egg").
    static func stem(_ word: String) -> String {
        var w = word.lowercased()
        if w.hasSuffix("ies"), w.count > 4 { w = String(w.dropLast(3)) + "y" } else if w.hasSuffix("oes") {
            w = String(w.dropLast(2))
        } else if ["ches", "shes", "sses", "xes"].contains(where: w.hasSuffix), w.count > 4 {
            // "sandwiches", "radishes", "glasses", "boxes": the plural of "sandwich", not "sandwiche".
            w = String(w.dropLast(2))
        } else if w.hasSuffix("s"), !w.hasSuffix("ss"), w.count > 3 { w = String(w.dropLast()) }
        // "quiche" and "quiches" ("quich"), as "peach" and "peaches".
        if w.hasSuffix("che"), w.count > 4 { w = String(w.dropLast()) }
        return w
    }
}
