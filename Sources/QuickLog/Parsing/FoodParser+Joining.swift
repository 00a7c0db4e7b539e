import Foundation

/// Joining and marking what was read, whoever read it: a food said again, what a dish holds, is
/// filled or topped with, or is listed with joins it; what a food was had with is marked.
extension FoodParser {
    /// A food said after a dish whose record already holds every word naming it is the dish said
    /// again in more words ("a peanut butter and jelly sandwich, made with regular peanut butter and
    /// regular jelly"; "a cup of beef curry, … tender beef"): its mention joins the dish's,
    /// which keeps its name and amount. An item with a number or a unit of its own ("a cup of milk")
    /// stays a food, and so does one the record holds only in how it was prepared ("Coffee,
    /// brewed, prepared with tap water" does not hold "water").
    func joiningWhatTheRecordHolds(_ items: [ParsedFoodItem], in text: String) -> [ParsedFoodItem] {
        guard let matcher, items.count > 1 else { return items }
        var joined: [ParsedFoodItem] = []
        // The record of the dish last kept (as it was read, before any mention joined it), looked
        // up only when an item after it could join it.
        var dish: (item: ParsedFoodItem, record: Set<String>?)?
        for item in items {
            let words = Self.namingWords(item.name)
            if let previous = joined.last, let said = dish, !words.isEmpty, !item.mention.contains(where: \.isNumber),
                item.unit == .serving || item.unit == .piece
            {
                let record = said.record
                    ?? matcher.resolveWithoutModel(said.item)?.match.map { Set(FoodIndex.stems(Self.whatARecordHolds($0.name))) } ?? []
                dish?.record = record
                if !record.isEmpty, words.allSatisfy({ Self.record(record, holds: $0) }),
                    let widened = Self.widening(previous, through: item, in: text)
                {
                    joined[joined.count - 1] = widened
                    continue
                }
            }
            joined.append(item)
            dish = (item, nil)
        }
        return joined
    }

    /// A dish and two or more foods listed with it, none with a number of its own, are one food
    /// as far as a record names the dish with every one of them: in "a flaky croissant sandwich
    /// with crispy bacon, a fluffy egg, and gooey cheese" the sandwich, the bacon and the egg are
    /// "Egg sandwich on croissant, with bacon" (each had been a portion of its own on top of the
    /// dish's, which holds it), the cheese stays a food. The record found for the dish said with
    /// the listed foods must hold every food word of each of them and of the dish, but for the
    /// dish's words naming a kind of dish ("sandwich"; `Resources/dish-words.txt`), of which it
    /// must hold one, and its head must be that of the dish's own record. The longest list a
    /// record names is joined; the dish keeps its amount.
    func joiningListedParts(_ items: [ParsedFoodItem], in text: String) -> [ParsedFoodItem] {
        guard let matcher, let database = matcher.database, items.count > 1 else { return items }
        func foodWords(_ item: ParsedFoodItem) -> [String] { Self.namingWords(item.name).filter(database.isFoodWord) }
        var result: [ParsedFoodItem] = []
        var index = 0
        while index < items.count {
            let dish = items[index]
            let parts = Self.listedAfter(index, in: items, text: text)
            // Two foods listed at least, one of them perhaps in the dish's mention ("a croissant
            // sandwich with crispy bacon" + "a fluffy egg").
            let saysOneAlready = Self.saysAFoodWith(dish.mention)
            var joined: ParsedFoodItem?
            // The record must be of the dish the dish alone is ("Egg sandwich on croissant" → "…, with
            // bacon"), not another ("a turkey sandwich with lettuce and tomato" is no submarine sandwich).
            let alone = parts > 0 ? matcher.resolveWithoutModel(dish)?.match : nil
            let dishWords = foodWords(dish)
            let kinds = dishWords.filter { FoodIndex.stems($0).allSatisfy(FoodIndex.dishWords.contains) }
            for count in stride(from: parts, through: saysOneAlready ? 1 : 2, by: -1) {
                let listed = items[(index + 1)...(index + count)]
                guard var widened = Self.widening(dish, through: listed.last!, in: text) else { break }
                widened.name = dish.name + " with " + listed.map(\.name).joined(separator: " and ")
                guard let match = matcher.resolveWithoutModel(widened)?.match, match.isDatabaseFood,
                    alone.map({ FoodIndex.head($0.name.split(separator: ",")) == FoodIndex.head(match.name.split(separator: ",")) }) ?? true
                else { continue }
                let record = Set(FoodIndex.stems(Self.whatARecordHolds(match.name)))
                func held(_ word: String) -> Bool { Self.record(record, holds: word) }
                guard listed.allSatisfy({ let words = foodWords($0); return !words.isEmpty && words.allSatisfy(held) }),
                    dishWords.filter({ !kinds.contains($0) }).allSatisfy(held), dishWords.contains(where: held)
                else { continue }
                joined = widened
                index += count + 1
                break
            }
            if let joined {
                result.append(joined)
            } else {
                result.append(dish)
                index += 1
            }
        }
        return result
    }

