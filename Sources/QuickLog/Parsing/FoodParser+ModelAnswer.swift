import Foundation

/// Completing the model's answer: its spans checked and cut at their links, and what it left out
/// read by the rules, so that no food the person named is lost.
extension FoodParser {
    /// Finishes a checked model answer deterministically: mentions widen to whole words and take in
    /// an amount written just before them; name, quantity and unit are read from the mention (the
    /// person's words win); text no mention covers is parsed by the rules, so nothing said is lost.
    /// `ruled` is the rules' reading of `text` when the caller has it already.
    func completing(
        _ modelItems: [ParsedFoodItem], in text: String, source: ParseSource, ruled: [ParsedFoodItem]? = nil
    ) -> FoodParse {
        let reader = RuleBasedFoodParser(protectedPhrases: [])
        let ruledRanges = (ruled ?? rules.parse(text)).compactMap { text.range(of: $0.mention) }
        var items = modelItems.compactMap { item -> ParsedFoodItem? in
            var item = Self.takingInWhatItMeasures(
                Self.extendingMention(Self.wholeWords(item, in: text), in: text, reader: reader, others: modelItems), in: text)
            item.readBy = .model
            // "I had a small popcorn", "a satisfying breakfast that included an egg": the words about
            // who, when and what meal stay outside the mention. A mention ending with the framing
            // verb names no food ("I prepared a classic dish featuring" is no side dish).
            let unframed = RuleBasedFoodParser.dropLeadingFillers(RuleBasedFoodParser.droppingFraming(Substring(item.mention)))
            guard !unframed.isEmpty else { return nil }
            item.mention = String(unframed)
            // "topped with a poached egg": the rules read the food after a topping opening (alone
            // the piece is a comment to them), so the model's amount does not stand for the words
            // (it had said 1 g of egg).
            let said = reader.parseSegment(Substring(item.mention))
                ?? item.mention.prefixMatch(of: RuleBasedFoodParser.toppingLink).flatMap { reader.parseSegment(item.mention[$0.range.upperBound...]) }
            if let said {
                // The person's words name the food: the model's name tends to drop words
                // ("coarse sea salt" → "salt") or keep the amount ("1 bagel").
                if !said.name.isEmpty { item.name = said.name }
                if item.quantity == nil || said.quantity.map({ abs($0 - item.quantity!) >= 0.01 }) ?? true {
                    item.quantity = said.quantity
                }
                item.unit = said.unit
            }
            // A mention that is only an amount ("1 cup", the food after it left out) is that
            // amount, not one piece of a food named "cup": the words after it join it below, and
            // "1 cup of cooked quinoa" had been 35 g.
            if let amount = RuleBasedFoodParser.amountOnly(Substring(item.mention)) {
                item.quantity = amount.quantity
                item.unit = amount.unit
            }
            item.name = Self.droppingToppingOpening(from: item.name, of: item.mention, in: text)
            // Words that only say how a food was made or what state it is in ("freshly heated from
            // frozen"), or a comment the rules read as no food and no record names ("baked to retain
            // its natural flavors"), name no food, whoever read them: they are left for the checks
            // below, which keep them for review.
            // Words the rules read as no food must name one to be one ("both designed for juniors"
            // is no baby cookie).
            let readByTheRules = text.range(of: item.mention).map { range in ruledRanges.contains { $0.overlaps(range) } } ?? true
            // An amount counts when said: the model's own count for words the rules read as a
            // comment ("making" in "making for a tasty combination") keeps nothing.
            if said?.quantity == nil, !item.mention.contains(where: \.isNumber),
                RuleBasedFoodParser.namesOnlyAPreparation(item.mention, orState: true)
                    || ((said == nil || !readByTheRules) && !namesAFood(item))
            {
                return nil
            }
            return item
        }
        if let matcher { items = items.flatMap { Self.cutAtLink($0, by: matcher, reader: reader) } }
        var unaccounted: [String] = []
        for var piece in Self.unaccounted(text, items: items) {
            // "two eggs" + "over easy with bacon": words before a link that only say how the food
            // before them was made join it, and what follows the link is read on.
            if piece.prefixMatch(of: RuleBasedFoodParser.toppingLink) == nil, let link = piece.firstRange(of: /(?i) with\b/),
                let described = Self.describing(String(piece[..<link.lowerBound]), in: text, items: items, reader: reader)
            {
                items[described.index] = described.item
                piece = String(piece[link.lowerBound...].dropFirst())
                if FoodName.normalized(piece) == "with" { continue }
            }
            if let described = Self.describing(piece, in: text, items: items, reader: reader) {
                // What a dish is topped or filled with is a food of its own ("toast topped with
                // strawberry jam"), unless the dish's record holds it ("pizza loaded with extra meat").
                if let matcher,
                    let toppings = Self.toppings(piece, on: items[described.index], widened: described.item, by: matcher, reader: reader)
                {
                    items += toppings
                } else {
                    items[described.index] = described.item
                }
                continue
            }
            // "an energy drink, 16 fl oz": a weight or volume alone is the amount of the food before it.
            if let amount = RuleBasedFoodParser.amountOnly(Substring(piece)), let range = text.range(of: piece),
                let index = items.firstIndex(where: { item in
                    text.range(of: item.mention).map {
                        RuleBasedFoodParser.isAmountSaidAfter(amount.unit, previous: $0, piece: range, in: text)
                    } ?? false
                }), let start = text.range(of: items[index].mention)?.lowerBound
            {
                items[index].mention = String(text[start..<range.upperBound])
                items[index].quantity = amount.quantity
                items[index].unit = amount.unit
                continue
            }
            // "… and drizzled with honey": a topping said after another food is still a food.
            if let matcher, let toppings = Self.toppingParts(piece, by: matcher, reader: reader) {
                items += toppings
                continue
            }
            // "sprinkled with" + "cinnamon": the words say how the food after them was had.
            if let next = Self.opening(piece, before: items, in: text) {
                items[next.index] = next.item
                continue
            }
            // "a cereal bar" + "with fruit filling": what a record names with the food just before is
            // part of that food ("Cereal or granola bar, fruit and nut").
            if let matcher, let named = Self.namedWithTheFoodBefore(piece, in: text, items: items, by: matcher, reader: reader) {
                items[named.index] = named.item
                continue
            }
            let parsed = rules.parse(piece).map { item -> [ParsedFoodItem] in
                var item = item
                item.readBy = .rules
                guard let matcher else { return [item] }
                return Self.cutAtLink(Self.breadNamedByItsKind(item, by: matcher) ?? item, by: matcher, reader: reader)
            }
            // The model did not read these words as a food; the rules' reading of them stands when
            // they are said as another food ("with strawberry jam", "on toast") or name one ("a
            // large cappuccino", "raspberries"), not when they are a comment the database happens
            // to match a word of ("to keep it light", "freshly heated from frozen").
            let lead = FoodName.normalized(piece).split(separator: " ").first.map(String.init) ?? ""
            let linked = Self.linkWords.contains(lead) || (lead == "in" && parsed.first?.first.map(isHeldIn) == true)
            // A piece cut at its link holds foods said after the link ("falafel in a pita with tahini
            // sauce"): those parts are said as foods; the first must name one unless the piece is linked.
            let foods = parsed.flatMap { parts in
                linked ? parts : parts.prefix(1).filter(namesAFood) + parts.dropFirst()
            }
            if foods.isEmpty {
                unaccounted.append(piece)
                continue
            }
            // Words before the first food that name none are still said: right after a food they
            // are part of its name ("a bowl of spaghetti" + "bolognese with garlic bread" had lost
            // the bolognese), else review shows them.
            if let first = foods.first, let start = piece.range(of: first.mention)?.lowerBound,
                case let lead = Self.droppingTrailingLinks(piece[..<start]), !Self.unaccounted(String(lead), items: []).isEmpty
            {
                if let range = text.range(of: piece), let index = Self.itemJustBefore(range, in: text, items: items),
                    var widened = Self.widening(items[index], through: ParsedFoodItem(mention: String(lead), name: "", quantity: nil, unit: .serving), in: text)
                {
                    if let read = reader.parseSegment(Substring(widened.mention)), !read.name.isEmpty { widened.name = read.name }
                    items[index] = widened
                } else {
                    unaccounted.append(String(lead))
                }
            }
            items += foods
        }
        // A mention inside another's ("a 102g frankfurter sandwich" in "a 102g frankfurter sandwich
        // on a white bun") is the same food said once: the wider one stays; of two items read from
        // the same words, the first.
        let ranges = items.map { text.range(of: $0.mention) }
        items = items.indices.filter { index in
            guard let range = ranges[index] else { return true }
            return !ranges.indices.contains { other in
                guard other != index, let wider = ranges[other] else { return false }
                // ("a coffee … and a coffee" said twice are two.)
                if wider == range { return other < index && text.ranges(of: items[index].mention).count == 1 }
                return wider.lowerBound <= range.lowerBound && range.upperBound <= wider.upperBound
            }
        }.map { items[$0] }
        // Keep the order of the text.
        items.sort { (text.range(of: $0.mention)?.lowerBound ?? text.endIndex) < (text.range(of: $1.mention)?.lowerBound ?? text.endIndex) }
        let joined = joiningUnweighed(joiningDishes(items, in: text, reader: reader), in: text)
        // Nothing the rules read as a food is lost on the way: words of theirs that no item and no
        // piece holds come back as a piece for review.
        let held = (joined.map(\.mention) + unaccounted).compactMap { text.range(of: $0) }
        unaccounted += ruledRanges.filter { ruled in !held.contains { $0.overlaps(ruled) } }.map { String(text[$0]) }
        return FoodParse(items: joined, unaccounted: unaccounted, source: source)
    }

