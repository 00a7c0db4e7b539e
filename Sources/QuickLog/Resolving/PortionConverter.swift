/// Turns an amount and unit into grams of a matched food: mass units exactly, volumes through the
/// food's own household measure or its density, counts and household portions through the
/// portion table.
public enum PortionConverter {
    /// Grams for an amount, whether the default portion had to be used, and what was assumed.
    public struct Estimate: Sendable, Equatable {
        /// Grams of food.
        public var grams: Double
        /// Whether no amount was said and a default portion stands in.
        public var amountUnknown: Bool
        /// What the grams rest on when the record had no measure for the words said ("typical bottle
        /// of a drink"), shown in review; `nil` when the record's own numbers were used.
        public var assumption: String?
    }

    /// Grams for an amount of a matched food.
    /// - Parameters:
    ///   - quantity: The amount said, or `nil` when none was said (the default portion is used).
    ///   - unit: The unit said.
    ///   - match: The food, with its portions, default portion and density.
    ///   - size: A size word said with it ("large", "fun-size"), for counted units.
    ///   - name: The food's name as said ("sausage links"): a piece the record weighs by its last
    ///     word is counted by it.
    public static func grams(
        quantity: Double?, unit: FoodUnit, match: FoodMatch, size: HouseholdPortions.Size? = nil, name: String? = nil
    ) -> Estimate {
        let kind = kind(of: match)
        let unitName = unit == .piece ? "serving" : unit == .package ? "pack" : unit.rawValue
        let typical = "typical \(size.map { $0.displayName + " " } ?? "")\(unitName) of \(kind.displayName)"
        // "a diet coke", "two beers", "a glass of prosecco", "a large latte": one drink as it is
        // sold or poured, not a measuring cup; a container the record weighs itself ("can",
        // "glass") stays the record's.
        let serving = kind == .drink && !DrinkServing.weighsItsContainer(match) ? DrinkServing(named: [name, match.name].compactMap { $0 }) : nil
        if let serving, quantity ?? 1 > 0,
            quantity == nil || [.piece, .serving].contains(unit) || (unit == .glass && serving.sizing == .byTheGlass)
                || (unit == .cup && quantity == 1 && size != nil && serving.sizing == .byTheCup)
        {
            let milliliters = serving.milliliters(size)
            return Estimate(
                grams: (quantity ?? 1) * milliliters * (match.density ?? HouseholdPortions.Kind.drink.density), amountUnknown: quantity == nil,
                assumption: "one \(size.map { $0.displayName + " " } ?? "")\(serving.phrase) as served (\(Int(milliliters)) ml)")
        }
        // "chips and guacamole", "roast beef with gravy", "pho with thai basil": a dip, sauce or
        // garnish said without a measure is its everyday serving, not a spread's tablespoon nor
        // 100 g (the record must be that food: "roast beef with gravy" read as one is the beef).
        if quantity == nil || (quantity == 1 && [.piece, .serving].contains(unit)), let everyday = everydayServing(name: name, match: match) {
            return Estimate(
                grams: everyday.grams, amountUnknown: quantity == nil, assumption: "a serving of \(everyday.phrase) (\(Int(everyday.grams)) g)")
        }
        guard let quantity else {
            // No amount: a typical serving, unless the record is SR28's own (its first measure is its serving).
            let servingKind = kind.servingKind(category: match.category ?? "")
            if usesHouseholdPortions(match) || match.portionAssumption != nil,
                let household = householdGrams(for: .serving, match: match, kind: servingKind, size: size)
            {
                return Estimate(
                    grams: household.grams, amountUnknown: true,
                    assumption: household.assumption ?? "typical serving of \(servingKind.displayName)")
            }
            // "steak with asparagus": a vegetable or fruit whose serving is one small piece (a spear,
            // a berry) is a serving of its kind when no amount, not even "a", was said.
            if kind == .vegetable || kind == .fruit, isCountLike(match.defaultPortion), !saysSeveral(match.defaultPortion),
                let typical = HouseholdPortions.grams(for: .serving, kind: kind, size: nil), 2 * match.defaultPortion.grams < typical
            {
                return Estimate(grams: typical, amountUnknown: true, assumption: "typical serving of \(kind.displayName)")
            }
            // "scrambled eggs", "crackers": a plural said without a number is more than the one piece
            // the record weighs, when that piece is less than a serving of its kind ("apples" stay one).
            if let name, isCountLike(match.defaultPortion), !saysSeveral(match.defaultPortion), namesSeveral(name),
                let typical = HouseholdPortions.grams(for: .serving, kind: kind, size: nil), match.defaultPortion.grams < typical
            {
                return Estimate(
                    grams: 2 * match.defaultPortion.grams, amountUnknown: true,
                    assumption: "a serving of two pieces (the record's \(match.defaultPortion.name)), for a plural said without a number")
            }
            // A cup is no serving of a food that dense: "walnuts" or "raisins" said alone are not 765 or
            // 493 kcal. The serving assumed holds an eighth of a day's energy at most.
            let serving = match.defaultPortion
            let energy = match.per100g.kcal * serving.grams / 100
            if match.isDatabaseFood, isCup(serving), energy > servingEnergyLimit {
                return Estimate(
                    grams: serving.grams * servingEnergyLimit / energy, amountUnknown: true,
                    assumption: "a serving of \(Int(servingEnergyLimit)) kcal, less than the record's \(serving.name)")
            }
            // "pan fried tofu", "fried chicken thighs": a record whose first measure is only a
            // weight ("oz", "unit (yield from 1 lb …)") names no serving; its kind's serving stands,
            // holding at most an eighth of a day's energy (an ounce of peanuts stays an ounce).
            if match.isDatabaseFood, isBareWeight(serving), match.per100g.kcal > 0,
                let household = householdGrams(for: .serving, match: match, kind: kind, size: size)
            {
                let grams = max(serving.grams, min(household.grams, servingEnergyLimit * 100 / match.per100g.kcal))
                return Estimate(grams: grams, amountUnknown: true, assumption: household.assumption ?? "typical serving of \(kind.displayName)")
            }
            // "large fries": a size said without an amount is the record's measure of that size, or
            // its serving scaled, as "a large order of fries" is.
            if let size, kind != .drink {
                if let sized = match.portions.first(where: size.names) {
                    return Estimate(grams: sized.grams, amountUnknown: true, assumption: match.portionAssumption)
                }
                if HouseholdPortions.Size(mention: serving.name) == nil {
                    return Estimate(grams: serving.grams * size.factor, amountUnknown: true, assumption: "\(size.displayName) serving")
                }
            }
            return Estimate(grams: serving.grams, amountUnknown: true, assumption: match.portionAssumption)
        }
        // "0 grams" is an amount: nothing.
        guard quantity > 0 else { return Estimate(grams: 0, amountUnknown: false) }
        if let perUnit = unit.grams { return Estimate(grams: quantity * perUnit, amountUnknown: false) }
        if let milliliters = unit.milliliters {
            // "a medium cup of coffee": a drink's size says more than "cup".
            if unit == .cup, let size, quantity == 1, kind == .drink {
                let grams = HouseholdPortions.drinkSize(size) * (match.density ?? HouseholdPortions.Kind.drink.density)
                return Estimate(grams: grams, amountUnknown: false, assumption: "typical \(size.displayName) drink")
            }
            if let measure = volumePortion(unit, in: match.portions) {
                return Estimate(grams: quantity * measure, amountUnknown: false, assumption: match.portionAssumption)
            }
            // Without a known density: water's for the person's own foods, the kind's for database foods.
            if let density = match.density {
                return Estimate(grams: quantity * milliliters * density, amountUnknown: false, assumption: match.portionAssumption)
            }
            guard match.isDatabaseFood else { return Estimate(grams: quantity * milliliters, amountUnknown: false) }
            return Estimate(
                grams: quantity * milliliters * kind.density, amountUnknown: false,
                assumption: "typical density of \(kind.displayName)")
        }
        // "a large cola", "a small coffee": a drink said by its size alone is a drink of that size,
        // as "a medium cup of coffee" is, whatever single measure its record or alias lists.
        if unit == .piece || unit == .serving, let size, kind == .drink {
            let grams = HouseholdPortions.drinkSize(size) * (match.density ?? HouseholdPortions.Kind.drink.density)
            return Estimate(grams: quantity * grams, amountUnknown: false, assumption: "typical \(size.displayName) drink")
        }
        // "25 grapes", "30 almonds", "15 potato chips": a count of pieces multiplies one piece, not
        // the everyday serving a word stands for when that serving is a measure ("cup", "oz") or
        // several pieces ("10 strip" of fries). A plural counted once ("a fries") is that serving.
        let countsPieces = unit == .piece && size == nil && (!match.viaAlias || quantity != 1 || name.map(namesSeveral) == false)
        if countsPieces, let name, let piece = namedPiece(name, match: match, kind: kind) {
            return Estimate(grams: quantity * piece, amountUnknown: false)
        }
        if countsPieces, match.viaAlias, kind != .drink, !isOnePiece(match.defaultPortion) {
            let piece = onePiece(of: match, kind: kind)
            return Estimate(grams: quantity * piece.grams, amountUnknown: false, assumption: piece.assumption)
        }
        // "a sub" is the record's "6 inch sub", not one inch of it; "a footlong" is a large one.
        if unit == .piece, match.isDatabaseFood, !match.viaAlias, isLength(match.defaultPortion) {
            return Estimate(
                grams: quantity * match.defaultPortion.grams * (size?.factor ?? 1), amountUnknown: false,
                assumption: size.map { "\($0.displayName) size of the record's \(match.defaultPortion.name)" })
        }
        // A record without a measure for this unit: the household portion for its kind, not its first
        // measure. A container or a slice is that too when an everyday word named the food: "a bag of
        // goldfish" is a bag of crackers, not the "10 goldfish" the word serves, "a bottle of water" a
        // bottle, not the word's cup, "2 slices of turkey" two slices, not two of the word's 3 oz.
        if !match.viaAlias || [.package, .bottle, .can, .slice].contains(unit), match.isDatabaseFood,
            !hasCountPortion(unit, match: match),
            usesHouseholdPortions(match) || unit != .piece || !hasCountLikePortion(match),
            let household = householdGrams(for: unit, match: match, kind: kind, size: size)
        {
            return Estimate(grams: quantity * household.grams, amountUnknown: false, assumption: household.assumption ?? typical)
        }
        // "a large order of fries", "a large glass of wine", "a small bowl of soup": a size said
        // with what a serving comes in scales it, unless the measure has a size of its own.
        if [.serving, .glass, .bowl].contains(unit), let size, HouseholdPortions.Size(mention: match.defaultPortion.name) == nil,
            !match.portions.contains(where: { size.names($0) })
        {
            return Estimate(
                grams: quantity * countPortion(unit, match: match) * size.factor, amountUnknown: false,
                assumption: "\(size.displayName) \(unit == .serving ? "serving" : unit.rawValue)")
        }
        return Estimate(
            grams: quantity * countPortion(unit, match: match, size: size), amountUnknown: false,
            assumption: match.portionAssumption)
    }

