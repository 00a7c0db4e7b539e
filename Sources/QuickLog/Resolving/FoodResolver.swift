/// Resolves parsed items through a fixed chain: the user's custom foods, recipes, saved meals,
/// then the nutrition database (alias layer first, then ranked full-text search, refusing matches
/// that change the dish), and a model estimate only when nothing matched.
public struct FoodResolver: Sendable {
    /// The user's own foods.
    public var library: FoodLibrary
    /// SR28, when installed.
    public var database: NutritionDatabase?
    /// The estimator for the last step, when a model is available.
    public var estimator: (any NutritionEstimating)?

    /// Creates a resolver.
    public init(library: FoodLibrary = .empty, database: NutritionDatabase?, estimator: (any NutritionEstimating)? = nil) {
        self.library = library
        self.database = database
        self.estimator = estimator
    }

    /// The first match in the chain without the model, or `nil`.
    public func match(_ name: String) -> FoodMatch? {
        exactMatch(name) ?? databaseCandidates(name, limit: 1).first
    }

    /// The user's library, then the alias layer: matches by name, before any search.
    func exactMatch(_ name: String) -> FoodMatch? {
        if let custom = library.customMatch(name) { return custom }
        if let recipe = library.recipeMatch(name) { return recipe }
        if let meal = library.savedMealMatch(name) { return meal }
        return database?.aliasMatch(for: name)
    }

    /// Ranked database matches good enough to stand for the name, best first (for "pick another match").
    ///
    /// A match must cover most of what was said (by word weight) and must not score below zero,
    /// so an unknown dish stays unmatched instead of becoming the nearest word.
    public func databaseCandidates(_ name: String, limit: Int = 5) -> [FoodMatch] {
        guard let database else { return [] }
        return database.rankedCandidates(name, limit: limit)
            .filter { $0.coverage >= Self.minimumCoverage && $0.score > Self.minimumScore && $0.headAgrees }
            .compactMap { database.food(id: $0.id) }
    }

    /// The share of a name's word weight a match must contain.
    static let minimumCoverage = 0.5
    /// The lowest ranking score a match may have.
    static let minimumScore = 0.0

    /// Resolves one item (deterministic steps, then the estimate).
    public func resolve(_ item: ParsedFoodItem) async -> ResolvedFoodItem {
        if let resolved = resolveWithoutModel(item) { return resolved }
        if let estimator, let estimate = await estimator.estimate(item.name) {
            let serving = Portion(name: "serving", grams: 100)
            let match = FoodMatch(
                source: .estimate, recordID: "", name: item.name, per100g: estimate.per100g, portions: [serving],
                defaultPortion: serving, density: nil)
            return .resolving(item, with: match)
        }
        return .unmatched(item)
    }

    /// Resolves one item with the deterministic steps only; `nil` when nothing matched.
    public func resolveWithoutModel(_ item: ParsedFoodItem) -> ResolvedFoodItem? {
        let names = Self.namesToTry(item)
        // Every name against the library and aliases first, then search: an exact name beats a ranking.
        for name in names {
            if let match = exactMatch(name) { return .resolving(item, with: match) }
        }
        for name in names {
            if let match = databaseCandidates(name, limit: 1).first { return .resolving(item, with: match) }
        }
        return nil
    }

    /// The parsed name, then (if different) the name read from the mention by the rules.
    static func namesToTry(_ item: ParsedFoodItem) -> [String] {
        var names = [item.name]
        if let fromMention = RuleBasedFoodParser().parseSegment(Substring(item.mention))?.name,
            FoodName.normalized(fromMention) != FoodName.normalized(item.name)
        {
            names.append(fromMention)
        }
        return names.filter { !$0.isEmpty }
    }
}