    /// An item that says one food "with" or "on" another, cut at the link into the foods it
    /// names when no record names them together (see ``isMatchedAsSaid(_:by:)``): the model
    /// proposes the span, the code checks that it holds one food. "some grilled fish with rice" is
    /// fish and rice; "a doughnut with icing" ("Doughnut, cake type, with icing") and "mashed
    /// potatoes with gravy" stay one. Each side must name a food (``namesAFoodWord(_:by:)``), so
    /// "coffee with a splash" stays whole; a bread said by its kind after "on" names that bread
    /// ("on whole wheat with mayo", ``breadNamedByItsKind(_:by:)``). A dish and what dish names
    /// say it is served on are joined again afterwards (``joiningDishes(_:in:reader:)``). A food
    /// said "in" another is cut there when the words say it covers the food ("slathered in
    /// sauce"); at any link, a span whose sides each say a weight of their own is cut whatever a
    /// record names ("75g Polish sausage in a 45g wheat hot dog bun"). The part before the link
    /// keeps the model as its reader; the rest is read by the rules. (The rules' own reading of a whole piece is not cut: on public
    /// meal descriptions "X with Y" more often names one record.)
    static func cutAtLink(_ item: ParsedFoodItem, by resolver: FoodResolver, reader: RuleBasedFoodParser) -> [ParsedFoodItem] {
        let mention = item.mention
        // "ham slathered in barbecue sauce": what covers a food is said "in" it as well as "with".
        let covering = mention.firstMatch(of: RuleBasedFoodParser.toppingLink).flatMap { opening in
            mention[opening.range].range(of: " in ", options: [.caseInsensitive, .backwards])
        }
        // "75g Polish sausage in a 45g wheat hot dog bun": each side weighed on its own is a food
        // of its own, whatever a record names.
        let weighed = [" in ", " with ", " on "].compactMap { mention.range(of: $0, options: .caseInsensitive) }
            .filter { RuleBasedFoodParser.weighsBothSides(of: $0, in: mention[...]) }
            .min { $0.lowerBound < $1.lowerBound }
        guard let link = ([covering, weighed] + [" with ", " on "].map { mention.range(of: $0, options: .caseInsensitive) }).compactMap({ $0 })
            .min(by: { $0.lowerBound < $1.lowerBound }),
            link == weighed || !isMatchedAsSaid(spanAsSaid(item, link: mention[link], reader: reader), by: resolver),
            let said = reader.parseSegment(mention[..<link.lowerBound])
        else { return [item] }
        var first = breadNamedByItsKind(said, by: resolver) ?? said
        first.name = droppingToppingOpening(from: first.name, of: first.mention, in: mention)
        let after = String(mention[link.upperBound...])
        var rest = reader.parse(after).map { breadNamedByItsKind($0, by: resolver) ?? $0 }
        // Words after the link the rules read as no food stay in the item unless they name a
        // topping ("… with cinnamon and drizzled with honey"): a cut never drops a food.
        for piece in unaccounted(after, items: rest) {
            guard let toppings = toppingParts(piece, by: resolver, reader: reader) else { return [item] }
            rest += toppings
        }
        rest.sort { (after.range(of: $0.mention)?.lowerBound ?? after.endIndex) < (after.range(of: $1.mention)?.lowerBound ?? after.endIndex) }
        func namesAFoodWord(_ part: ParsedFoodItem) -> Bool { Self.namesAFoodWord(part, by: resolver) }
        guard !rest.isEmpty, rest.allSatisfy(namesAFoodWord) else { return [item] }
        let parts = rest.flatMap { part -> [ParsedFoodItem] in
            var part = part
            part.readBy = .rules
            return cutAtLink(part, by: resolver, reader: reader)
        }
        // "two eggs" + "over easy with bacon and toast": a few words before the link that name no
        // food and say no amount ("a cereal bar" does) say how the food before them was made; they
        // are left for the caller to read with it.
        // A brand names its food too ("a bowl of cheerios" + "milk": no record begins with
        // "cheerios", the milk had been lost): the first part stands when its record holds every
        // word naming it.
        guard namesAFoodWord(first) || Self.isHeldByItsRecord(first, by: resolver) else {
            let saysHowItWasMade = QuantityText.leading(Substring(first.mention)) == nil
                && FoodName.normalized(first.mention).split(separator: " ").count <= 3
            return saysHowItWasMade ? parts : [item]
        }
        first.readBy = item.readBy
        return [first] + parts
    }

