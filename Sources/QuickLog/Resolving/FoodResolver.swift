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
        return Self.offered(database.rankedCandidates(name, limit: limit + Self.rankingDepth)).prefix(limit)
            .compactMap { database.food(id: $0.id) }
    }

    /// How many ranked foods beyond those offered are read (for dish checks and borrowed measures).
    static let rankingDepth = 20

    /// The ranked foods good enough to offer, best first.
    static func offered(_ ranked: [FoodIndex.Scored]) -> [FoodIndex.Scored] {
        let good = ranked.filter {
            $0.coverage >= minimumCoverage && $0.score > minimumScore && $0.headAgrees && !$0.missesTheDish
                && !$0.replacesASaidFood
        }
        // A close second that keeps the dish beats a first that adds one ("Caesar salad" over "Caesar dressing").
        var first = good.first
        if let top = first, top.addsADish,
            let keeper = good.dropFirst().first(where: { !$0.addsADish && !$0.changesTheDish && $0.score >= top.score - 2 })
        {
            first = keeper
        }
        // The other matches offered in review must not be other dishes ("Peach pie" for "peach").
        return Array(first.map { [$0] } ?? []) + good.filter { $0.id != first?.id && !$0.changesTheDish && !$0.addsADish }
    }

    /// The share of a name's word weight a match must contain.
    static let minimumCoverage = 0.5
    /// The lowest ranking score a match may have.
    static let minimumScore = 0.0

    /// Resolves one item (deterministic steps, then the estimate).
    public func resolve(_ item: ParsedFoodItem) async -> ResolvedFoodItem {
        if let resolved = resolveWithoutModel(item) { return resolved }
        return await estimate(item.name).map { .resolving(item, with: $0) } ?? .unmatched(item)
    }

    /// Resolves a text's items: the deterministic steps for each, then the estimate for at most
    /// ``estimatesPerText`` different names nothing matched (a name said twice is estimated once).
    /// A pasted list of a thousand unknown lines cannot keep the model busy for minutes; the rest
    /// stay unmatched, with their other matches to pick from. A weight or a cup said for a food
    /// holds the foods said with it without an amount (``sharingMeasuredAmounts(_:)``), and a side
    /// dish said with a main one is a whole serving (``servingSidesWhole(_:)``).
    public func resolve(_ items: [ParsedFoodItem]) async -> [ResolvedFoodItem] {
        var estimates: [String: FoodMatch?] = [:]
        var resolved: [ResolvedFoodItem] = []
        for item in items {
            if let matched = resolveWithoutModel(item) {
                resolved.append(matched)
                continue
            }
            let key = FoodName.normalized(item.name)
            if !estimates.keys.contains(key), estimates.count < Self.estimatesPerText {
                estimates[key] = await estimate(item.name)
            }
            resolved.append((estimates[key] ?? nil).map { .resolving(item, with: $0) } ?? .unmatched(item))
        }
        return Self.sharingMeasuredAmounts(Self.servingSidesWhole(resolved))
    }

    /// Gives each side dish said with a main one its whole serving
    /// (``ResolvedFoodItem/isServedAsASide(beside:)``); the main is the last item before it that
    /// was not itself said with another food.
    static func servingSidesWhole(_ items: [ResolvedFoodItem]) -> [ResolvedFoodItem] {
        var main: ResolvedFoodItem?
        return items.map { item in
            guard item.parsed.isSaidWithAnotherFood else {
                main = item
                return item
            }
            guard let main, item.isServedAsASide(beside: main), let match = item.match else { return item }
            return .resolving(item.parsed, with: match, asASide: true)
        }
    }

    /// How many different unmatched names one text may send to the estimator (about a second each).
    public static let estimatesPerText = 8

    /// The estimator's pick among the nearby foods, as an estimate; `nil` without one.
    func estimate(_ name: String) async -> FoodMatch? {
        let nearby = estimateCandidates(name)
        guard let estimator, !nearby.isEmpty, let index = await estimator.nearest(to: name, among: nearby.map(\.name)),
            nearby.indices.contains(index)
        else { return nil }
        var match = withHouseholdMeasures(nearby[index], for: name)
        match.source = .estimate
        return match
    }

    /// The database foods an estimate may stand on when nothing matched: the best ranked foods
    /// that hold the word naming what was said (its head noun: "stew" in "homemade lentil stew",
    /// "ham" in "ham slathered in barbecue sauce"), one per distinct name, at most `limit`.
    public func nearbyFoods(_ name: String, limit: Int = estimateChoices) -> [FoodMatch] {
        nearbyFoods(name, limit: limit, within: nil)
    }

    /// The nearby foods the estimator chooses among: none ranked further below the first than one
    /// unsaid qualifier or dish word (``RankingWeights/unsaidQualifierOrDish``), so the model's
    /// pick is advice among foods the ranking holds about as close ("sausage roll" is no "Pork,
    /// pig's feet, pickled" when "Pig in a blanket" leads by far).
    func estimateCandidates(_ name: String) -> [FoodMatch] {
        nearbyFoods(name, limit: Self.estimateChoices, within: FoodIndex.weights.unsaidQualifierOrDish)
    }

    private func nearbyFoods(_ name: String, limit: Int, within margin: Double?) -> [FoodMatch] {
        guard let database else { return [] }
        var seen: Set<String> = []
        var foods: [FoodMatch] = []
        let candidates = database.rankedCandidates(name, limit: Self.rankingDepth).filter { $0.coverage > 0 && $0.holdsTheHeadNoun }
        let first = candidates.first?.rank ?? 0
        for scored in candidates {
            guard foods.count < limit, margin.map({ first - scored.rank <= $0 }) ?? true,
                let food = database.food(id: scored.id),
                seen.insert(FoodName.normalized(food.name)).inserted
            else { continue }
            foods.append(food)
        }
        return foods
    }

    /// How many nearby foods the estimator chooses among.
    public static let estimateChoices = 4

    /// The foods offered when the person asks for another match: the ranked matches, or, when
    /// the search refuses every food (an unmatched or estimated item), the nearby foods an
    /// estimate may stand on, so "pick another" is never a dead end while the database has a
    /// food holding the word.
    public func otherMatches(_ name: String, limit: Int) -> [FoodMatch] {
        let ranked = databaseCandidates(name, limit: limit)
        return ranked.isEmpty ? nearbyFoods(name, limit: limit) : ranked
    }

    /// Resolves one item with the deterministic steps only; `nil` when nothing matched: the name as
    /// said (``resolvedAsNamed(_:)``), else what it says last (``resolvedByWhatItSaysLast(_:)``).
    public func resolveWithoutModel(_ item: ParsedFoodItem) -> ResolvedFoodItem? {
        resolvedAsNamed(item) ?? resolvedByWhatItSaysLast(item)
    }

    /// The deterministic steps on the name as said. A dish no record names with what it holds is
    /// the food before its description ("a small tortilla filled with a delicious small fried
    /// steak" is a tortilla, not unmatched); "a sweet double stick Popsicle": a dish no record
    /// names with the words said before it (how it was made, who made it) is that dish as the
    /// database knows it, a record before an estimate.
    func resolvedAsNamed(_ item: ParsedFoodItem) -> ResolvedFoodItem? {
        if let resolved = resolveWithoutModel(item, names: Self.namesToTry(item)) { return resolved }
        let name = Self.nameBeforeDescription(item) ?? item.name
        if name != item.name, let resolved = resolving(item, as: name) { return resolved }
        guard let database, let dish = Self.dishSaid(name, in: database) else { return nil }
        return resolving(item, as: dish)
    }

    /// What a name says last when nothing matched it as said: the dish without the brand said
    /// before it ("a Taco Bell quesadilla": a brand the database writes records under, none of
    /// which is the dish said, says where the dish came from), else the food it names last
    /// (``foodSaidLast(_:in:)``). Not the food as said, so a rules' reading resting on it does not
    /// stand without the model (``FoodParser/isMatchedAsSaid(_:by:)``).
    func resolvedByWhatItSaysLast(_ item: ParsedFoodItem) -> ResolvedFoodItem? {
        guard let database else { return nil }
        let name = Self.nameBeforeDescription(item) ?? item.name
        if let unbranded = Self.withoutBrand(name, in: database), let resolved = resolving(item, as: unbranded) { return resolved }
        if let last = Self.foodSaidLast(name, in: database), let resolved = resolving(item, as: last) { return resolved }
        return Self.foodADishIsMadeOf(name, in: database).flatMap { resolving(item, as: $0) }
    }

    /// Dishes made mostly of the food named before them; read from `Resources/made-of-dishes.txt`.
    static let madeOfDishes: Set<String> = WordList.bundled("made-of-dishes").words

    /// The food a dish said last is made of (`Resources/made-of-dishes.txt`), said alone: "seaweed"
    /// for "seaweed salad", which no record names. `nil` when the last word is no such dish, the
    /// name links foods or says a word that changes the food (see ``foodSaidLast(_:in:)``), or the
    /// word before the dish names no food.
    static func foodADishIsMadeOf(_ name: String, in database: NutritionDatabase) -> String? {
        let words = FoodName.normalized(name).split(separator: " ").map(String.init)
        guard words.count > 1, let dish = words.last, madeOfDishes.contains(FoodIndex.stem(dish)),
            !linksFoods(words), !words.contains("or"), !saysAQualifier(words.dropLast()),
            let food = words.dropLast().last, database.isFoodWord(food)
        else { return nil }
        return words.dropLast().joined(separator: " ")
    }

    /// The item resolved under another name, keeping the item as parsed.
    private func resolving(_ item: ParsedFoodItem, as name: String) -> ResolvedFoodItem? {
        var named = item
        named.name = name
        guard var resolved = resolveWithoutModel(named, names: [name]) else { return nil }
        resolved.parsed = item
        return resolved
    }

    /// The name without the brand it opens with (``FoodIndex/brandPhrases``: "quesadilla" for
    /// "Taco Bell quesadilla"); `nil` when it opens with none or says nothing else.
    static func withoutBrand(_ name: String, in database: NutritionDatabase) -> String? {
        let words = FoodName.normalized(name).split(separator: " ")
        for length in stride(from: min(3, words.count - 1), through: 1, by: -1)
        where database.index.brandPhrases.contains(words.prefix(length).joined(separator: " ")) {
            return words.dropFirst(length).joined(separator: " ")
        }
        return nil
    }

    /// The food a name says last, said alone, when it is no dish ("frankfurter" for "cheese-filled
    /// frankfurter", "applesauce" for "Beech-Nut Stage 1 applesauce"): what is said before a food
    /// qualifies it, so the food is a record before an estimate. A dish word is what the food before
    /// it makes of it ("seaweed salad" is no lettuce salad; see ``dishSaid(_:in:)``). `nil` when the
    /// name is one word or links foods ("ham slathered in barbecue sauce", "a touch of fat", "bok
    /// choy over steamed jasmine rice"), says a word that changes what the food is or its energy
    /// (``FoodIndex/qualifiers``: "diet", "sugar free", "dried"), or its last word names no food or
    /// product, or a dish.
    static func foodSaidLast(_ name: String, in database: NutritionDatabase) -> String? {
        let said = name.lowercased().split(separator: " ")
        guard said.count > 1,
            !linksFoods(said.map(String.init)),
            case let normalized = FoodName.normalized(name).split(separator: " ").map(String.init), let head = normalized.last,
            !saysAQualifier(normalized.dropLast()),
            database.isFoodWord(head) || database.index.productNames.contains(FoodIndex.stem(head)),
            !FoodIndex.dishWords.contains(FoodIndex.stem(head))
        else { return nil }
        return head
    }

    /// Whether the words link foods ("and", "with", "in", "of", "over"): a name that does names
    /// more than the food it says last.
    private static func linksFoods(_ words: [String]) -> Bool {
        words.contains { ["of", "over"].contains($0) || FoodIndex.prepositions.contains($0) || FoodParser.linkWords.contains($0) }
    }

    /// Whether the words say something that changes what a food is or its energy
    /// (``FoodIndex/qualifiers``: "diet", "sugar free").
    private static func saysAQualifier(_ words: ArraySlice<String>) -> Bool {
        words.contains { FoodIndex.qualifiers.contains(FoodIndex.stem($0)) }
    }

    /// The dish a name says last, said alone, when no word before it names a food ("Popsicle" for
    /// "sweet double stick Popsicle"); `nil` when the last word is no dish word
    /// (`Resources/dish-words.txt`), is all the name says, or follows a link or another food:
    /// "ham slathered in barbecue sauce" is no sauce, "seaweed salad" no lettuce salad, "homemade
    /// lentil stew" no stew of any kind.
    static func dishSaid(_ name: String, in database: NutritionDatabase) -> String? {
        let words = FoodName.normalized(name).split(separator: " ").map(String.init)
        guard words.count > 1, let dish = name.split(separator: " ").last,
            FoodIndex.dishWords.contains(FoodIndex.stem(FoodName.normalized(String(dish)))),
            !words.contains(where: { FoodParser.linkWords.contains($0) || $0 == "in" || $0 == "or" }),
            !words.dropLast().contains(where: { database.isFoodWord($0) && !describingWords.contains($0) })
        else { return nil }
        return String(dish)
    }

    /// Cooking words that add fat; read from `Resources/frying-states.txt`.
    static let fryingStates: Set<String> = WordList.bundled("frying-states").words

    /// Words that only describe a food or comment on it ("sweet", "crispy"), whatever record they begin.
    private static let describingWords = RuleBasedFoodParser.describingWords.union(RuleBasedFoodParser.commentWords)

    private func resolveWithoutModel(_ item: ParsedFoodItem, names: [String]) -> ResolvedFoodItem? {
        // Every name against the library and aliases first, then search: an exact name beats a
        // ranking. The words said are an exact name too when the parser dropped a preparation word
        // that is part of a food's own name ("mashed potatoes" is not "potatoes", a baked potato).
        for name in Self.nameAsSaid(item).map({ [$0] + names }) ?? names {
            if let match = exactMatch(name) { return .resolving(item, with: withMeasuresOfTheSameFoodSpecified(match)) }
        }
        // "a grilled cheese", "fried rice": a food whose head holds the cooking word with every
        // other word said ("Grilled cheese sandwich", "Rice, fried") is that dish, not the food the
        // alias for the other words names (cheddar, plain cooked rice).
        if let database {
            for name in names {
                let said = FoodIndex.Query(name).words
                guard said.contains(where: FoodIndex.cookingStates.contains) else { continue }
                let ranked = database.rankedCandidates(name, limit: Self.rankingDepth)
                guard let best = Self.offered(ranked).first, let match = database.food(id: best.id) else { continue }
                let head = FoodIndex.head(match.name.split(separator: ","))
                if said.allSatisfy(head.contains) {
                    return .resolving(item, with: withHouseholdMeasures(match, ranked: ranked))
                }
            }
        }
        // "grilled chicken breast": the alias for "chicken breast" names the cooked food already. A
        // raw alias does not: "a poached egg" is not "Egg, whole, raw", "steamed broccoli" not
        // "Broccoli, raw" (the search finds the cooked record).
        // Nor does an alias whose record is not fried stand for a frying state ("fried chicken
        // thighs" are not the roasted thigh).
        for name in names {
            let words = name.split(separator: " ")
            let plain = words.filter { !FoodIndex.cookingStates.contains(FoodName.stem(String($0))) }
            let frying = words.filter { Self.fryingStates.contains($0.lowercased()) }
            if plain.count < words.count, !plain.isEmpty, let match = database?.aliasMatch(for: plain.joined(separator: " ")),
                !FoodIndex.stems(match.name).contains("raw"),
                frying.isEmpty || Self.fryingStates.contains(where: match.name.lowercased().contains)
            {
                return .resolving(item, with: match)
            }
        }
        guard let database else { return nil }
        for name in names {
            let ranked = database.rankedCandidates(name, limit: Self.rankingDepth)
            if let match = best(Self.offered(ranked), measuredAsDrink: Self.drinkMeasures.contains(item.unit)) {
                var measured = withHouseholdMeasures(match, ranked: ranked)
                if item.unit == .piece, item.quantity != nil { measured = withPieceWeight(measured, for: name) }
                return .resolving(item, with: measured)
            }
        }
        return nil
    }

    /// The first offered food, unless a drink was measured by volume or container and that food is
    /// the drink's dry or undiluted form (a drink or powder by ``HouseholdPortions/Kind``): a cup,
    /// glass or bottle holds the drink as drunk, so the first offered food that is not a dry form
    /// and carries less than half its energy per 100 g is chosen instead ("a cup of hot cocoa made from a mix" is hot cocoa, not 244 g of cocoa mix,
    /// 975 kcal). With no such food offered the first stands ("a cup of trail mix").
    func best(_ offered: [FoodIndex.Scored], measuredAsDrink: Bool) -> FoodMatch? {
        guard let database, let first = offered.first, let match = database.food(id: first.id) else { return nil }
        guard measuredAsDrink, Self.isDryForm(match.name),
            [.drink, .powder].contains(HouseholdPortions.Kind(category: match.category ?? "", description: match.name))
        else { return match }
        return offered.dropFirst().lazy.compactMap { database.food(id: $0.id) }
            .first { !Self.isDryForm($0.name) && $0.per100g.kcal < 0.5 * match.per100g.kcal } ?? match
    }

    /// Units that measure a drink as poured: volumes and the containers drinks come in.
    static let drinkMeasures: Set<FoodUnit> = [.cup, .glass, .bottle, .can, .fluidOunce, .milliliter, .liter, .pint, .quart, .gallon]

    /// Whether a food's description names a dry or undiluted form ("Cocoa mix, …", "Beverages,
    /// coffee, instant, regular, powder", "Fruit punch drink, frozen concentrate"), and not the
    /// food made up from it ("…, prepared with water", "Coffee, instant, reconstituted", "Orange
    /// juice, … from concentrate"). The words are in `Resources/dry-forms.txt` and
    /// `Resources/made-up-forms.txt`; "not" before a made-up word and "from" before a dry one
    /// turn them around ("Coffee, instant, not reconstituted").
    static func isDryForm(_ description: String) -> Bool {
        let words = FoodName.normalized(description).split(separator: " ").map(String.init)
        func said(_ list: Set<String>, unlessAfter negation: String) -> Bool {
            words.indices.contains { list.contains(words[$0]) && ($0 == 0 || words[$0 - 1] != negation) }
        }
        return said(dryForms, unlessAfter: "from") && !said(madeUpForms, unlessAfter: "not")
    }

    /// Words that name a dry or undiluted form of a food. Read from `Resources/dry-forms.txt`.
    static let dryForms: Set<String> = WordList.bundled("dry-forms").words
    /// Words that name a food made up from its dry form. Read from `Resources/made-up-forms.txt`.
    static let madeUpForms: Set<String> = WordList.bundled("made-up-forms").words

    /// A survey food (FNDDS lists no household measures in this data) with the measures of the
    /// closest SR28 food for the same name, so "a cup of" or "a medium" weigh what SR28 says; the
    /// borrowing is shown in review.
    public func withHouseholdMeasures(_ match: FoodMatch, for name: String) -> FoodMatch {
        guard let database else { return match }
        return withHouseholdMeasures(match, ranked: database.rankedCandidates(name, limit: Self.rankingDepth))
    }

    func withHouseholdMeasures(_ match: FoodMatch, ranked: [FoodIndex.Scored]) -> FoodMatch {
        guard let database, match.source == .usda, match.dataset != .sr28, match.portions.isEmpty else { return match }
        // The neighbour must name the same food closely and carry about the same energy per 100 g:
        // a cup of almonds says nothing about a cup of almond milk.
        guard let measured = ranked
            .filter({ $0.dataset == .sr28 && $0.headAgrees && $0.coverage >= 0.85 && !$0.changesTheDish && !$0.addsADish })
            .lazy.compactMap({ database.food(id: $0.id) })
            .first(where: { !$0.portions.isEmpty && Self.carriesAboutTheSameEnergy($0, as: match) })
        else { return withMeasuresOfTheSameFoodSpecified(match) }
        return Self.borrowing(measuresOf: measured, for: match)
    }

    /// `match` with the household measures, density and serving of `measured`, the borrowing
    /// named for review.
    static func borrowing(measuresOf measured: FoodMatch, for match: FoodMatch) -> FoodMatch {
        var borrowed = match
        borrowed.portions = measured.portions
        borrowed.density = measured.density
        borrowed.defaultPortion = measured.defaultPortion
        borrowed.portionAssumption = "household measures of SR28 '\(measured.name)'"
        return borrowed
    }

    /// A survey food still without household measures, with those of an SR28 record for the same
    /// food further specified: its description extends the survey food's ("Bread, naan" and
    /// "Bread, naan, plain, commercially prepared, refrigerated", a piece of 90 g; "French toast,
    /// NFS" and "French toast, frozen, ready-to-heat"), with about the same energy per 100 g. "a
    /// garlic naan" had weighed a typical 45 g serving of bread: the words said named no SR28 record.
    func withMeasuresOfTheSameFoodSpecified(_ match: FoodMatch) -> FoodMatch {
        guard let database, match.source == .usda, match.dataset != .sr28, match.portions.isEmpty else { return match }
        var base = match.name
        for unspecified in [", NFS", ", NS as to type"] where base.hasSuffix(unspecified) { base.removeLast(unspecified.count) }
        guard let measured = database.rankedCandidates(base, limit: Self.rankingDepth)
            .filter({ $0.dataset == .sr28 })
            .lazy.compactMap({ database.food(id: $0.id) })
            .first(where: { $0.name.hasPrefix(base + ", ") && !$0.portions.isEmpty && Self.carriesAboutTheSameEnergy($0, as: match) })
        else { return match }
        return Self.borrowing(measuresOf: measured, for: match)
    }

    /// A counted food whose record has no measure that counts pieces ("4 fried eggs": "Egg, whole,
    /// fried" lists none), with the piece of the alias for its last word ("egg": one large, 50 g):
    /// a count multiplies the weight of one piece, never a serving of the food's kind. Shown in
    /// review as an assumption. As for household measures, the alias's food must carry about the
    /// same energy per 100 g: "a california roll" is no dinner roll (it had weighed 25 g).
    func withPieceWeight(_ match: FoodMatch, for name: String) -> FoodMatch {
        guard let database, !PortionConverter.hasCountLikePortion(match), let head = Self.headNoun(of: name),
            let alias = database.aliasMatch(for: head), Self.carriesAboutTheSameEnergy(alias, as: match),
            let piece = alias.portions.first(where: { portion in Self.pieceNames.contains { portion.name.lowercased().hasPrefix($0) } })
        else { return match }
        var counted = match
        counted.portions.insert(piece, at: 0)
        counted.portionAssumption = "one piece weighs as SR28 '\(alias.name)', \(piece.name)"
        return counted
    }

    /// The head noun of a food's name: the last word before anything said with it or of it ("fried
    /// eggs with ham": eggs; "tacos al pastor": tacos; "garlic naan": naan).
    static func headNoun(of name: String) -> String? {
        let words = FoodName.normalized(name).split(separator: " ")
        return words.prefix(while: { !FoodIndex.prepositions.contains(String($0)) }).last.map(String.init)
    }

    /// Whether a food whose measures would be borrowed carries about the energy per 100 g of the
    /// match (within 35 %, or 14 kcal for the leanest foods).
    static func carriesAboutTheSameEnergy(_ other: FoodMatch, as match: FoodMatch) -> Bool {
        abs(other.per100g.kcal - match.per100g.kcal) <= 0.35 * max(match.per100g.kcal, 40)
    }

    /// Measures that weigh one piece.
    static let pieceNames = ["large", "medium", "small", "each", "piece", "item", "fruit", "whole", "slice"]

    /// The name with the preparation words said just before it in the mention, which the parser
    /// drops from a name ("mashed" in "mashed potatoes"); `nil` when there are none.
    static func nameAsSaid(_ item: ParsedFoodItem) -> String? {
        guard let range = item.mention.range(of: item.name, options: [.caseInsensitive, .backwards]) else { return nil }
        let prepared = item.mention[..<range.lowerBound].split(separator: " ").reversed()
            .prefix { RuleBasedFoodParser.preparationWords.contains($0.lowercased()) }
        guard !prepared.isEmpty else { return nil }
        return prepared.reversed().joined(separator: " ") + " " + item.name
    }

    /// The parsed name, then (if different) the name read from the mention by the rules, unless
    /// that one only leaves out foods the parsed name says ("we had tacos tonight three chicken
    /// tacos" reads "tacos", which is no "chicken tacos").
    static func namesToTry(_ item: ParsedFoodItem) -> [String] {
        var names = [item.name]
        if let fromMention = RuleBasedFoodParser().parseSegment(Substring(item.mention))?.name,
            FoodName.normalized(fromMention) != FoodName.normalized(item.name)
        {
            let read = Set(FoodParser.namingWords(fromMention)), parsed = Set(FoodParser.namingWords(item.name))
            guard !read.isStrictSubset(of: parsed) else { return [item.name] }
            names.append(fromMention)
        }
        return names.filter { !$0.isEmpty }
    }

    /// The name before a description of what the food holds ("tortilla" for "tortilla filled with
    /// a small fried steak"), tried when nothing matches the whole; `nil` when the name has none.
    static func nameBeforeDescription(_ item: ParsedFoodItem) -> String? {
        let words = item.name.split(separator: " ")
        guard let opening = words.firstIndex(where: { descriptionWords.contains($0.lowercased()) }), opening > 0 else { return nil }
        return words[..<opening].joined(separator: " ")
    }

    /// The description openings as words ("filled", "topped"), read once.
    private static let descriptionWords = Set(RuleBasedFoodParser.descriptionOpenings.map { $0.trimmingCharacters(in: .whitespaces) })
}
