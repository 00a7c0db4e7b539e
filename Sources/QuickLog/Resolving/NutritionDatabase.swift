public import Foundation
import VerbatimPaths
import Synchronization

/// The read-only USDA database setup builds (`$VERBATIM_CACHE/food/nutrition.sqlite`): SR28 and
/// FoodData Central foods with energy and macros per 100 g, household measures where USDA gives
/// them, and an FTS5 index over branded descriptions.
public final class NutritionDatabase: Sendable {
    private let connection: SQLiteDatabase
    private let indexCache = Mutex<FoodIndex?>(nil)
    /// The alias layer used before full-text search.
    public let aliases: FoodAliasTable
    /// The database file.
    public var path: String { connection.path }

    /// Opens a database file read-only.
    /// - Throws: ``QuickLogError/nutritionDatabaseMissing(_:)`` when the file does not exist.
    public init(path: String, aliases: FoodAliasTable = .bundled) throws(QuickLogError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .nutritionDatabaseMissing(path) }
        connection = try SQLiteDatabase(path: path, readOnly: true)
        self.aliases = aliases
        try connection.execute("PRAGMA query_only = ON")
    }

    /// The database setup recorded in `$VERBATIM_CACHE/nutrition.json`.
    /// - Throws: ``QuickLogError/nutritionDatabaseMissing(_:)`` when setup has not built it.
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) throws(QuickLogError)
        -> NutritionDatabase
    {
        guard let path = installedPath(environment: environment) else {
            throw .nutritionDatabaseMissing("no nutrition.json in the Verbatim cache")
        }
        return try NutritionDatabase(path: path)
    }

    /// The path recorded by setup, if any.
    public static func installedPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let manifest = VerbatimPaths(environment: environment).cacheFile("nutrition.json")
        guard let data = try? Data(contentsOf: manifest),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let path = object["nutritionDatabase"] as? String
        else { return nil }
        return path
    }

    /// The number of foods.
    public var foodCount: Int {
        (try? connection.query("SELECT count(*) FROM foods") { $0.int(0) }.first) ?? 0
    }

    /// One food by its record id: an SR28 NDB number ("01123") or a FoodData Central id ("fndds:17").
    public func food(ndb: String) -> FoodMatch? {
        if let id = Int(ndb) { return food(id: id) }
        let ids = try? connection.query("SELECT id FROM foods WHERE ndb = ?", [ndb]) { $0.int(0) }
        return ids?.first.flatMap { food(id: $0) }
    }

    /// One food by integer id (the NDB number without leading zeros for SR28), with its household measures.
    public func food(id: Int) -> FoodMatch? {
        let rows = try? connection.query(
            "SELECT ndb, description, kcal, protein, carbs, fat, dataset, group_name FROM foods WHERE id = ?", [id]
        ) { row in
            (row.text(0), row.text(1),
             NutritionFacts(
                kcal: row.optionalDouble(2) ?? 0, protein: row.optionalDouble(3) ?? 0,
                carbs: row.optionalDouble(4) ?? 0, fat: row.optionalDouble(5) ?? 0),
             USDADataset(rawValue: row.text(6)) ?? .sr28, row.text(7))
        }
        guard let (ndb, description, facts, dataset, category) = rows?.first else { return nil }
        let measures = (try? connection.query(
            "SELECT amount, description, grams FROM portions WHERE food_id = ? ORDER BY seq", [id]
        ) { row in (amount: row.double(0), name: row.text(1), grams: row.double(2)) }) ?? []
        let portions =
            measures.map { Portion(name: $0.name, grams: $0.grams / max($0.amount, 0.0001)) }
            + measures.compactMap { Self.countedPiece(in: $0.name, grams: $0.grams) }
        // The first measure as the record writes it is its serving ("3 oz" of steak, 85 g; "5
        // crackers"); the portions above weigh one unit each, for amounts said.
        let serving = measures.first.map { measure in
            Portion(name: measure.amount == 1 ? measure.name : "\(String(format: "%g", measure.amount)) \(measure.name)", grams: measure.grams)
        }
        return FoodMatch(
            source: .usda, recordID: ndb, name: description, per100g: facts, portions: portions,
            defaultPortion: serving ?? Portion(name: "100 g", grams: 100),
            density: Self.density(from: portions), dataset: dataset, category: category)
    }

    /// The food the alias layer names, with the alias's default portion and density.
    public func aliasMatch(for name: String) -> FoodMatch? {
        guard let alias = aliases.alias(for: name), var match = food(id: alias.foodID) else { return nil }
        match.defaultPortion = Portion(name: alias.portion, grams: alias.portionGrams)
        match.density = alias.density ?? match.density
        match.viaAlias = true
        return match
    }

    /// The best matches for a food name, best first, from every dataset.
    ///
    /// Generic foods (SR28, FNDDS, Foundation) are ranked by ``FoodIndex``; branded foods are searched
    /// only when the name holds a word no generic food has (a brand, most often), so they never
    /// drown generic ones.
    public func search(_ text: String, limit: Int = 10) -> [FoodMatch] {
        rankedCandidates(text, limit: limit).compactMap { food(id: $0.id) }
    }

    /// The best candidates with their ranking figures, one line each (for evaluations and debugging).
    public func explain(_ text: String, limit: Int = 5) -> [String] {
        rankedCandidates(text, limit: limit).map { scored in
            let name = food(id: scored.id)?.name ?? "?"
            return String(
                format: "%@ [%@] score %.2f coverage %.2f head %@ (matched %.2f, missing %.2f, unsaid %.2f)", name,
                scored.dataset.rawValue, scored.score, scored.coverage, scored.headAgrees ? "yes" : "no", scored.parts.matched,
                scored.parts.missing, scored.parts.extra)
        }
    }

    /// The ids and scores of the best matches.
    /// Whether a word names a food on its own: the whole first phrase of some food ("fish",
    /// "carrots", "beef"), compared as a stem.
    func isFoodWord(_ word: String) -> Bool {
        FoodIndex.stems(word).contains { index.foodWords.contains($0) }
    }

    func rankedCandidates(_ text: String, limit: Int) -> [FoodIndex.Scored] {
        let index = self.index
        let query = FoodIndex.Query(text)
        var results = index.search(query, limit: max(limit, 20))
        let unknown = query.words.filter { !index.knows($0) && $0.contains(where: \.isLetter) }
        if !unknown.isEmpty {
            results += brandedCandidates(query, index: index)
            results.sort { $0.rank > $1.rank }
        }
        return Array(results.prefix(limit))
    }

    /// Branded foods holding every word of the query (full-text search), scored like generic ones.
    private func brandedCandidates(_ query: FoodIndex.Query, index: FoodIndex) -> [FoodIndex.Scored] {
        let match = query.words.map { "\"\($0.replacingOccurrences(of: "\"", with: ""))\"" }.joined(separator: " ")
        let rows = (try? connection.query(
            """
            SELECT foods.id, foods.description FROM branded_fts JOIN foods ON foods.id = branded_fts.rowid
            WHERE branded_fts MATCH ? ORDER BY rank LIMIT 40
            """, [match]
        ) { row in (row.int(0), row.text(1)) }) ?? []
        return rows.map { id, description in
            index.score(FoodIndex.Entry(id: id, dataset: .branded, description: description), query: query)
        }
    }

    /// The first phrase of evenly spaced generic foods ("banana" from "Bananas, raw"), lower-cased:
    /// names for benchmarks.
    public func sampleNames(count: Int) -> [String] {
        guard count > 0 else { return [] }
        let descriptions = (try? connection.query(
            "SELECT description FROM foods WHERE dataset != 'branded' ORDER BY id") { $0.text(0) }) ?? []
        let step = max(1, descriptions.count / count)
        return stride(from: 0, to: descriptions.count, by: step).prefix(count).map {
            String(descriptions[$0].split(separator: ",").first ?? "").lowercased()
        }
    }

    /// Word pairs that generic food names join with "and" ("butter and jelly", "macaroni and
    /// cheese"), for the parser: an "and" between them is part of a name, not a list.
    public var joinedPairs: Set<String> {
        let descriptions = (try? connection.query(
            "SELECT description FROM foods WHERE dataset != 'branded' AND description LIKE '% and %'") { $0.text(0) }) ?? []
        var pairs = Set<String>()
        for description in descriptions {
            // The name itself (the first phrase) and a flavor ("Potato chips, sour cream and onion
            // flavored"): other later phrases list ingredients.
            let phrases = description.split(separator: ",").map { FoodName.normalized(String($0)).split(separator: " ") }
            for (number, words) in phrases.enumerated() where number == 0 || ["flavor", "flavored"].contains(words.last ?? "") {
                for index in words.indices.dropFirst().dropLast() where words[index] == "and" {
                    pairs.insert("\(words[index - 1]) and \(words[index + 1])")
                }
            }
        }
        return pairs
    }

    /// The phrases generic dish names serve a food on ("on white bread", "on wheat bun"), each with
    /// the stems of the dishes served so ("sandwich", "hamburger"), for the parser: "a peanut butter
    /// and jelly sandwich on wheat bread" is one food, the bread being the sandwich's, while
    /// "peanut butter on wheat bread" is two.
    public var servedOnPhrases: [String: Set<String>] {
        let descriptions = (try? connection.query(
            "SELECT description FROM foods WHERE dataset != 'branded' AND description LIKE '% on %'") { $0.text(0) }) ?? []
        var phrases: [String: Set<String>] = [:]
        for description in descriptions {
            let parts = description.split(separator: ",").map { FoodName.normalized(String($0)).split(separator: " ") }
            // The dish: the last word of the name's first phrase past a category ("Fast foods,
            // submarine sandwich, …").
            guard let name = parts.first(where: { !$0.isEmpty && !Set($0.map { FoodIndex.stem(String($0)) }).isSubset(of: FoodIndex.categoryWords) }),
                let dish = name.prefix(while: { $0 != "on" }).last
            else { continue }
            for words in parts {
                // "on white bread with lettuce and tomato": the words after "on", up to the next
                // "with" or "and".
                guard let on = words.firstIndex(of: "on") else { continue }
                let served = words[(on + 1)...].prefix { $0 != "with" && $0 != "and" }
                if !served.isEmpty { phrases["on " + served.joined(separator: " "), default: []].insert(FoodIndex.stem(String(dish))) }
            }
        }
        return phrases
    }

    /// The ranked index over generic foods, built on first use (about 13,000 descriptions).
    var index: FoodIndex {
        indexCache.withLock { cached in
            if let cached { return cached }
            let foods = (try? connection.query(
                "SELECT id, dataset, description FROM foods WHERE dataset != 'branded' ORDER BY id"
            ) { row in (id: row.int(0), dataset: USDADataset(rawValue: row.text(1)) ?? .sr28, description: row.text(2)) })
                ?? []
            let built = FoodIndex(foods: foods)
            cached = built
            return built
        }
    }

    /// Grams per millilitre from a cup or fluid-ounce measure.
    /// One of the pieces a measure counts after its unit ("oz, 2 links", 56 g: a link of 28 g),
    /// so the pieces can be weighed by the word a person says for them.
    static func countedPiece(in measure: String, grams: Double) -> Portion? {
        guard let counted = measure.split(separator: ", ").dropFirst().last else { return nil }
        let words = counted.split(separator: " ")
        guard words.count == 2, let count = Double(words[0]), count > 0, words[1].allSatisfy(\.isLetter) else { return nil }
        return Portion(name: String(words[1]), grams: grams / count)
    }

    static func density(from portions: [Portion]) -> Double? {
        if let cup = portions.first(where: { $0.name.lowercased().hasPrefix("cup") }) { return cup.grams / 236.588 }
        if let ounce = portions.first(where: { $0.name.lowercased().hasPrefix("fl oz") }) { return ounce.grams / 29.5735 }
        return nil
    }
}