    /// Whether a measure is only a weight, no serving: "oz", "lb", or what a pound of raw food
    /// yields ("unit (yield from 1 lb ready-to-cook chicken)").
    static func isBareWeight(_ portion: Portion) -> Bool {
        let name = portion.name.lowercased()
        return ["oz", "lb", "g", "1 oz", "1 lb"].contains(name) || name.hasPrefix("unit (yield")
    }

    /// The dip, sauce or garnish a food said is, with its everyday serving: its name ends with a
    /// listed phrase and the record is that food ("Gravy, NFS"), not a dish served with it ("roast
    /// beef with gravy" read as one food, "Beef, roast").
    static func everydayServing(name: String?, match: FoodMatch) -> (phrase: String, grams: Double)? {
        guard let name = name.map(FoodName.normalized), !match.name.lowercased().contains(" with "),
            let everyday = everydayServings.first(where: { name == $0.phrase || name.hasSuffix(" " + $0.phrase) }),
            let last = everyday.phrase.split(separator: " ").last, FoodIndex.stems(match.name).contains(FoodIndex.stem(String(last)))
        else { return nil }
        return everyday
    }

    /// Dips, sauces, herbs and garnishes with their everyday serving in grams. Read from
    /// `Resources/everyday-servings.tsv`.
    static let everydayServings: [(phrase: String, grams: Double)] = WordMap.bundled("everyday-servings").entries.compactMap { entry in
        entry.replacements.first.flatMap(Double.init).map { (FoodName.normalized(entry.word), $0) }
    }