    /// Whether a mention says a food "with" another after its first word ("a croissant sandwich
    /// with crispy bacon").
    static func saysAFoodWith(_ mention: String) -> Bool {
        FoodName.normalized(mention).split(separator: " ").dropFirst().contains("with")
    }

    /// How many items after `index` are listed after it: the first said "with" it (or after a
    /// mention that opens a list, "packed with sausage", "with crispy bacon"), the others after a
    /// comma or "and", none with a number of its own.
    static func listedAfter(_ index: Int, in items: [ParsedFoodItem], text: String) -> Int {
        guard var previous = text.range(of: items[index].mention) else { return 0 }
        var opened = opensFillings(items[index].mention) || saysAFoodWith(items[index].mention)
        var count = 0
        for item in items[(index + 1)...] {
            guard !item.mention.contains(where: \.isNumber),
                let range = text.range(of: item.mention, range: previous.upperBound..<text.endIndex)
            else { break }
            // The words from the food before to this one's name: "with", "topped with", ", and".
            let between = FoodName.normalized(String(text[previous.upperBound..<range.lowerBound])).split(separator: " ").map(String.init)
            let leading = FoodName.normalized(item.mention).split(separator: " ").map(String.init)
                .prefix { $0 == "with" || $0 == "and" || RuleBasedFoodParser.toppingOpenings.contains($0) }
            let link = between + leading
            let opens = link.last == "with" && link.dropLast().allSatisfy { $0 == "and" || RuleBasedFoodParser.toppingOpenings.contains($0) }
            guard opened ? link.allSatisfy({ $0 == "and" }) || opens : opens else { break }
            opened = true
            count += 1
            previous = range
        }
        return count
    }

    /// A food named without an amount or an article, then named again at once with an amount, is
    /// the one food said twice, first as what the meal was, then how much of it: "we had tacos
    /// tonight three chicken tacos with salsa" is three chicken tacos, not five. The second item
    /// keeps its name and amount; its mention takes in the first.
    static func joiningAFoodSaidAgain(_ items: [ParsedFoodItem], in text: String) -> [ParsedFoodItem] {
        joiningEach(items) { previous, item in
            let first = FoodName.normalized(previous.mention).split(separator: " ").map(String.init)
            guard previous.quantity == nil, item.quantity != nil, !previous.mention.contains(where: \.isNumber),
                !first.contains(where: { ["a", "an", "some", "the"].contains($0) }),
                let said = namingWords(previous.name).last, let again = namingWords(item.name).last,
                FoodIndex.stem(said) == FoodIndex.stem(again),
                let before = text.range(of: previous.mention),
                let range = text.range(of: item.mention, range: before.upperBound..<text.endIndex),
                FoodName.normalized(String(text[before.upperBound..<range.lowerBound])).isEmpty
            else { return nil }
            var joined = item
            joined.mention = String(text[before.lowerBound..<range.upperBound])
            return joined
        }
    }