    /// The item named by its span's own words when its name leaves out the link the span says: the
    /// model may name "a bowl of cheerios with milk" "cheerios", and the milk must still be judged
    /// (it had been lost). The rules' name for the span stands in.
    static func spanAsSaid(_ item: ParsedFoodItem, link: Substring, reader: RuleBasedFoodParser) -> ParsedFoodItem {
        let linkWord = FoodName.normalized(String(link)).split(separator: " ").last.map(String.init) ?? ""
        guard !FoodName.normalized(item.name).split(separator: " ").contains(Substring(linkWord)),
            let read = reader.parseSegment(Substring(item.mention))
        else { return item }
        var said = item
        said.name = read.name
        return said
    }

    /// Whether the record a part resolves to without the model holds every word naming the part
    /// ("cheerios": "Cereals ready-to-eat, GENERAL MILLS, CHEERIOS").
    static func isHeldByItsRecord(_ part: ParsedFoodItem, by resolver: FoodResolver) -> Bool {
        let words = namingWords(part.name)
        guard !words.isEmpty, let match = resolver.resolveWithoutModel(part)?.match else { return false }
        let record = Set(FoodIndex.stems(match.name))
        return words.allSatisfy { Self.record(record, holds: $0) }
    }

    /// Whether a part of a span names a food: one of its words begins a record ("fish", "rice"),
    /// or it is an everyday word for one (an alias: "mayo", "pita"). A record that merely holds
    /// the word is not enough ("to spread" is no "Chicken spread", "calcium" no SpaghettiOs).
    static func namesAFoodWord(_ part: ParsedFoodItem, by resolver: FoodResolver) -> Bool {
        let words = namingWords(part.name)
        if words.contains(where: { resolver.database?.isFoodWord($0) == true }) { return true }
        // The alias names the food whatever state is said ("fried steak": the alias is broiled steak).
        let plain = words.filter { !FoodIndex.cookingStates.contains(FoodIndex.stem($0)) }
        if plain.count < words.count, !plain.isEmpty, resolver.database?.aliasMatch(for: plain.joined(separator: " ")) != nil { return true }
        return !words.isEmpty && resolver.resolveWithoutModel(part)?.match?.viaAlias == true
    }