    /// Whether a food's name, as said, names several pieces: its head noun is a plural ("scrambled
    /// eggs", "crackers"), not a word that only ends in s ("hummus", "asparagus", "swiss").
    static func namesSeveral(_ name: String) -> Bool {
        guard let head = FoodIndex.Query(name).headNoun ?? FoodName.normalized(name).split(separator: " ").last.map(String.init)
        else { return false }
        let said = FoodName.normalized(name).split(separator: " ").map(String.init)
        guard let word = said.last(where: { FoodIndex.stem($0) == head || $0 == head }) else { return false }
        return word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") && !word.hasSuffix("us") && !word.hasSuffix("is")
    }

    /// The number a measure's name opens with ("10" in "10 strip", "0.5" in "0.5 cup"), if any.
    static func leadingCount(_ portion: Portion) -> Double? {
        portion.name.split(separator: " ").first.flatMap { Double($0) }
    }

    /// Whether a measure already counts several pieces ("10 strip").
    static func saysSeveral(_ portion: Portion) -> Bool {
        (leadingCount(portion) ?? 1) > 1
    }

    /// The most energy a serving assumed for a food said without an amount may hold when the
    /// record's first measure is a cup: an eighth of a 2,000 kcal day.
    static let servingEnergyLimit = 250.0