    /// A dish named by what fills or tops it (`Resources/filled-dishes.txt`) with a food before it
    /// that no record of the dish holds is that dish with that food on or in it: "avocado toast" is
    /// toast and an avocado topping, not French toast; "a chicken caesar salad" keeps its chicken,
    /// "beef stir fry" its beef. So are the words before the dish when the record holding them all
    /// names another food made of them ("some peanut butter toast" is no "PEANUT BUTTER TOAST
    /// CRUNCH" cereal). The food must begin with a word that begins a record of its own and not be
    /// of a kind the record names ("Asian stir fry vegetables" holds no beef, but would a carrot);
    /// the record found must hold the dish's word, no record among the best found may name the
    /// whole ("Taco, NFS" comes first for "beef tacos", but "Fast foods, taco with beef, …" is
    /// one), and the item names no link ("with", "on", "and"). The topping's mention is its words,
    /// inside the dish's mention; the dish keeps its amount.
    func separatingWhatTopsADish(_ item: ParsedFoodItem) -> [ParsedFoodItem] {
        guard let matcher, let database = matcher.database else { return [item] }
        let words = Self.namingWords(item.name)
        let said = FoodName.normalized(item.name).split(separator: " ").map(String.init)
        guard words.count >= 2, item.company == .asMentioned, !said.contains(where: { Self.linkWords.contains($0) || $0 == "or" || $0 == "in" }),
            let dish = words.last, Self.filledDishes.contains(dish), let match = matcher.resolveWithoutModel(item)?.match,
            match.isDatabaseFood, !match.viaAlias,
            // "a Taco Bell quesadilla": a brand said first is where the dish came from, not its topping.
            FoodResolver.withoutBrand(item.name, in: database) == nil
        else { return [item] }
        let record = Set(FoodIndex.stems(match.name))
        let saidStems = Set(words.flatMap(FoodIndex.stems))
        guard Self.record(record, holds: dish) else { return [item] }
        let missing = words.dropLast().filter { !Self.record(record, holds: $0) && database.isFoodWord($0) }
        let topping: [String]
        if missing.count == 1 {
            topping = missing
        } else if missing.isEmpty, words.count <= 3, database.isFoodWord(words[0]), Self.namesAnotherFood(match.name, madeOf: saidStems) {
            topping = Array(words.dropLast())
        } else {
            return [item]
        }
        let pattern = "\\b" + topping.joined(separator: "[\\s-]+") + "\\b"
        guard let range = item.mention.range(of: pattern, options: [.regularExpression, .caseInsensitive]),
            !matcher.databaseCandidates(item.name, limit: 10).contains(where: { candidate in
                let stems = Set(FoodIndex.stems(candidate.name))
                return words.allSatisfy { Self.record(stems, holds: $0) } && !Self.namesAnotherFood(candidate.name, madeOf: saidStems)
            })
        else { return [item] }
        let name = topping.joined(separator: " ")
        let alone = ParsedFoodItem(mention: name, name: name, quantity: nil, unit: .serving)
        let kinds = record.intersection(FoodIndex.kindWords)
        if !kinds.isEmpty {
            let category = matcher.resolveWithoutModel(alone)?.match?.category ?? ""
            guard Set(FoodIndex.stems(category)).isDisjoint(with: kinds) else { return [item] }
        }
        var rest = item
        rest.name = said.filter { !topping.contains($0) }.joined(separator: " ")
        var top = ParsedFoodItem(mention: String(item.mention[range]), name: name, quantity: nil, unit: .serving, readBy: item.readBy)
        top.company = .namedInTheDish
        return [top, rest]
    }

    /// Whether a record's phrase holding stems of `made` ends in a word not `said`: it names another
    /// food made of them ("Cereals ready-to-eat, GENERAL MILLS, PEANUT BUTTER TOAST CRUNCH" for
    /// "peanut butter toast"). A phrase ends at its own link: what the food is served on or with is
    /// not what it is ("Tuna salad sandwich on white" is a tuna sandwich).
    static func namesAnotherFood(_ description: String, madeOf made: Set<String>, said: Set<String>? = nil) -> Bool {
        description.split(separator: ",").contains { phrase in
            let stems = FoodIndex.stems(String(phrase)).prefix { $0 != "on" && $0 != "with" }
            guard stems.count > 1, let last = stems.last else { return false }
            return !FoodIndex.neutral.contains(last) && !(said ?? made).contains(last) && stems.dropLast().contains(where: made.contains)
        }
    }

