import Foundation

/// A ranked, in-memory index over the generic foods of the nutrition database.
///
/// Ranking weighs each word of the query by its rarity (inverse document frequency). A food scores
/// for the query words it contains (singular/plural and cooking states folded: "boiled" finds
/// "cooked"; British names folded to US ones), loses for query words it lacks, loses a little for
/// each word the person did not say and much more for qualifiers that change the food ("canned",
/// "dehydrated", "baby food"), and must agree on the head noun: the food's first phrase ("Rice" in
/// "Rice, white, cooked") should be something the person said, and the last word the person said
/// ("rice" in "boiled white rice") should be in the food.
struct FoodIndex: Sendable {
    struct Entry: Sendable {
        var id: Int
        var dataset: USDADataset
        /// Distinct word stems of the description.
        var stems: Set<String>
        /// The same stems in a fixed order: scores sum over them, and a sum in `Set` order (random
        /// per process) would make near-ties rank differently from one run to the next.
        var orderedStems: [String]
        /// Stems of the food's head (see ``FoodIndex/head(_:)``).
        var head: Set<String>
        /// Stems of the phrase that names the food itself: the first, or the second after a category.
        var name: Set<String> = []
        /// The last word of a name phrase of two or more words ("dressing" in "Salad dressing").
        var nameHead: String? = nil
        /// A name phrase of one word ("sauce" in "Sauce, enchilada, red"): said only after "with",
        /// it is what the food was had with, not the food.
        var oneWordName: String? = nil
        /// Stems the description says the food is without ("bun" in "Chili hot dog, no bun").
        var leftOut: Set<String>
        /// Stems found only in what the food is served on ("bun" in "Turkey or chicken burger, on
        /// white bun"): the food is not that bread.
        var carrier: Set<String> = []
        /// The last stems of later phrases of two words or more that name a kind of the food
        /// ("bun" in "Roll, white, hamburger bun"): the food is that thing too.
        var laterHeads: Set<String> = []
        /// Stems of the words the description writes in capitals, a brand's or a restaurant's
        /// ("KFC", "POPEYES", "McDONALD'S"), abbreviations aside (``recordAbbreviations``).
        var brandWords: Set<String> = []
        var phraseCount: Int

        /// The entry for a database description ("Rice, white, cooked"), stemmed once.
        init(id: Int, dataset: USDADataset, description: String) {
            let phrases = description.split(separator: ",")
            let namePhrase = FoodIndex.namePhrase(phrases)
            self.id = id
            self.dataset = dataset
            let stemmed = FoodIndex.stems(description)
            stems = Set(stemmed)
            orderedStems = stems.sorted()
            head = FoodIndex.head(phrases)
            name = Set(namePhrase)
            // The last word of a name phrase of two or more words, before what it is "on" ("sandwich" in
            // "Tuna salad sandwich on white"), unless it only qualifies.
            let named = namePhrase.prefix { $0 != "on" }
            if named.count > 1, let last = named.last, !FoodIndex.categoryWords.contains(last),
                !FoodIndex.neutral.contains(last)
            {
                nameHead = last
            } else if named.count == 1, let only = named.first, !FoodIndex.categoryWords.contains(only),
                !FoodIndex.neutral.contains(only)
            {
                oneWordName = only
            }
            leftOut = FoodIndex.leftOut(stemmed)
            carrier = FoodIndex.carrier(phrases)
            laterHeads = FoodIndex.laterHeads(phrases)
            if dataset != .branded { brandWords = FoodIndex.brandWords(description) }
            phraseCount = phrases.count
        }
    }