    /// A food put "on" a kind of bread said without the word bread ("tuna on whole wheat", "on
    /// rye", "on sourdough") is put on that bread: the part after "on" is named "… bread" when a
    /// bread record holds every word said. `nil` when the part says more, or is no such bread.
    static func breadNamedByItsKind(_ part: ParsedFoodItem, by resolver: FoodResolver) -> ParsedFoodItem? {
        let words = namingWords(part.name)
        guard FoodName.normalized(part.mention).hasPrefix("on "), !words.isEmpty, !words.contains("bread"),
            !words.contains(where: { resolver.database?.isFoodWord($0) == true && !breadKinds.contains($0) })
        else { return nil }
        var bread = part
        bread.name = part.name + " bread"
        guard let match = resolver.resolveWithoutModel(bread)?.match else { return nil }
        let record = Set(FoodIndex.stems(match.name))
        guard record.contains("bread"), words.allSatisfy({ FoodIndex.stems($0).allSatisfy(record.contains) }) else { return nil }
        return bread
    }

    /// Words that name a bread said alone after "on" although some also begin other foods' names
    /// ("rye", "wheat"): they do not stop ``breadNamedByItsKind(_:by:)``.
    /// Read from `Resources/bread-kinds.txt`.
    static let breadKinds: Set<String> = WordList.bundled("bread-kinds").words

    /// Whether a food said after "in" holds the one before it ("falafel in a pita", "in a
    /// tortilla"): it names a food word of the database and no container ("in a bowl" says how
    /// it was served, "in the morning" when).
    func isHeldIn(_ item: ParsedFoodItem) -> Bool {
        guard let matcher else { return true }
        return !Self.namingWords(item.name).contains(where: RuleBasedFoodParser.containerWords.contains)
            && Self.namesAFoodWord(item, by: matcher)
    }