    /// Whether the grams assumed for a food said without an amount are its record's serving and
    /// that serving is a spoonful ("tbsp" of cream cheese): a topping's portion already.
    static func servesBySpoonful(_ match: FoodMatch, grams: Double) -> Bool {
        grams == match.defaultPortion.grams && isSpoonful(match.defaultPortion)
    }

    /// Whether a measure is a spoonful ("tsp", "tbsp").
    static func isSpoonful(_ portion: Portion) -> Bool {
        guard let unit = unitWord(portion)?.trimmingCharacters(in: .punctuationCharacters) else { return false }
        return ["tbsp", "tsp", "tablespoon", "teaspoon"].contains(unit)
    }

    /// The word a measure's name opens with after its number ("cup" in "0.5 cup", "inch" in "6 inch sub").
    static func unitWord(_ portion: Portion) -> Substring? {
        portion.name.lowercased().split(separator: " ").dropFirst(leadingCount(portion) == nil ? 0 : 1).first
    }

    /// Whether a measure is a length ("6 inch sub", "inch"): what a piece is cut by, not a piece.
    static func isLength(_ portion: Portion) -> Bool {
        ["inch", "inches", "cm"].contains(unitWord(portion).map(String.init) ?? "")
    }

    /// Whether a measure is cups ("cup", "cup, chopped", "0.5 cup").
    static func isCup(_ portion: Portion) -> Bool {
        unitWord(portion)?.hasPrefix("cup") ?? false
    }

    /// Grams in one household `unit` of the food: its kind's, or for a sandwich of spreads its
    /// bread and spreads (``HouseholdPortions/sandwichOfSpreads(_:)``), which review is told.
    static func householdGrams(
        for unit: FoodUnit, match: FoodMatch, kind: HouseholdPortions.Kind, size: HouseholdPortions.Size?
    ) -> (grams: Double, assumption: String?)? {
        if kind == .sandwich, unit.isCount, let sandwich = HouseholdPortions.sandwichOfSpreads(match.name) {
            return (sandwich * (size?.factor ?? 1), "two slices of bread and a spread's portion of each filling")
        }
        return HouseholdPortions.grams(for: unit, kind: kind, size: size).map { ($0, nil) }
    }

    /// The kind of food, for household portions.
    static func kind(of match: FoodMatch) -> HouseholdPortions.Kind {
        HouseholdPortions.Kind(category: match.category ?? "", description: match.name)
    }

    /// The noun a measure counts: the last word before its details ("balls" in "cantaloupe balls",
    /// "melon" in "melon, medium (about 5 in)"), stemmed.
    static func measureNoun(_ portion: Portion) -> String? {
        measureWords(portion).last
    }

    /// Grams in one of the pieces a person counted by their own word ("2 sausage links", "a hash
    /// brown patty"): the record's count measure whose noun is the name's head noun, the last word
    /// before any details ("a hash brown patty from the fast food chain"), unless that measure is a
    /// whole item several portions big ("a pie" is not the record's whole pie).
    ///
    /// A food said through an alias is counted by its record's pieces only when the alias's
    /// serving is no single piece, and then by any word said ("20 cherry tomatoes": the record's
    /// "cherry", 17 g), the head noun first. Either way every word naming the measure was said:
    /// "2 tomatoes" are not the record's "Italian tomato".
    static func namedPiece(_ name: String, match: FoodMatch, kind: HouseholdPortions.Kind) -> Double? {
        guard match.isDatabaseFood, !match.viaAlias || !isOnePiece(match.defaultPortion),
            let head = FoodIndex.Query(name).headNoun,
            let piece = HouseholdPortions.grams(for: .piece, kind: kind, size: nil)
        else { return nil }
        let saidWords = FoodIndex.stems(name)
        let nouns = [head] + (match.viaAlias ? saidWords.filter { $0 != head } : [])
        for noun in nouns {
            if let portion = match.portions.first(where: { portion in
                isCountLike(portion) && portion.grams <= wholeItemFactor * piece && measureNoun(portion) == noun
                    && measureWords(portion).allSatisfy { $0 == head || saidWords.contains($0) }
            }) {
                return portion.grams
            }
        }
        return nil
    }