    /// A food said with no amount but its article, then "and", then a filled dish said without an
    /// article of its own (`Resources/filled-dishes.txt`), is what fills that dish: "an egg and
    /// sausage biscuit sandwich" is one sandwich, named by both, when a record found for the joined
    /// words holds the first food ("Egg sandwich on biscuit, with sausage"); "a coffee and egg
    /// sandwich" stays two.
    func joiningWhatFillsADish(_ items: [ParsedFoodItem], in text: String) -> [ParsedFoodItem] {
        guard let matcher, let database = matcher.database else { return items }
        return Self.joiningEach(items) { previous, item in
            guard let first = text.range(of: previous.mention),
                let second = text.range(of: item.mention, range: first.upperBound..<text.endIndex),
                FoodName.normalized(String(text[first.upperBound..<second.lowerBound])) == "and",
                !previous.mention.contains(where: \.isNumber), !item.mention.contains(where: \.isNumber),
                previous.quantity == nil || previous.quantity == 1, item.quantity == nil
            else { return nil }
            let filling = Self.namingWords(previous.name)
            let dish = FoodName.normalized(item.mention).split(separator: " ").map(String.init)
            guard !filling.isEmpty, filling.count <= 2, !filling.contains(where: Self.filledDishes.contains), dish.count >= 2,
                let last = dish.last, Self.filledDishes.contains(last), !["a", "an", "the", "some"].contains(dish[0])
            else { return nil }
            var joined = previous
            joined.mention = String(text[first.lowerBound..<second.upperBound])
            joined.name = previous.name + " and " + item.name
            joined.unit = previous.quantity == nil ? item.unit : .piece
            guard let match = matcher.resolveWithoutModel(joined)?.match else { return nil }
            let record = Set(FoodIndex.stems(match.name))
            return filling.filter(database.isFoodWord).allSatisfy { Self.record(record, holds: $0) } ? joined : nil
        }
    }

    /// Dishes named by what fills them ("sandwich", "burrito").
    /// Read from `Resources/filled-dishes.txt`.
    static let filledDishes: Set<String> = WordList.bundled("filled-dishes").words

    /// What a dish is made with is its recipe, which the dish's record counts already: a food said
    /// after "made with" or "prepared with", with nothing but links between them ("and", "on", "with"),
    /// joins the dish, up to a food said with an amount of its own. "a peanut butter and jelly
    /// sandwich, made with regular peanut butter and reduced sugar jelly on wheat bread" is one
    /// sandwich; "a 55g egg omelet made with margarine, 7g of butter" keeps the butter, and what
    /// tops the dish ("… and topped with honey") stays a food.
    func joiningIngredients(_ items: [ParsedFoodItem], in text: String) -> [ParsedFoodItem] {
        Self.joiningEach(items) { previous, item in
            guard !item.mention.contains(where: \.isNumber), !saysItsOwnAmount(item),
                item.mention.prefixMatch(of: RuleBasedFoodParser.toppingLink) == nil,
                let before = text.range(of: previous.mention),
                let range = text.range(of: item.mention, range: before.upperBound..<text.endIndex),
                text[before.lowerBound..<range.lowerBound].firstMatch(of: Self.ingredientOpening) != nil
            else { return nil }
            let between = text[before.upperBound..<range.lowerBound].replacing(Self.ingredientOpening, with: " ")
            guard between.lowercased().split(whereSeparator: { !$0.isLetter }).allSatisfy({ ["and", "on", "with"].contains($0) })
            else { return nil }
            return Self.widening(previous, through: item, in: text)
        }
    }