    /// Whether a rules item read from words the model left out names a food: it says an amount of
    /// its own, or its database match holds more than half of the words that could name a food
    /// (not how it was made, its size or a word like "all"), and one of those it holds names more
    /// than a state ("fresh tomato", "raspberries"; not "to keep it light", "freshly heated from
    /// frozen"). Without the database every item does.
    func namesAFood(_ item: ParsedFoodItem) -> Bool {
        guard let matcher else { return true }
        if QuantityText.leading(Substring(item.mention))?.value != nil
            || RuleBasedFoodParser.measuredAmount(in: Substring(item.mention)) != nil
        {
            return true
        }
        guard let match = matcher.resolveWithoutModel(item)?.match else { return false }
        // "I treated myself to a Taco Bell quesadilla" + "filled with chicken": a dish said last
        // names the food when the record's head is that dish, whatever the words before it say (a
        // brand, a place); the quesadilla had been dropped and its filling kept.
        if let dish = FoodResolver.headNoun(of: item.name).map(FoodIndex.stem), FoodIndex.dishWords.contains(dish),
            FoodIndex.head(match.name.split(separator: ",")).contains(dish)
        {
            return true
        }
        let record = Set(FoodIndex.stems(match.name))
        // "seaweed salad": a dish made of the food before it is named by that food.
        let name = matcher.database.flatMap { FoodResolver.foodADishIsMadeOf(item.name, in: $0) } ?? item.name
        // What the food is said to be without names no food of it ("crusts" in "jelly sandwich without crusts").
        let leftOut = FoodIndex.leftOut(FoodIndex.stems(name))
        let words = Self.namingWords(name).filter { !leftOut.contains(FoodIndex.stem($0)) && !["without", "no"].contains($0) }
        // The words as the search reads them, a cooking state in any form the database writes it
        // ("roast potatoes" are "roasted potato", held by "Potato, baked").
        let query = FoodIndex.Query(words.joined(separator: " "))
        // Two words the database writes as one ("soy milk", "Soymilk, original …") are both held.
        let joined = Set(zip(query.words, query.words.dropFirst()).filter { record.contains(FoodIndex.stem($0 + $1)) }.flatMap { [$0, $1] })
        let held = zip(query.words, query.forms).filter { word, forms in
            record.contains(word) || joined.contains(word) || (FoodIndex.cookingStates.contains(word) && forms.contains(where: record.contains))
        }
        // A cooking state the record does not say only describes the food: "charred peppers" are
        // peppers ("Peppers, raw, NFS" holds one of the two words said, and had been refused).
        let heldWords = Set(held.map(\.0))
        let describing = query.words.filter { FoodIndex.cookingStates.contains($0) && !heldWords.contains($0) }.count
        return held.count * 2 > query.words.count - describing && held.contains { !FoodIndex.cookingStates.contains($0.0) }
    }

    /// When the text weighs its foods ("203g of pizza with assorted meats, a 372g cola"), an item
    /// with no amount of its own describes the weighed one just before it ("with assorted meats",
    /// "rice, and vegetables" in "170g of baby food made with turkey, rice, and vegetables"), as the
    /// rules read such texts: its mention joins that item's, which keeps its amount. The name is
    /// the rules' reading of the joined words when they read them as one food: the weight is that
    /// whole food's ("a 480g ham and cheese submarine sandwich" is no 480 g of ham). An item after
    /// one the text does not weigh stays a food of its own ("hummus" in "a medium wheat pita with
    /// hummus, and 720g of iced black tea"), and so does one whose joined words match no record
    /// where the weighed food's match one ("263g succulent ham slathered in barbecue sauce"), or,
    /// when the amount is a volume, whose record leaves out a food word of it ("1 cup of cooked
    /// quinoa with black beans"); a mass holds the whole dish.
    func joiningUnweighed(_ items: [ParsedFoodItem], in text: String) -> [ParsedFoodItem] {
        func isWeighed(_ item: ParsedFoodItem) -> Bool { RuleBasedFoodParser.measuredAmount(in: Substring(item.mention)) != nil }
        guard items.contains(where: isWeighed) else { return items }
        return Self.joiningEach(items) { previous, item in
            guard let weight = RuleBasedFoodParser.measuredAmount(in: Substring(previous.mention)),
                !item.mention.contains(where: \.isNumber), !saysItsOwnAmount(item),
                var widened = Self.widening(previous, through: item, in: text)
            else { return nil }
            let ruled = rules.parse(widened.mention)
            if ruled.count == 1, let whole = ruled.first, !whole.name.isEmpty { widened.name = whole.name }
            guard let matcher else { return widened }
            // Joined words that name no food the database holds, where the weighed food alone
            // does, stay apart: the join must not lose a food ("263g succulent ham" + "barbecue sauce").
            guard let match = matcher.resolveWithoutModel(widened)?.match else {
                return matcher.resolveWithoutModel(previous)?.match == nil ? widened : nil
            }
            // Nor may the record the joined words find leave the food out: "1 cup of cooked quinoa"
            // + "black beans" is no "Quinoa, cooked" (the beans had been lost). A mass said is the
            // whole dish's whatever the record names: "88g of garlic bread" + "gooey melted cheese"
            // weighs 88 g in all, not 88 g and a cheese portion on top.
            if weight.unit.grams != nil { return widened }
            guard let database = matcher.database else { return widened }
            return Self.recordHolds(match.name, every: Self.namingWords(item.name).filter(database.isFoodWord)) ? widened : nil
        }
    }

    /// Whether an item without a number says an amount of its own: an amount word ("a", "two")
    /// opens it, or, after a link, an amount with a unit ("on a slice of whole grain bread"; "on a
    /// white bun" only says what the food before it was served on).
    func saysItsOwnAmount(_ item: ParsedFoodItem) -> Bool {
        let words = item.mention.split(separator: " ")
        let said = Substring(words.drop { Self.linkWords.contains($0.lowercased()) }.joined(separator: " "))
        guard QuantityText.leading(said)?.value != nil else { return false }
        guard said.count < item.mention.count else { return true }
        return rules.parseSegment(said).map { $0.unit != .piece && $0.unit != .serving } ?? false
    }