    /// The words naming a measure, before its details, stemmed and without numbers ("cherry" in
    /// "cherry", "italian" and "tomato" in "Italian tomato").
    static func measureWords(_ portion: Portion) -> [String] {
        FoodIndex.stems(String(portion.name.prefix { $0 != "," && $0 != "(" })).filter { Double($0) == nil }
    }

    /// Whether a measure is one piece ("large", "piece", "medium"), not a volume, a weight or
    /// several pieces ("10 strip").
    static func isOnePiece(_ portion: Portion) -> Bool {
        isCountLike(portion) && !saysSeveral(portion)
    }

    /// The record's measure of one typical piece: "medium" before any other piece it lists ("large
    /// (1-3/8 in)" comes first for strawberries), then "each", "piece" and the like.
    static func piecePortion(in portions: [Portion]) -> Portion? {
        pieceMeasureNames.lazy.compactMap { name in
            portions.first { $0.name.lowercased().hasPrefix(name) }
                // "melon, medium (about 5 in)": a whole piece of that size, named after its noun.
                ?? portions.first { $0.name.lowercased().contains(", \(name) ") && isCountLike($0) }
        }.first
    }

    /// Names of measures that weigh one piece, the most typical first.
    static let pieceMeasureNames = ["medium", "each", "piece", "item", "fruit", "whole", "large"]

    /// How many pieces a measure holds when it counts them: "10 strip" holds 10, "oz (23 whole
    /// kernels)" 23, "2 tbsp" none.
    static func piecesHeld(by portion: Portion) -> Double? {
        // A number above one, then words that count rather than measure.
        func counted(_ text: Substring) -> Double? {
            let words = text.split(separator: " ")
            guard let count = words.first.flatMap({ Double($0) }), count > 1,
                isCountLike(Portion(name: words.dropFirst().joined(separator: " "), grams: 0))
            else { return nil }
            return count
        }
        if let count = counted(Substring(portion.name)) { return count }
        guard let open = portion.name.firstIndex(of: "(") else { return nil }
        return counted(portion.name[portion.name.index(after: open)...].prefix { $0 != ")" })
    }

    /// One piece of a food whose alias serves a measure or several pieces: a piece the serving
    /// counts ("10 strip": 6.9 g), a spoonful when it serves one, else the record's own piece
    /// ("medium" strawberry, "twists" of pretzels), else a typical piece of its kind (said in review).
    static func onePiece(of match: FoodMatch, kind: HouseholdPortions.Kind) -> (grams: Double, assumption: String?) {
        if let count = piecesHeld(by: match.defaultPortion) { return (match.defaultPortion.grams / count, nil) }
        // A food served by the spoonful is counted in spoonfuls: "two sugars" are two teaspoons
        // (they had been two 15 g pieces of a spread).
        if isSpoonful(match.defaultPortion) { return (match.defaultPortion.grams, nil) }
        if let portion = piecePortion(in: match.portions) ?? countingMeasure(of: match) {
            return (portion.grams, nil)
        }
        if let grams = HouseholdPortions.grams(for: .piece, kind: kind, size: nil) {
            return (grams, "typical piece of \(kind.displayName)")
        }
        return (match.defaultPortion.grams, match.portionAssumption)
    }

    /// The record's first measure that counts pieces, unless it is a whole item several portions
    /// big, holding more than half a day's energy: "a turkey" is no "bird" (3,812 g, 6,061 kcal).
    static func countingMeasure(of match: FoodMatch) -> Portion? {
        guard let portion = match.portions.first(where: isCountLike) else { return nil }
        return match.per100g.kcal * portion.grams / 100 <= wholeItemEnergy ? portion : nil
    }

    /// The most energy one counted piece may hold: half a 2,000 kcal day.
    static let wholeItemEnergy = 1000.0

    /// How many household pieces a record's measure may weigh and still be one piece.
    static let wholeItemFactor = 3.0

    /// Whether the record lacks its own household measures (FNDDS and Foundation foods in this data).
    static func usesHouseholdPortions(_ match: FoodMatch) -> Bool {
        match.isDatabaseFood && !match.viaAlias && match.portions.allSatisfy { $0.name == "100 g" }
    }