    /// Marks the foods the text lists after "with" ("honey" and "walnuts" in "Greek yogurt with
    /// honey and walnuts", "jam" in "toast topped with jam"), however their mentions were cut: each
    /// is had with the dish before it, at a topping's or a side's portion when no amount is said
    /// (``ParsedFoodItem/isSaidWithAnotherFood``). The list goes on through "and" and ends at a
    /// food said with an amount of its own ("… with honey, and an apple") or after a comma alone
    /// ("eggs with toast, coffee"). What a dish is filled or topped with is listed through commas
    /// too ("a McMuffin filled with egg, cheese, and ham"), also when the first filling joined the
    /// dish's mention.
    static func markingWhatIsListedAfterWith(_ items: [ParsedFoodItem], in text: String) -> [ParsedFoodItem] {
        var marked = items
        var previous: Range<String.Index>?
        // Whether the items since the last opening are what a dish is filled or topped with.
        var inFillings = false
        for index in marked.indices {
            let start = previous?.upperBound ?? text.startIndex
            guard let range = text.range(of: marked[index].mention, range: start..<text.endIndex) else { continue }
            defer { previous = range }
            guard index > 0, let before = previous, marked[index].quantity == nil else {
                inFillings = Self.opensFillings(marked[index].mention)
                continue
            }
            let words = FoodName.normalized(String(text[before.upperBound..<range.lowerBound])).split(separator: " ").map(String.init)
            let opensWith = words == ["with"] || (words.count == 2 && RuleBasedFoodParser.opensTopping(words[0], words[1]))
            let continuesTheList = (marked[index - 1].isSaidWithAnotherFood || inFillings) && words == ["and"]
            let continuesTheFillings = inFillings && words.isEmpty
            if opensWith || continuesTheList || continuesTheFillings {
                marked[index].company = .listedAfterWith
                inFillings = (opensWith && words.count == 2) || continuesTheFillings || (inFillings && continuesTheList)
            } else {
                inFillings = Self.opensFillings(marked[index].mention)
            }
        }
        return marked
    }

    /// Whether a mention ends in the start of a list of what a dish is filled or topped with ("a
    /// McMuffin filled with egg").
    static func opensFillings(_ mention: String) -> Bool {
        let words = FoodName.normalized(mention).split(separator: " ").map(String.init)
        return zip(words, words.dropFirst()).contains(where: RuleBasedFoodParser.opensTopping)
    }

    /// A food said "in" a drink is a food of its own, put into that drink, when its record does
    /// not hold the drink: "two sugars in a cup of coffee" had been 30 g of sugar and "milk in my
    /// coffee" a cup of milk, the coffee lost each time. A drink put into one without an amount is
    /// poured into it (a splash). "a can of tuna in water" ("…, canned in water") stays whole, and
    /// so does a food in anything but a drink ("chicken in garlic sauce").
    func cuttingAtTheDrinkItIsIn(_ item: ParsedFoodItem) -> [ParsedFoodItem] {
        guard let matcher, let database = matcher.database,
            let link = item.mention.range(of: " in ", options: [.caseInsensitive, .backwards]),
            var food = rules.parseSegment(item.mention[..<link.lowerBound]),
            var drink = rules.parseSegment(item.mention[link.upperBound...]),
            isADrink(drink), let whole = matcher.resolveWithoutModel(item)?.match
        else { return [item] }
        let drinkWords = Self.namingWords(drink.name).filter(database.isFoodWord)
        guard !drinkWords.isEmpty, !Self.recordHolds(whole.name, every: drinkWords) else { return [item] }
        food.readBy = item.readBy
        drink.readBy = item.readBy
        if food.quantity == nil, isADrink(food) { food.company = .pouredIntoADrink }
        return [food, drink]
    }

    /// Whether the item resolves, without the model, to a drink.
    func isADrink(_ item: ParsedFoodItem) -> Bool {
        matcher?.resolveWithoutModel(item)?.match.map { PortionConverter.kind(of: $0) == .drink } ?? false
    }

