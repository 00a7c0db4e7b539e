public import Foundation

/// The read-only USDA SR28 database setup builds (`$VERBATIM_CACHE/food/sr28.sqlite`): foods with
/// energy and macros per 100 g, household measures, and an FTS5 index over descriptions.
public final class NutritionDatabase: Sendable {
    private let connection: SQLiteDatabase
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

    /// The database setup recorded in `$VERBATIM_CACHE/food.json`.
    /// - Throws: ``QuickLogError/nutritionDatabaseMissing(_:)`` when setup has not built it.
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) throws(QuickLogError)
        -> NutritionDatabase
    {
        guard let path = installedPath(environment: environment) else {
            throw .nutritionDatabaseMissing("no food.json in the Verbatim cache")
        }
        return try NutritionDatabase(path: path)
    }

    /// The path recorded by setup, if any.
    public static func installedPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let cache = environment["VERBATIM_CACHE"]
            ?? ((environment["XDG_CACHE_HOME"] ?? home + "/.cache") + "/verbatim")
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: cache + "/food.json")),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let path = object["nutritionDatabase"] as? String
        else { return nil }
        return path
    }

    /// The number of foods.
    public var foodCount: Int {
        (try? connection.query("SELECT count(*) FROM foods") { $0.int(0) }.first) ?? 0
    }

    /// One food by NDB number, with its household measures.
    public func food(ndb: String) -> FoodMatch? {
        guard let id = Int(ndb) else { return nil }
        return food(id: id)
    }

    /// One food by integer id (the NDB number without leading zeros).
    public func food(id: Int) -> FoodMatch? {
        let rows = try? connection.query(
            "SELECT ndb, description, kcal, protein, carbs, fat FROM foods WHERE id = ?", [id]
        ) { row in
            (row.text(0), row.text(1),
             NutritionFacts(
                kcal: row.optionalDouble(2) ?? 0, protein: row.optionalDouble(3) ?? 0,
                carbs: row.optionalDouble(4) ?? 0, fat: row.optionalDouble(5) ?? 0))
        }
        guard let (ndb, description, facts) = rows?.first else { return nil }
        let portions = (try? connection.query(
            "SELECT amount, description, grams FROM portions WHERE food_id = ? ORDER BY seq", [id]
        ) { row in Portion(name: row.text(1), grams: row.double(2) / max(row.double(0), 0.0001)) }) ?? []
        return FoodMatch(
            source: .usda, recordID: ndb, name: description, per100g: facts, portions: portions,
            defaultPortion: portions.first ?? Portion(name: "100 g", grams: 100),
            density: Self.density(from: portions))
    }

    /// The food the alias layer names, with the alias's default portion and density.
    public func aliasMatch(for name: String) -> FoodMatch? {
        guard let alias = aliases.alias(for: name), var match = food(id: alias.foodID) else { return nil }
        match.defaultPortion = Portion(name: alias.portion, grams: alias.portionGrams)
        match.density = alias.density ?? match.density
        match.viaAlias = true
        return match
    }

    /// Foods whose descriptions contain every word of `text`, best first.
    ///
    /// Ranking: BM25 over the description, then a preference for foods whose first phrase
    /// ("Bananas" in "Bananas, raw") is the food asked for, for shorter descriptions and against
    /// baby foods and branded items.
    public func search(_ text: String, limit: Int = 10) -> [FoodMatch] {
        rankedIDs(text, limit: limit).compactMap { food(id: $0) }
    }

    /// The ids and descriptions of the best full-text matches.
    func rankedCandidates(_ text: String, limit: Int) -> [(id: Int, description: String)] {
        let words = Self.queryWords(text)
        guard !words.isEmpty else { return [] }
        var results = candidates(words)
        if results.isEmpty {
            let essential = words.filter { !Self.modifiers.contains($0) }
            if !essential.isEmpty, essential.count < words.count { results = candidates(essential) }
        }
        let stems = Set(words.map(FoodName.stem))
        let scored = results.map { candidate -> (Int, String, Double) in
            let lower = candidate.description.lowercased()
            let segments = lower.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let firstStems = Set((segments.first ?? "").split(separator: " ").map { FoodName.stem(String($0)) })
            var score = -candidate.rank
            if !firstStems.isDisjoint(with: stems) { score += 4 }
            if firstStems.isSubset(of: stems) { score += 2 }
            score -= Double(segments.count) * 0.4
            if segments.contains("raw") { score += 0.6 }
            if lower.hasPrefix("babyfood") || lower.contains("infant formula") { score -= 8 }
            if candidate.description.split(separator: " ").contains(where: { $0.count >= 3 && $0.allSatisfy { $0.isUppercase } }) {
                score -= 2
            }
            return (candidate.id, candidate.description, score)
        }
        return scored.sorted { $0.2 > $1.2 }.prefix(limit).map { ($0.0, $0.1) }
    }

    private func rankedIDs(_ text: String, limit: Int) -> [Int] { rankedCandidates(text, limit: limit).map(\.id) }

    private func candidates(_ words: [String]) -> [(id: Int, description: String, rank: Double)] {
        let query = words.map { "\"\($0)\"" }.joined(separator: " ")
        return (try? connection.query(
            """
            SELECT foods.id, foods.description, bm25(foods_fts, 10.0, 2.0) FROM foods_fts
            JOIN foods ON foods.id = foods_fts.rowid WHERE foods_fts MATCH ? ORDER BY rank LIMIT 60
            """, [query]
        ) { row in (row.int(0), row.text(1), row.double(2)) }) ?? []
    }

    static let stopWords: Set<String> = ["a", "an", "the", "of", "and", "with", "in", "on", "some", "my", "fresh"]
    static let modifiers: Set<String> = [
        "homemade", "home", "made", "grilled", "hot", "cold", "iced", "big", "small", "large", "medium", "plain",
        "organic", "leftover", "little", "warm", "tasty", "delicious", "quick", "fancy", "nice",
    ]

    static func queryWords(_ text: String) -> [String] {
        FoodName.normalized(text).replacingOccurrences(of: "'", with: " ").split(separator: " ").map(String.init)
            .filter { !stopWords.contains($0) && $0.contains(where: \.isLetter) && $0.count > 1 }
    }

    /// Grams per millilitre from a cup or fluid-ounce measure.
    static func density(from portions: [Portion]) -> Double? {
        if let cup = portions.first(where: { $0.name.lowercased().hasPrefix("cup") }) { return cup.grams / 236.588 }
        if let ounce = portions.first(where: { $0.name.lowercased().hasPrefix("fl oz") }) { return ounce.grams / 29.5735 }
        return nil
    }
}