    /// Whether the record lists a measure that counts pieces ("medium", "each", "bar") rather than a volume or weight.
    static func hasCountLikePortion(_ match: FoodMatch) -> Bool { match.portions.contains(where: isCountLike) }

    /// Whether a measure counts pieces ("medium", "bar", "10 pieces") rather than a volume or a weight.
    static func isCountLike(_ portion: Portion) -> Bool {
        let name = portion.name.lowercased()
        // "unit (yield from 1 lb raw meat)": what a pound gives, 313 g of patties, not one of them.
        guard !name.contains("yield from"), !isLength(portion) else { return false }
        // "serving (1 hot dog)" is one item; "serving (1 cup)" and "serving (1 NLEA serving)" are not.
        let oneServing = "serving (1 "
        guard name.hasPrefix(oneServing) else { return !measureNames.contains { name.hasPrefix($0) } }
        let measure = name.dropFirst(oneServing.count)
        return !name.contains("serving)") && !name.contains("nlea") && !measureNames.contains { measure.hasPrefix($0) }
    }

    /// Measures that weigh or fill rather than count.
    static let measureNames = ["cup", "tbsp", "tsp", "tablespoon", "teaspoon", "fl oz", "oz", "lb", "g ", "100 g", "serving", "quart", "pint"]

    static func hasCountPortion(_ unit: FoodUnit, match: FoodMatch) -> Bool {
        let wanted = countNames(unit)
        return !wanted.isEmpty && match.portions.contains { p in wanted.contains { p.name.lowercased().hasPrefix($0) } }
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
    static func countNames(_ unit: FoodUnit) -> [String] {
            switch unit {
            case .slice: ["slice"]
            case .clove: ["clove"]
            case .head: ["head"]
            case .stalk: ["stalk"]
            case .stick: ["stick"]
            case .can: ["can"]
            // A drink sold by the can comes in a bottle of about that size ("a bottle of beer").
            case .bottle: ["bottle", "can or bottle", "can"]
            case .package: ["package", "packet"]
            case .serving, .bowl, .glass, .scoop, .handful, .bunch, .sprig: ["serving"]
            case .piece: []
            default: []
            }
    }

    /// The cups a measure says it holds ("serving 1/2 cup" → 0.5), `nil` when it names no cup.
    static func cupsIn(_ measure: String) -> Double? {
        guard let cup = measure.range(of: #"\bcups?\b"#, options: .regularExpression) else { return nil }
        let before = measure[..<cup.lowerBound].split(separator: " ").last.map(String.init) ?? ""
        return QuantityText.leading(Substring(before))?.value
    }

    static func countPortion(_ unit: FoodUnit, match: FoodMatch, size: HouseholdPortions.Size? = nil) -> Double {
        let wanted = countNames(unit)
        for portion in match.portions {
            let name = portion.name.lowercased()
            guard wanted.contains(where: { name.hasPrefix($0) }) else { continue }
            // A bowl holds at least a cup: "a bowl of vanilla ice cream" is no "serving 1/2 cup".
            if unit == .bowl, let cups = cupsIn(name), cups > 0, cups < 1 { return portion.grams / cups }
            return portion.grams
        }
        switch unit {
        case .glass: return 240 * (match.density ?? 1.0)
        case .bowl: return max(match.defaultPortion.grams, 250 * (match.density ?? 0.8))
        case .handful: return 30
        case .sprig: return 1
        case .piece:
            guard match.isDatabaseFood else { return match.defaultPortion.grams }
            if let size, let portion = match.portions.first(where: { size.names($0) }) { return portion.grams }
            // A size said that the record has no measure for scales its piece ("a small chicken breast"),
            // the alias's piece too, unless that piece already has a size of its own (a "large" egg).
            let scale = size?.factor ?? 1
            if match.viaAlias {
                let aliasSized = HouseholdPortions.Size(mention: match.defaultPortion.name) != nil
                return match.defaultPortion.grams * (aliasSized ? 1 : scale)
            }
            if let portion = piecePortion(in: match.portions) { return portion.grams * scale }
            // Any measure that counts ("bar", "10 pieces") before a volume listed first ("cup": 182 g of gumdrops).
            if let portion = countingMeasure(of: match) { return portion.grams * scale }
            if let grams = HouseholdPortions.grams(for: .piece, kind: kind(of: match), size: size) { return grams }
            return match.defaultPortion.grams
        default: return match.defaultPortion.grams
        }
    }
}