    /// Whether what a record's description holds (``whatARecordHolds(_:)``) holds every one of
    /// `words`.
    static func recordHolds(_ description: String, every words: [String]) -> Bool {
        let record = Set(FoodIndex.stems(whatARecordHolds(description)))
        return words.allSatisfy { Self.record(record, holds: $0) }
    }

    /// Marks a drink said with the drink before it, with no amount of its own, as poured into
    /// it ("milk" in "a coffee with milk", "tea with honey and milk"): a splash, not half a glass
    /// (``ResolvedFoodItem/resolving(_:with:)``). Each is read against the last item not itself
    /// said with another; both must match drinks.
    func markingWhatIsPouredIntoADrink(_ items: [ParsedFoodItem]) -> [ParsedFoodItem] {
        guard matcher != nil else { return items }
        var marked = items
        var base: (item: ParsedFoodItem, isDrink: Bool?)?
        for index in marked.indices {
            let item = marked[index]
            guard item.isSaidWithAnotherFood, item.quantity == nil, var said = base else {
                if !item.isSaidWithAnotherFood { base = (item, nil) }
                continue
            }
            let baseIsDrink = said.isDrink ?? isADrink(said.item)
            said.isDrink = baseIsDrink
            base = said
            if baseIsDrink, isADrink(item) { marked[index].company = .pouredIntoADrink }
        }
        return marked
    }

    /// "made with" or "prepared with", as words.
    nonisolated(unsafe) static let ingredientOpening = try! Regex("(?i)\\b(?:made|prepared) with ", as: Substring.self)

    /// A part of a food said after it (its crust, skin or bone: "with a thick crust" after a
    /// pizza, "leaving the bone on the plate" after a chicken thigh) describes that food and is no
    /// food of its own: its mention joins the food's, which keeps its name and amount. A part said
    /// with a food word ("a pie crust") or a number of its own stays an item. What tops the part
    /// tops the food ("a piece of pizza" + "a medium crust topped with various meats" had been two
    /// pizzas): the food's name is then read again from the joined words.
    func joiningParts(_ items: [ParsedFoodItem], in text: String) -> [ParsedFoodItem] {
        guard let database = matcher?.database, items.count > 1 else { return items }
        return Self.joiningEach(items) { previous, item in
            let topping = item.mention.firstMatch(of: RuleBasedFoodParser.toppingLink)
            let words = Self.namingWords(topping.map { String(item.mention[..<$0.range.lowerBound]) } ?? item.name)
            guard !item.mention.contains(where: \.isNumber), words.contains(where: Self.foodParts.contains),
                !words.contains(where: { !Self.foodParts.contains($0) && database.isFoodWord($0) }),
                var widened = Self.widening(previous, through: item, in: text)
            else { return nil }
            if topping != nil, let read = rules.parseSegment(Substring(widened.mention)) { widened.name = read.name }
            return widened
        }
    }

    /// The parts a collection lists after a food are what that food is made of, whoever read them
    /// ("a cup of beef curry, a delightful combination of spices and tender beef" is one curry, not
    /// the curry, a spice and 77 g of beef): an item opening a collection
    /// (``RuleBasedFoodParser/collectionOpenings``) just after a food in the same sentence, and each
    /// item after it in the list until an article or a number starts another food
    /// (``RuleBasedFoodParser/startsAnotherFoodInACollection(_:)``), joins that food, which keeps its
    /// amount and is named with the parts, as in the rules' own reading.
    static func joiningACollectionsParts(_ items: [ParsedFoodItem], in text: String) -> [ParsedFoodItem] {
        var joined: [(item: ParsedFoodItem, range: Range<String.Index>?)] = []
        // The food a collection is being listed for: its name as read, and where the list begins.
        var collection: (name: String, partsStart: String.Index)?
        var from = text.startIndex
        for item in items {
            let range = text.range(of: item.mention, range: from..<text.endIndex)
            if let range { from = range.upperBound }
            guard let range, let previous = joined.last, let previousRange = previous.range,
                !text[previousRange.upperBound..<range.lowerBound].contains(where: { ".!?;\n".contains($0) })
            else {
                joined.append((item, range))
                collection = nil
                continue
            }
            let after = text[previousRange.upperBound..<range.upperBound]
            let opened = collection == nil ? Self.collectionOpened(in: after) : nil
            if let opened { collection = (previous.item.name, opened) }
            // A part goes on the list after a comma or "and" alone ("paired with a can of cola"
            // is another food), and an article or a number starts another food.
            let link = text[previousRange.upperBound..<range.lowerBound].lowercased().split(whereSeparator: { !$0.isLetter })
            guard let open = collection,
                opened != nil
                    || (link.allSatisfy { $0 == "and" }
                        && !RuleBasedFoodParser.startsAnotherFoodInACollection(after.drop { $0.isPunctuation || $0.isWhitespace }))
            else {
                joined.append((item, range))
                collection = nil
                continue
            }
            var food = previous.item
            food.mention = String(text[previousRange.lowerBound..<range.upperBound])
            food.name = open.name + " with " + RuleBasedFoodParser.cleanName(text[open.partsStart..<range.upperBound])
            joined[joined.count - 1] = (food, previousRange.lowerBound..<range.upperBound)
        }
        return joined.map(\.item)
    }