    /// A scored food.
    struct Scored: Sendable {
        var id: Int
        var score: Double
        /// Share of the query's weight the food covers (0–1).
        var coverage: Double
        /// Whether the food's head (its first phrase, after a category such as "Beverages") holds a word said.
        var headAgrees: Bool
        var dataset: USDADataset
        /// Whether the food is another dish or product than the one said: a dish word the person did
        /// not say in its head ("Pie, peach" for "peach"), or two or more such words or qualifiers.
        var changesTheDish = false
        /// Whether the phrase naming the food holds a dish word the person did not say ("Pie, peach").
        var addsADish = false
        /// Whether the person named a dish the food is not ("Falafel" for "falafel wrap").
        var missesTheDish = false
        /// Whether the food is another food than the one said: the phrase naming it holds a food
        /// word the person did not say while a food word they said is missing or only qualifies
        /// it ("Fish, stick" for "carrot sticks", "Beef salad" for "seaweed salad"), or it holds
        /// alcohol or a dry form nobody said ("Vodka and lemonade" for "a lemonade").
        var replacesASaidFood = false
        /// Whether the food holds the word naming what was said, the query's head noun (true when
        /// the query has none).
        var holdsTheHeadNoun = true
        /// Whether the food is a brand's or a restaurant's and the person said no word of its
        /// capitals ("POPEYES, Fried Chicken" for "fried chicken").
        var brandUnsaid = false
        /// Weight of the query words found, missing, and the cost of words the person did not say.
        var parts: (matched: Double, missing: Double, extra: Double) = (0, 0, 0)

        /// What foods are ranked by: the score, less ``RankingWeights/unsaidBrand`` for a brand
        /// nobody named, so a generic food comes first while the brand's still counts as found
        /// when nothing else matches ("a cheese stick" has only "DENNY'S, mozzarella cheese sticks").
        var rank: Double { score - (brandUnsaid ? FoodIndex.weights.unsaidBrand : 0) }
    }

    let entries: [Entry]
    let postings: [String: [Int32]]
    let idf: [String: Double]
    /// Stems that name a food on their own: the whole first phrase of some food ("Fish", "Carrots",
    /// "Beef"), category words aside.
    let foodWords: Set<String>
    /// Two stems that begin some food's description as its whole first phrase ("french toast",
    /// "peanut butter"): a food of their own, not the second word's food.
    let twoWordNames: Set<String>
    /// Stems of the product names records give in parentheses ("Doritos" in "Tortilla chips, cool
    /// ranch flavor (Doritos)") and nowhere else: a food that lacks one said is another product.
    let productNames: Set<String>
    /// Brands and restaurants the survey and reference records are written under, as their first
    /// phrase in capitals ("TACO BELL, Bean Burrito"), normalized ("taco bell").
    let brandPhrases: Set<String>