    /// The item a left-over piece describes, with its mention widened over it, when the piece
    /// follows that item's mention directly and opens with a description opening
    /// (``RuleBasedFoodParser/descriptionOpenings``: "made with", "filled with") or only
    /// says the state the food is in (``statesTheFood(_:)``).
    static func describing(
        _ piece: String, in text: String, items: [ParsedFoodItem], reader: RuleBasedFoodParser
    ) -> (index: Int, item: ParsedFoodItem)? {
        guard RuleBasedFoodParser.descriptionOpenings.contains(where: piece.lowercased().hasPrefix) || statesTheFood(piece),
            let range = text.range(of: piece), let index = itemJustBefore(range, in: text, items: items),
            let before = text.range(of: items[index].mention)
        else { return nil }
        let item = items[index]
        // The name takes in how it was made ("cream of wheat made with water" is not the dry
        // cereal); the amount stays the one said before.
        var widened = reader.parseSegment(text[before.lowerBound..<range.upperBound]) ?? item
        widened.mention = String(text[before.lowerBound..<range.upperBound])
        widened.quantity = item.quantity
        widened.unit = item.unit
        widened.readBy = item.readBy
        return (index, widened)
    }

    /// The item just before a piece said "with" one other food, with its mention widened over the
    /// piece, when the database names them as one food: the record found for the widened words
    /// holds the food words of both and names the food before (``names(_:saidBefore:said:in:)``: "a
    /// cereal bar" + "with fruit filling" is "Cereal or granola bar, fruit and nut"). `nil`
    /// otherwise: "porridge" + "with raspberries" stays two foods, the topping a portion of its own;
    /// "toast" + "with peanut butter" is no peanut butter toast cereal; two foods after the link
    /// ("with lettuce and tomato") are foods of their own.
    static func namedWithTheFoodBefore(
        _ piece: String, in text: String, items: [ParsedFoodItem], by resolver: FoodResolver, reader: RuleBasedFoodParser
    ) -> (index: Int, item: ParsedFoodItem)? {
        guard FoodName.normalized(piece).hasPrefix("with "), !piece.contains(where: \.isNumber),
            let range = text.range(of: piece), let index = itemJustBefore(range, in: text, items: items),
            let before = text.range(of: items[index].mention),
            var widened = reader.parseSegment(text[before.lowerBound..<range.upperBound]),
            case let parts = reader.parse(String(piece.drop { $0 != " " })), parts.count == 1,
            !FoodName.normalized(piece).split(separator: " ").contains("and"), parts.allSatisfy({ namesAFoodWord($0, by: resolver) })
        else { return nil }
        widened.mention = String(text[before.lowerBound..<range.upperBound])
        // The record the widened words find must hold both foods and name the one before.
        guard let database = resolver.database, let match = resolver.resolveWithoutModel(widened)?.match else { return nil }
        let record = Set(FoodIndex.stems(whatARecordHolds(match.name)))
        let saidBefore = Set(FoodIndex.stems(items[index].name))
        let said = namingWords(items[index].name) + parts.flatMap { namingWords($0.name) }
        // Each part must be in the record by a word of its own, not only by its food words ("toast"
        // begins no record of its own, and "Egg, whole, fried" holds none of "with toast").
        guard said.filter(database.isFoodWord).allSatisfy({ Self.record(record, holds: $0) }),
            parts.allSatisfy({ namingWords($0.name).contains { Self.record(record, holds: $0) } }),
            names(match.name, saidBefore: saidBefore, said: saidBefore.union(said.flatMap(FoodIndex.stems)), in: database)
        else { return nil }
        widened.quantity = items[index].quantity
        widened.unit = items[index].unit
        widened.readBy = items[index].readBy
        return (index, widened)
    }

    /// A piece without the links and commas it ends with ("bolognese" for "bolognese with ").
    static func droppingTrailingLinks(_ piece: Substring) -> Substring {
        var words = piece.split(separator: " ", omittingEmptySubsequences: true)
        while let last = words.last, linkWords.contains(last.lowercased()) || last.allSatisfy({ $0 == "," }) { words.removeLast() }
        guard let last = words.last, let end = piece.range(of: last, options: .backwards)?.upperBound else {
            return piece[piece.startIndex..<piece.startIndex]
        }
        return piece[piece.startIndex..<end]
    }

    /// The index of the item whose mention ends just before `range` (only spaces or a comma between).
    static func itemJustBefore(_ range: Range<String.Index>, in text: String, items: [ParsedFoodItem]) -> Int? {
        items.indices.first { index in
            guard let before = text.range(of: items[index].mention), before.upperBound <= range.lowerBound else { return false }
            return text[before.upperBound..<range.lowerBound].allSatisfy { $0.isWhitespace || $0 == "," }
        }
    }