    /// Where the parts of a collection opened in `words` begin, when they open one after nothing
    /// but a comma or "with", articles and describing words ("with a delightful mix of oats", ", a
    /// blend of herbs"; "and a medley of vegetables" is another food) and its first part is no
    /// comment ("a blend of flavors").
    static func collectionOpened(in words: Substring) -> String.Index? {
        for opening in RuleBasedFoodParser.collectionOpenings {
            guard let range = words.range(of: opening + " ", options: .caseInsensitive),
                RuleBasedFoodParser.listedInACollection(words[range.lowerBound...]) != nil
            else { continue }
            let lead = words[..<range.lowerBound].lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
            guard lead.allSatisfy({ ["with", "a", "an", "the"].contains($0) || RuleBasedFoodParser.describingWords.contains($0) })
            else { continue }
            return range.upperBound
        }
        return nil
    }

    /// `items` with each one joined to the item kept before it where `join` returns the two as
    /// one, in the order of the text.
    static func joiningEach(
        _ items: [ParsedFoodItem], _ join: (_ previous: ParsedFoodItem, _ item: ParsedFoodItem) -> ParsedFoodItem?
    ) -> [ParsedFoodItem] {
        var joined: [ParsedFoodItem] = []
        for item in items {
            if let previous = joined.last, let both = join(previous, item) {
                joined[joined.count - 1] = both
            } else {
                joined.append(item)
            }
        }
        return joined
    }

    /// Parts of a food that describe it when said alone after it ("crust", "skin", "bone").
    /// Read from `Resources/food-parts.txt`.
    static let foodParts: Set<String> = WordList.bundled("food-parts").words

    /// `previous` with its mention widened to the end of `item`'s, which follows it in `text`.
    static func widening(_ previous: ParsedFoodItem, through item: ParsedFoodItem, in text: String) -> ParsedFoodItem? {
        guard let first = text.range(of: previous.mention),
            let second = text.range(of: item.mention, range: first.upperBound..<text.endIndex)
        else { return nil }
        var widened = previous
        widened.mention = String(text[first.lowerBound..<second.upperBound])
        return widened
    }

    /// Whether a record's stems hold a word said, in any of the word's forms ("potatoes" in
    /// "Potato, mashed").
    static func record(_ record: Set<String>, holds word: String) -> Bool {
        FoodIndex.stems(word).allSatisfy { FoodIndex.forms(of: $0).contains(where: record.contains) }
    }