    init(foods: [(id: Int, dataset: USDADataset, description: String)]) {
        var entries: [Entry] = []
        entries.reserveCapacity(foods.count)
        var postings: [String: [Int32]] = [:]
        var foodWords: Set<String> = []
        var twoWordNames: Set<String> = []
        var productNames: Set<String> = []
        var otherWords: Set<String> = []
        var brandPhrases: Set<String> = []
        for food in foods {
            let firstPhrase = String(food.description.prefix { $0 != "," })
            if food.dataset != .branded, firstPhrase.contains(where: \.isLetter), Self.brandWords(firstPhrase) == Set(Self.stems(firstPhrase)) {
                brandPhrases.insert(FoodName.normalized(firstPhrase))
            }
            let named = Self.namesInParentheses(food.description)
            productNames.formUnion(named)
            otherWords.formUnion(Self.stems(food.description.replacing(/\([^)]*\)/, with: " ")))
            let entry = Entry(id: food.id, dataset: food.dataset, description: food.description)
            let first = Self.stems(String(food.description.prefix { $0 != "," }))
            if first.count == 1, let word = first.first, !Self.categoryWords.contains(word) { foodWords.insert(word) }
            if first.count == 2, !first.contains(where: Self.categoryWords.contains) { twoWordNames.insert(first.joined(separator: " ")) }
            for stem in entry.stems { postings[stem, default: []].append(Int32(entries.count)) }
            entries.append(entry)
        }
        let count = Double(max(entries.count, 1))
        self.idf = postings.mapValues { log(1 + count / Double($0.count)) }
        self.entries = entries
        self.postings = postings
        self.foodWords = foodWords
        self.twoWordNames = twoWordNames
        // Only words that name nothing else ("Doritos", not "milk" in "(lactose free milk)").
        self.productNames = productNames.subtracting(otherWords)
        self.brandPhrases = brandPhrases
    }

    /// Stems of the phrase naming the food, in order: the first phrase, or the second when the
    /// first is a category ("Soft drink, cola" names a cola).
    static func namePhrase<S: StringProtocol>(_ phrases: [S]) -> [String] {
        let first = stems(String(phrases.first ?? ""))
        if !first.isEmpty, Set(first).isSubset(of: categoryWords), phrases.count > 1 { return stems(String(phrases[1])) }
        return first
    }

    /// Stems of a description's head: its first phrase, or the first two when the first is a category
    /// ("Beverages, coffee, brewed", "Snacks, potato chips", "Fast foods, hamburger").
    static func head<S: StringProtocol>(_ phrases: [S]) -> Set<String> {
        var head = Set(stems(String(phrases.first ?? "")))
        // "Tortilla chips, nacho cheese flavor (Doritos)", "Fish, salmon, chinook, smoked, (lox)": a
        // name in parentheses names the food too, and so does one word.
        head.formUnion(namesInParentheses(phrases.joined(separator: ","), orOneWord: true))
        if !head.isEmpty, head.isSubset(of: categoryWords), phrases.count > 1 {
            // "Candies, MARS SNACKFOOD US, SNICKERS Bar": past a category, every phrase names the food.
            for phrase in phrases.dropFirst() { head.formUnion(stems(String(phrase))) }
        } else if head.count == 1, phrases.count > 1 {
            // "Fish, salmon, baked", "Coffee, Cappuccino": a one-word first phrase names a family.
            head.formUnion(stems(String(phrases[1])))
        }
        return head
    }

    /// Stems of the names a description gives in parentheses, capitalized ("Doritos"; not "(2%)"),
    /// or also, with `orOneWord`, a word of letters alone ("lox"; not "(fat free or skim)").
    static func namesInParentheses<S: StringProtocol>(_ description: S, orOneWord: Bool = false) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(description)
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let inside = rest[rest.index(after: open)..<close]
            if inside.first?.isUppercase == true || (orOneWord && !inside.isEmpty && inside.allSatisfy(\.isLetter)) {
                names.formUnion(stems(String(inside)))
            }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// Words a record uses for any food of a kind ("Fruit smoothie"): they replace no food said.
    /// Read from `Resources/kind-words.txt`.
    static let kindWords: Set<String> = Set(WordList.bundled("kind-words").words.map(stem))

    /// Stems of the database's category phrases ("Beverages", "Fast foods"): what kind of record, not which food.
    /// Read from `Resources/category-words.txt`.
    static let categoryWords: Set<String> = WordList.bundled("category-words").words

    /// Stems of words that name a dish or a different product rather than a plain food ("pie",
    /// "wrap", "popsicle"): a record holding one not said costs more, and one lacking the one
    /// said as the head noun is no match. Read from `Resources/dish-words.txt`.
    static let dishWords: Set<String> = WordList.bundled("dish-words").words

    /// A name as the index reads it: word stems, the details (words after "with", "from", "filled"…)
    /// first, then the main words, whose last is the head noun.
    struct Query: Sendable {
        let words: [String]
        /// How many of the first words are details; a food missing them loses half as much.
        let detailCount: Int
        /// The word that opened the details ("with" in "enchilada with beans"; "fill" in
        /// "fruit-filled cookie", where it only describes).
        let detailLink: String?

        init(_ text: String) {
            // "soda", "pop": the database says "soft drink"; "over easy", a few words at once, says
            // "fried". What "zero" says a drink is without is what makes it the diet one ("a pepsi
            // zero sugar" is no sugar).
            let spoken = FoodName.normalized(text).split(separator: " ")
            let kept = spoken.indices.filter { $0 == 0 || spoken[$0 - 1] != "zero" }.map { String(spoken[$0]) }
            let text = Self.rewritten(kept).joined(separator: " ")
            var seen = Set<String>()
            var main: [String] = []
            var details: [String] = []
            var inDetails = false
            var link: String?
            var closing: String?
            let stemmed = FoodIndex.stems(text)
            for stem in stemmed {
                if FoodIndex.prepositions.contains(stem), !main.isEmpty, !inDetails {
                    inDetails = true
                    link = stem
                }
                if !inDetails, !main.isEmpty, RuleBasedFoodParser.containerWords.contains(stem) { closing = stem }
                guard !FoodIndex.stopWords.contains(stem), !FoodIndex.prepositions.contains(stem), seen.insert(stem).inserted
                else { continue }
                if inDetails { details.append(stem) } else { main.append(stem); closing = nil }
            }
            closingContainer = closing
            detailLink = link
            words = details + main
            detailCount = details.count
            forms = words.map(FoodIndex.forms(of:))
            said = Set(forms.joined())
            // "squash baby food": "food" names no food, so the word before it is what was said.
            let mainWords = words.dropFirst(detailCount).filter { !FoodIndex.defaultStates.contains($0) }
            headNoun = mainWords.last { $0 != FoodIndex.foodWord } ?? mainWords.last
            namesMoreThanAState = words.contains { !FoodIndex.cookingStates.contains($0) }
            saidWith = said.subtracting(FoodIndex.leftOut(stemmed).flatMap(FoodIndex.forms(of:)))
            cookingMethods = forms.filter { FoodIndex.cookingMethods.contains($0[0]) }
        }

        /// A container word said after the food's words, which names what kind of dish it is ("bowl"
        /// in "chicken burrito bowl": "Burrito bowl, chicken"), though it is no word to match on
        /// ("a bowl of porridge").
        let closingContainer: String?
        /// Each word with the words that mean the same for matching (``FoodIndex/forms(of:)``).
        let forms: [[String]]
        /// Every form of every word: what the person said.
        let said: Set<String>
        /// The word naming what the food is: the last main word that is not a default state.
        let headNoun: String?
        /// Whether a word said is more than a cooking state ("halloumi" in "grilled halloumi").
        let namesMoreThanAState: Bool
        /// What the person said, without what they said the food is without ("no bun").
        let saidWith: Set<String>
        /// The ways of cooking said (``FoodIndex/cookingMethods``), each with the words that mean
        /// the same ("grilled": broiled, roasted, …).
        let cookingMethods: [[String]]

        /// Words the database writes otherwise ("soda" is a "soft drink", a "milkshake" a "milk
        /// shake", eggs "over easy" are "fried").
        /// Read from `Resources/query-rewrites.tsv`.
        static let rewrites: [String: String] = WordMap.bundled("query-rewrites").replacements
        /// The most words a rewritten phrase holds.
        static let longestRewrite = rewrites.keys.map { $0.split(separator: " ").count }.max() ?? 1

        /// Normalized words with each phrase of ``rewrites`` written as the database writes it,
        /// the longest phrase said first ("eggs over easy" → "eggs fried").
        static func rewritten(_ words: [String]) -> [String] {
            var rewritten: [String] = []
            var index = 0
            while index < words.count {
                let longest = (1...longestRewrite).reversed().lazy.compactMap { length -> (Int, String)? in
                    guard index + length <= words.count, let replacement = rewrites[words[index..<index + length].joined(separator: " ")]
                    else { return nil }
                    return (length, replacement)
                }.first
                rewritten.append(longest?.1 ?? words[index])
                index += longest?.0 ?? 1
            }
            return rewritten
        }
    }

    /// Whether a word stem occurs in any generic food.
    func knows(_ stem: String) -> Bool { postings[stem] != nil }

    /// The best foods for a query, highest score first.
    func search(_ query: Query, limit: Int) -> [Scored] {
        guard !query.words.isEmpty else { return [] }
        // Accumulate the weight of the words each food holds over the postings, then fully score
        // only the foods that hold the most: common words ("cooked") reach thousands of foods.
        var partial = [Double](repeating: 0, count: entries.count)
        var lastWord = [Int32](repeating: -1, count: entries.count)
        var touched: [Int32] = []
        for (index, word) in query.words.enumerated() {
            // The same word weights as ``score(_:query:)``.
            let weight =
                Self.defaultStates.contains(word)
                ? Self.weights.defaultStateFound
                : self.weight(of: word) * (index < query.detailCount ? Self.weights.detailFactor : 1)
            for form in query.forms[index] {
                for document in postings[form] ?? [] where lastWord[Int(document)] != Int32(index) {
                    lastWord[Int(document)] = Int32(index)
                    if partial[Int(document)] == 0 { touched.append(document) }
                    partial[Int(document)] += weight
                }
            }
        }
        // Among foods holding the same words, the shortest names go first: they leave the fewest
        // words unsaid ("meat" reaches "Meat, NFS" before hundreds of longer names holding it).
        let shortlist = touched.count <= Self.shortlistSize
            ? touched
            : Array(
                touched.sorted {
                    let (a, b) = (Int($0), Int($1))
                    return partial[a] > partial[b]
                        || (partial[a] == partial[b] && entries[a].orderedStems.count < entries[b].orderedStems.count)
                }.prefix(Self.shortlistSize))
        let scored = shortlist.map { score(entries[Int($0)], query: query) }
        return Array(scored.sorted { $0.rank > $1.rank || ($0.rank == $1.rank && $0.id < $1.id) }.prefix(limit))
    }

    /// The ranking's weights.
    static let weights = RankingWeights.standard

    /// How many foods are fully scored per search.
    static let shortlistSize = 300

    /// Scores one food (also used for branded candidates found by full-text search).
    func score(_ entry: Entry, query: Query) -> Scored {
        let w = Self.weights
        var matched = 0.0
        var missing = 0.0
        var sharesMoreThanAState = false
        let said = query.said
        for (index, word) in query.words.enumerated() {
            // "unsweetened water", "plain chips": the default state costs nothing when the food does not say it.
            let found = query.forms[index].contains(where: entry.stems.contains)
            if found, !Self.cookingStates.contains(word) { sharesMoreThanAState = true }
            if Self.defaultStates.contains(word) {
                if found { matched += w.defaultStateFound }
                continue
            }
            var weight = self.weight(of: word)
            if index < query.detailCount { weight *= w.detailFactor }
            // A rare word found is strong evidence; a rare word missing (a brand, "bakery") costs no
            // more than a common one.
            // A product named in a record ("Doritos") is not capped: "nacho cheese Doritos" are no nachos.
            if found { matched += weight } else { missing += productNames.contains(word) ? weight : min(weight, w.missingWeightCap) }
        }
        // "raw carrots" are not "Carrots, cooked"; "fried egg" is not "Egg, raw".
        let saidRaw = said.contains("raw")
        let saidCooked = !said.isDisjoint(with: Self.cookingStates)
        if saidRaw, !entry.stems.isDisjoint(with: Self.cookingStates) { missing += w.contradictedState }
        if saidCooked, entry.stems.contains("raw") { missing += w.contradictedState }
        // "fried chicken breast" is not "Chicken breast, stewed": a record cooked another way than
        // the way said (or one that means the same, ``equivalents``) contradicts it.
        if !entry.stems.isDisjoint(with: Self.cookingMethods),
            query.cookingMethods.contains(where: { !$0.contains(where: entry.stems.contains) })
        {
            missing += w.contradictedState
        }
        // "a frankfurter on a bun" is no "Chili hot dog, no bun"; "salmon with skin" no "…, without skin".
        if !entry.leftOut.isDisjoint(with: query.saidWith) { missing += w.contradictedState }
        var extra = 0.0
        var changes = 0
        var becomesAnotherProduct = false
        let addsADish = entry.name.contains { !said.contains($0) && Self.dishWords.contains($0) && !Self.categoryWords.contains($0) }
        for stem in entry.orderedStems where !said.contains(stem) {
            if Self.otherProducts.contains(stem) { becomesAnotherProduct = true }
            if Self.categoryWords.contains(stem) {
                extra += w.unsaidCategoryWord
            } else if Self.qualifiers.contains(stem) || Self.dishWords.contains(stem) {
                extra += w.unsaidQualifierOrDish
                if Self.dishWords.contains(stem), entry.name.contains(stem), entry.name.count > 1 {
                    changes += 2
                } else if Self.productChanges.contains(stem) {
                    changes += 1
                }
            } else if !Self.neutral.contains(stem) {
                // A word in the food's head the person did not say ("Coconut water" for "water") weighs
                // more; a figure ("2" in "Milk, reduced fat (2%)") only specifies the food.
                let namesTheFood = entry.head.contains(stem) && !Self.categoryWords.contains(stem) && !stem.allSatisfy(\.isNumber)
                extra += (namesTheFood ? w.unsaidHeadWord : w.unsaidWord)
                    * min(idf[stem] ?? w.unknownWordRarity, w.rarityCap) / w.rarityCap
            }
        }
        var score = matched - w.missingWordFactor * missing - extra
        if !sharesMoreThanAState, query.namesMoreThanAState { score -= w.onlyAStateShared }
        let headAgrees = !entry.head.isDisjoint(with: said)
        score += headAgrees ? w.headAgreement : -w.headAgreement
        // "a white hamburger bun" is no "Turkey or chicken burger, on white bun": the head noun said
        // must name the food, not what it is served on.
        let holdsTheHeadNoun = query.headNoun.map {
            Self.forms(of: $0).contains { entry.stems.contains($0) && !entry.carrier.contains($0) }
        } ?? true
        if !holdsTheHeadNoun { score -= w.missingHeadNoun }
        // "Salad dressing" is a dressing: its head word must be among the main words said, not only a detail.
        let saidAsMainWord = { (word: String) in query.forms.dropFirst(query.detailCount).contains { $0.contains(word) } }
        if let head = entry.nameHead, head != query.closingContainer, !saidAsMainWord(head) {
            score -= w.unsaidNameHead
        }
        // "a 141g enchilada with beans and red-chile sauce" is no "Sauce, enchilada, red" nor
        // "Enchilada sauce": a food named by a word said only after the link is what the food said
        // was had with.
        if query.detailLink == "with", let name = entry.nameHead ?? entry.oneWordName, !saidAsMainWord(name),
            query.forms.prefix(query.detailCount).contains(where: { $0.contains(name) })
        {
            score -= w.nameSaidAsDetail
        }
        score -= w.perPhrase * Double(entry.phraseCount)
        // "Bacon, NS as to type of meat": not further specified is what a plain name means.
        if entry.stems.contains("nfs") || entry.stems.contains("ns") { score += w.notFurtherSpecified }
        switch entry.dataset {
        case .fndds: score += w.surveyFood
        case .sr28, .foundation: break
        case .srlegacy: score -= w.legacyFood
        case .branded: score -= w.brandedFood
        }
        let total = matched + missing
        // Another food word names this food, and a food word said is missing from it or only
        // qualifies it ("Potato, baked, with cheese" for "grilled cheese"). A said food word that
        // qualifies the head noun said, which the food's head holds, qualifies it there too ("Bread,
        // pita, whole wheat" for "wheat pita").
        let saidFoods = query.forms.dropFirst(query.detailCount).filter { foodWords.contains($0[0]) }
        let replacesASaidFood = !saidFoods.isEmpty
            && entry.name.contains { !said.contains($0) && foodWords.contains($0) && !Self.kindWords.contains($0) }
            && (saidFoods.contains { !$0.contains(where: entry.stems.contains) }
                || (!saidFoods.contains { !entry.head.isDisjoint(with: $0) }
                    && !(query.headNoun.map { Self.forms(of: $0).contains { entry.head.contains($0) || entry.laterHeads.contains($0) } } ?? false)))
        return Scored(
            id: entry.id, score: score, coverage: total > 0 ? matched / total : 1, headAgrees: headAgrees, dataset: entry.dataset,
            changesTheDish: changes >= 2, addsADish: addsADish,
            missesTheDish: !holdsTheHeadNoun && query.headNoun.map(Self.dishWords.contains) == true,
            replacesASaidFood: replacesASaidFood || becomesAnotherProduct, holdsTheHeadNoun: holdsTheHeadNoun,
            brandUnsaid: !entry.brandWords.isEmpty && entry.brandWords.isDisjoint(with: said),
            parts: (matched, missing, extra))
    }

    func weight(of stem: String) -> Double {
        // A word no generic food has (a brand, most often) cannot be matched: it weighs little.
        Self.forms(of: stem).compactMap { idf[$0] }.max() ?? Self.weights.unseenWordWeight
    }

    // MARK: - Words

    /// Stems of the words a text (its ``stems(_:)``, in order) says a food is without: the word
    /// after "no" or "without", "added" and articles aside ("no added fat", "without salt",
    /// "without a bun").
    static func leftOut(_ stemmed: [String]) -> Set<String> {
        let skipped: Set<String> = [stem("added"), "a", "an", "the", "any"]
        let words = stemmed.filter { !skipped.contains($0) }
        return Set(zip(words, words.dropFirst()).compactMap { ["no", "without"].contains($0.0) ? $0.1 : nil })
    }

    /// The last stems of a description's later phrases of two words or more with no link: each
    /// names a kind of the food ("bun" in "Roll, white, hamburger bun": a hamburger bun is a roll).
    static func laterHeads<S: StringProtocol>(_ phrases: [S]) -> Set<String> {
        Set(phrases.dropFirst().compactMap { phrase -> String? in
            let words = stems(String(phrase))
            guard words.count > 1, !words.contains(where: { $0 == "on" || $0 == "with" || $0 == "and" || $0 == "or" }) else { return nil }
            return words.last
        })
    }

    /// Stems a description says only of what the food is served on or with: the words after "on"
    /// or "with" to the end of their phrase ("white", "bun" in "Hamburger, on white bun, 1 large
    /// patty"; "meatballs" in "SpaghettiOs with Meatballs"), when no other phrase holds them.
    static func carrier<S: StringProtocol>(_ phrases: [S]) -> Set<String> {
        var carried: Set<String> = []
        var elsewhere: Set<String> = []
        for phrase in phrases {
            let words = stems(String(phrase))
            guard let on = words.firstIndex(where: { $0 == "on" || $0 == "with" }) else {
                elsewhere.formUnion(words)
                continue
            }
            elsewhere.formUnion(words[..<on])
            carried.formUnion(words[(on + 1)...])
        }
        return carried.subtracting(elsewhere)
    }

    /// Lower-cased word stems of a text, digits kept ("2%" → "2").
    static func stems(_ text: String) -> [String] {
        // One pass over the scalars: letters and digits make words, "'s" and "'" vanish, the rest splits.
        var words: [String] = []
        var word = String.UnicodeScalarView()
        var scalars = FoodName.withoutAccents(text.lowercased()).unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func flush() {
            if !word.isEmpty { words.append(stem(String(word))) }
            word = String.UnicodeScalarView()
        }
        while let scalar = pending ?? scalars.next() {
            pending = nil
            if scalar == "'" || scalar == "’" {
                // "drake's" → "drake"; "o'brien" → "obrien".
                if let next = scalars.next() {
                    if next == "s" {
                        let after = scalars.next()
                        if let after, after.properties.isAlphabetic || after.properties.numericType != nil {
                            word.append("s")
                            pending = after
                        } else {
                            flush()
                            pending = after
                        }
                    } else {
                        pending = next
                    }
                }
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                word.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return words.filter { !$0.isEmpty }
    }

    /// Words after which a name gives details ("with", "from", "filled", "made").
    /// Read from `Resources/detail-prepositions.txt`.
    static let prepositions: Set<String> = WordList.bundled("detail-prepositions").words

    /// Words for cooked states.
    /// Read from `Resources/cooking-states.txt`.
    static let cookingStates: Set<String> = WordList.bundled("cooking-states").words
    /// The word that names no food of its own ("food" in "squash baby food").
    static let foodWord = stem("food")
    /// The cooking states that name a way of cooking: all but "cooked".
    static let cookingMethods = cookingStates.subtracting([stem("cooked")])

    /// What a person says of a food's default state; a food need not say it.
    /// Read from `Resources/default-states.txt`.
    static let defaultStates: Set<String> = WordList.bundled("default-states").words

    static func stem(_ word: String) -> String {
        var w = FoodName.stem(word)
        if let folded = spellings[w] { w = folded }
        return w
    }

    /// A stem and the stems that mean the same for matching.
    static func forms(of stem: String) -> [String] {
        [stem] + (equivalents[stem] ?? [])
    }

    /// Words that carry no food meaning in a query.
    /// Read from `Resources/stop-words.txt`.
    static let stopWords: Set<String> = WordList.bundled("stop-words").words

    /// Description words that cost nothing when the person did not say them.
    /// Read from `Resources/neutral-words.txt`.
    static let neutral: Set<String> = WordList.bundled("neutral-words").words

    /// Words records write in capitals that name no brand ("NFS", "USDA").
    /// Read from `Resources/record-abbreviations.txt`.
    static let recordAbbreviations: Set<String> = WordList.bundled("record-abbreviations").words

    /// Stems of the words a description writes in capitals, two letters or more, "Mc" allowed
    /// before them ("KEEBLER", "McDONALD'S"): the brand or product names of a record.
    static func brandWords(_ description: String) -> Set<String> {
        let words = description.split { !($0.isLetter || $0 == "'" || $0 == "’") }
        let capitals = words.filter { word in
            let letters = word.hasPrefix("Mc") ? word.dropFirst(2) : word[...]
            return letters.filter(\.isLetter).count >= 2 && !letters.contains(where: \.isLowercase)
                && !recordAbbreviations.contains(word.lowercased())
        }
        return Set(capitals.flatMap { stems(String($0)) })
    }

    /// Qualifiers that change the food; a food carrying one the person did not say loses much.
    /// Read from `Resources/qualifiers.txt`.
    static let qualifiers: Set<String> = WordList.bundled("qualifiers").words

    /// Qualifiers that make a food something else to eat or drink altogether, never meant unless
    /// said: alcohol ("Vodka and lemonade" for "a lemonade"), the dry form of a drink or dish
    /// ("Lemonade, powder") and food for babies ("Babyfood, cereal, oatmeal, with honey" for
    /// "oatmeal with honey"; "strained" and "junior" say baby food, see ``equivalents``).
    /// Read from `Resources/other-products.txt`.
    static let otherProducts: Set<String> = WordList.bundled("other-products").words

    /// Qualifiers that make another product of a food ("Peaches, canned, juice pack" for "peach").
    /// Read from `Resources/product-changes.txt`.
    static let productChanges: Set<String> = WordList.bundled("product-changes").words

    /// British and other spellings folded to the word the database uses.
    /// Read from `Resources/spellings.tsv`.
    static let spellings: [String: String] = WordMap.bundled("spellings").replacements

    /// Words that find each other: cooking states the database names "cooked", drinks, and a few
    /// everyday words for the database's terms.
    /// Read from `Resources/equivalents.tsv`.
    static let equivalents: [String: [String]] = WordMap.bundled("equivalents").lists
}