    /// The foods a piece that tops or fills the dish before it names ("topped with strawberry jam",
    /// "filled with chicken and cheese"), each said with that dish and so a topping's portion; `nil`
    /// when the piece opens no topping (``RuleBasedFoodParser/toppingLink``), names no food
    /// ("filled with creamy goodness"), or the database names the dish with it as one food: a record found for `widened`
    /// (the dish's mention widened over the piece) holds the dish's food words and every food word
    /// of the piece ("pizza loaded with extra meat and vegetables" is "Pizza with extra meat and
    /// extra vegetables"; "a pancake drizzled with rich chocolate" is "Pancakes, with chocolate").
    static func toppings(
        _ piece: String, on dish: ParsedFoodItem, widened: ParsedFoodItem, by resolver: FoodResolver,
        reader: RuleBasedFoodParser
    ) -> [ParsedFoodItem]? {
        guard let parts = toppingParts(piece, by: resolver, reader: reader), let database = resolver.database else { return nil }
        let said = (namingWords(dish.name) + parts.flatMap { namingWords($0.name) }).filter(database.isFoodWord)
        let namedTogether = resolver.databaseCandidates(widened.name, limit: recordsAskedForADish).contains { record in
            let held = Set(FoodIndex.stems(whatARecordHolds(record.name)))
            return said.allSatisfy { Self.record(held, holds: $0) }
        }
        return namedTogether ? nil : parts
    }

    /// A rules item that says a dish topped with other foods ("greek yogurt topped with granola
    /// and honey"), as the dish and its toppings (see ``toppings(_:on:widened:by:reader:)``);
    /// `nil` when it says none, or the database names the dish with them.
    static func cuttingToppings(_ item: ParsedFoodItem, by resolver: FoodResolver, reader: RuleBasedFoodParser) -> [ParsedFoodItem]? {
        let mention = item.mention
        guard let opening = mention.firstMatch(of: RuleBasedFoodParser.toppingLink) else { return nil }
        let said = mention[..<opening.range.lowerBound].trimmingCharacters(in: .whitespaces)
        guard !said.isEmpty, var dish = reader.parseSegment(Substring(said)) else { return nil }
        dish.mention = said
        dish.readBy = item.readBy
        guard let toppings = toppings(String(mention[opening.range.lowerBound...]), on: dish, widened: item, by: resolver, reader: reader)
        else { return nil }
        return [dish] + toppings
    }

    /// The foods a piece opening with a topping opening and "with" names ("drizzled with honey"),
    /// read by the rules, the first one's mention opening with those words; `nil` when the piece
    /// opens otherwise or a part names no food ("filled with creamy goodness"). A further topping
    /// said after them is read the same way: "drizzled with chocolate sauce and sprinkled with
    /// crushed peanuts" had lost the peanuts (the rules read "sprinkled …" alone as a comment).
    static func toppingParts(_ piece: String, by resolver: FoodResolver, reader: RuleBasedFoodParser) -> [ParsedFoodItem]? {
        guard let opening = piece.prefixMatch(of: RuleBasedFoodParser.toppingLink) else { return nil }
        let rest = String(piece[opening.range.upperBound...])
        var parts = reader.parse(rest)
        for left in unaccounted(rest, items: parts) {
            parts += toppingParts(left, by: resolver, reader: reader) ?? []
        }
        parts.sort { (rest.range(of: $0.mention)?.lowerBound ?? rest.endIndex) < (rest.range(of: $1.mention)?.lowerBound ?? rest.endIndex) }
        guard let first = parts.first, parts.allSatisfy({ namesAFoodWord($0, by: resolver) }),
            let range = piece.range(of: first.mention)
        else { return nil }
        parts[0].mention = String(piece[piece.startIndex..<range.upperBound])
        return parts.map { part in
            var part = part
            part.readBy = .rules
            return part
        }
    }

    /// `name` without a last word that opens what tops the food, when "with" or "in" follows its mention:
    /// in "a bagel spread with cream cheese" the bagel is spread, it is no "bagel spread" (which
    /// had become a chicken spread).
    static func droppingToppingOpening(from name: String, of mention: String, in text: String) -> String {
        var words = name.split(separator: " ")
        guard words.count > 1, let last = words.last, let range = text.range(of: mention),
            let link = text[range.upperBound...].lowercased().split(separator: " ").first,
            RuleBasedFoodParser.opensTopping(last.lowercased(), String(link))
        else { return name }
        words.removeLast()
        return words.joined(separator: " ")
    }

    /// The item whose mention directly follows `piece` when the piece is only a topping opening and
    /// "with" ("sprinkled with" before "cinnamon"), with its mention widened over the piece.
    static func opening(_ piece: String, before items: [ParsedFoodItem], in text: String) -> (index: Int, item: ParsedFoodItem)? {
        guard (piece + " ").wholeMatch(of: RuleBasedFoodParser.toppingLink) != nil, let range = text.range(of: piece) else { return nil }
        for (index, item) in items.enumerated() {
            guard let after = text.range(of: item.mention, range: range.upperBound..<text.endIndex),
                text[range.upperBound..<after.lowerBound].allSatisfy(\.isWhitespace)
            else { continue }
            var widened = item
            widened.mention = String(text[range.lowerBound..<after.upperBound])
            return (index, widened)
        }
        return nil
    }