    /// A record's description without what says how it was prepared or fortified, or a note in
    /// brackets ("Beverages, coffee, brewed, prepared with tap water" → "Beverages, coffee, brewed").
    static func whatARecordHolds(_ description: String) -> String {
        let unbracketed = description.replacing(/\([^)]*\)/, with: "")
        return unbracketed.split(separator: ",").filter { phrase in
            let words = phrase.lowercased().split(separator: " ")
            return !words.contains { ["prepared", "fortified", "enriched", "added", "includes"].contains($0) }
        }.joined(separator: ",")
    }

    /// Joins an item to the one before it when the text says them "X and Y" and the database names
    /// that one food ("an egg and sausage biscuit sandwich", "mac and cheese"), as the rules do
    /// (``NutritionDatabase/joinedPairs``), or when it is what the dish before it is served on and
    /// dish names say so ("a peanut butter and jelly sandwich on wheat bread",
    /// ``NutritionDatabase/servedOnPhrases``). "X with Y" stays two items, a topping being a
    /// portion of its own ("porridge with raspberries"), unless "made with", "filled with", …
    /// describe X (see ``describing(_:in:items:reader:)``).
    func joiningDishes(_ items: [ParsedFoodItem], in text: String, reader: RuleBasedFoodParser) -> [ParsedFoodItem] {
        Self.joiningEach(items) { previous, item in
            guard !item.mention.contains(where: \.isNumber),
                let before = text.range(of: previous.mention),
                let range = text.range(of: item.mention, range: before.upperBound..<text.endIndex),
                isPartOfDish(before: text[before], between: text[before.upperBound..<range.lowerBound], item: item),
                var merged = reader.parseSegment(text[before.lowerBound..<range.upperBound])
            else { return nil }
            merged.mention = String(text[before.lowerBound..<range.upperBound])
            merged.readBy = previous.readBy
            return merged
        }
    }

    /// The dishes records serve on a bread their name ends with that word ("bread", "bun"), or `nil`.
    private func servedOnAny(_ bread: String) -> Set<String>? {
        let dishes = servedOnPhrases.filter { $0.key.hasSuffix(" " + bread) }.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        return dishes.isEmpty ? nil : dishes
    }

    /// Whether `item`, said after the mention `before` with the words `between`, is part of that
    /// food's name (see ``joiningDishes(_:in:reader:)``).
    private func isPartOfDish(before: Substring, between: Substring, item: ParsedFoodItem) -> Bool {
        // "a sandwich on" + "wheat bread": the link may end the mention before.
        let endsWithOn = FoodName.normalized(String(before)).hasSuffix(" on")
        let link = FoodName.normalized(String(between)).isEmpty && endsWithOn ? "on" : FoodName.normalized(String(between))
        let words = FoodName.normalized(item.mention).split(separator: " ").map(String.init)
        if link == "and", item.quantity == nil, let last = FoodName.normalized(String(before)).split(separator: " ").last,
            let next = words.first
        {
            // The pair names one food only when the words joined find a record holding the food
            // words of both ("grilled cheese and tomato soup" is no "Soup, tomato": records say
            // "cheese and tomato", this text says two foods).
            guard rules.joinedPairs.contains("\(last) and \(next)") else { return false }
            guard let matcher, let database = matcher.database,
                let joined = rules.parseSegment(Substring(String(before) + " and " + item.mention)),
                let match = matcher.resolveWithoutModel(joined)?.match
            else { return true }
            let record = Set(FoodIndex.stems(match.name))
            return Self.namingWords(joined.name).filter(database.isFoodWord).allSatisfy { Self.record(record, holds: $0) }
        }
        let served = (link.isEmpty ? words : [link] + words).filter {
            !["a", "an", "the", "some"].contains($0) && !RuleBasedFoodParser.describingWords.contains($0)
        }
        // "peanut butter on wheat bread" stays two foods: dish names serve sandwiches on it. A dish
        // served on one bread is served on any bread named by the same word ("a peanut butter and
        // jelly sandwich on whole wheat bread", though no record says "on whole wheat bread").
        guard served.first == "on", served.count > 1, let last = served.last,
            let dishes = servedOnPhrases[served.joined(separator: " ")] ?? servedOnAny(last)
        else { return false }
        let said = Set(FoodName.normalized(String(before)).split(separator: " ").map { FoodIndex.stem(String($0)) })
        return !said.isDisjoint(with: dishes)
    }
}