    /// How many of the records found for a dish said with what tops it are asked whether they
    /// name the two together.
    static let recordsAskedForADish = 10

    /// Whether a piece only says the state a food is in, as cooking states and states of a food
    /// do ("brewed" in "720g of iced black tea, brewed"; "grilled and seasoned"): said after a
    /// food, it is part of that food's name (brewed tea is unsweetened, bottled iced tea is not).
    /// Words the database writes as a state are that state ("over easy" is "fried").
    static func statesTheFood(_ piece: String) -> Bool {
        let words = FoodIndex.Query.rewritten(FoodName.normalized(piece).split(separator: " ").map(String.init))
        let states = words.flatMap { $0.split(separator: " ").map(String.init) }.filter { $0 != "and" }
        return (1...3).contains(states.count)
            && states.allSatisfy { FoodIndex.cookingStates.contains($0) || RuleBasedFoodParser.foodStates.contains($0) }
    }

    /// The item with its mention widened to whole words ("2 cookie" in "2 cookies" → "2 cookies").
    static func wholeWords(_ item: ParsedFoodItem, in text: String) -> ParsedFoodItem {
        guard let range = text.range(of: item.mention) else { return item }
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower > text.startIndex, text[text.index(before: lower)].isLetter, text[lower].isLetter {
            lower = text.index(before: lower)
        }
        while upper < text.endIndex, upper > text.startIndex, text[upper].isLetter, text[text.index(before: upper)].isLetter {
            upper = text.index(after: upper)
        }
        var widened = item
        widened.mention = String(text[lower..<upper])
        return widened
    }

    /// The item with its mention widened to take in an amount written just before it ("200g " + "rice"),
    /// unless those words end with another of the model's items, nothing but filler words between
    /// them: in speech without commas ("two eggs over easy some bacon") "some bacon" had taken in
    /// the eggs, and the eggs were lost. A link between them keeps the widening ("a 102g
    /// frankfurter sandwich on a white bun" is one food).
    static func extendingMention(
        _ item: ParsedFoodItem, in text: String, reader: RuleBasedFoodParser, others: [ParsedFoodItem] = []
    ) -> ParsedFoodItem {
        guard let range = text.range(of: item.mention) else { return item }
        let before = text[text.startIndex..<range.lowerBound]
        // The words since the last separator (comma, "and", "with", …).
        let segmentStart = before.matches(of: RuleBasedFoodParser.separator).last?.range.upperBound ?? text.startIndex
        // Filler words ("I had") stay outside the mention; the amount comes in.
        let prefix = RuleBasedFoodParser.dropLeadingFillers(text[segmentStart..<range.lowerBound].drop(while: \.isWhitespace))
        guard !prefix.trimmingCharacters(in: .whitespaces).isEmpty, QuantityText.leading(prefix)?.value != nil,
            reader.parseSegment(text[prefix.startIndex..<range.upperBound]) != nil,
            !others.contains(where: { other in
                guard other.mention != item.mention, let otherRange = text.range(of: other.mention),
                    otherRange.overlaps(prefix.startIndex..<range.lowerBound), otherRange.upperBound <= range.lowerBound
                else { return false }
                let between = FoodName.normalized(String(text[otherRange.upperBound..<range.lowerBound])).split(separator: " ").map(String.init)
                return between.allSatisfy { RuleBasedFoodParser.fillers.contains($0) && !linkWords.contains($0) }
            })
        else { return item }
        var widened = item
        widened.mention = String(text[prefix.startIndex..<range.upperBound])
        return widened
    }

    /// A mention that names only an amount ("a cup" in "a cup of black tea with a splash of
    /// milk") is the amount of the food said after it: the mention takes in "of …" up to the
    /// next separator. Other items are returned unchanged.
    static func takingInWhatItMeasures(_ item: ParsedFoodItem, in text: String) -> ParsedFoodItem {
        let words = namingWords(item.mention)
        guard words.allSatisfy({ FoodUnit(word: $0) != nil || RuleBasedFoodParser.containerWords.contains($0) }),
            let range = text.range(of: item.mention)
        else { return item }
        let after = text[range.upperBound...]
        guard let of = after.prefixMatch(of: /(?i)\s+of\s+/) else { return item }
        let rest = after[of.range.upperBound...]
        let end = rest.firstMatch(of: RuleBasedFoodParser.separator)?.range.lowerBound ?? rest.endIndex
        guard rest[..<end].contains(where: \.isLetter) else { return item }
        var widened = item
        widened.mention = String(text[range.lowerBound..<end])
        return widened
    }
}
