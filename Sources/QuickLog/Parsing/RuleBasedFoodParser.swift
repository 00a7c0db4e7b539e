import Foundation

/// The deterministic parser: splits on commas, "and", "with", "plus", reads amounts (fractions
/// included) and units, and keeps each segment as the item's mention, so every mention is an exact
/// substring of the input by construction. Used when the model is unavailable or its answer fails
/// the checks twice.
public struct RuleBasedFoodParser: Sendable {
    /// Food names that contain a separator word ("mac and cheese") and must not be split.
    public var protectedPhrases: [String]
    /// Word pairs a food name joins with "and" ("butter and jelly", "egg and sausage"), lower-cased
    /// as "butter and jelly": an "and" between them never cuts.
    public var joinedPairs: Set<String>

    /// Creates a parser.
    /// - Parameters:
    ///   - protectedPhrases: names never split; default: ``namesHoldingSeparators``.
    ///   - joinedPairs: word pairs joined by "and" in food names (``NutritionDatabase/joinedPairs``).
    public init(protectedPhrases: [String]? = nil, joinedPairs: Set<String> = []) {
        self.protectedPhrases = protectedPhrases ?? Self.namesHoldingSeparators
        self.joinedPairs = joinedPairs
    }

    /// Names that hold a separator word and name one food: the alias layer's ("mac and cheese")
    /// and the words the database writes otherwise ("steak and ale pie", `query-rewrites.tsv`).
    static let namesHoldingSeparators: [String] = FoodAliasTable.bundled.namesContainingSeparators
        + FoodIndex.Query.rewrites.keys.filter(FoodName.holdsSeparator).sorted()

    /// Parses a description into items, one per segment that names something.
    public func parse(_ text: String) -> [ParsedFoodItem] {
        let ranges = segments(of: text)
        var items: [ParsedFoodItem] = []
        var index = 0
        while index < ranges.count {
            let range = ranges[index]
            // "an energy drink, 16 fl oz, and a bagel": a weight or volume alone after a comma is the
            // amount of the food said just before, when that food was said without one.
            if let amount = Self.amountOnly(text[range]), index > 0, let last = items.last,
                Self.isAmountSaidAfter(amount.unit, previous: ranges[index - 1], piece: range, in: text),
                let start = text.range(of: last.mention, range: ranges[index - 1])?.lowerBound
            {
                items[items.count - 1].mention = String(text[start..<range.upperBound])
                items[items.count - 1].quantity = amount.quantity
                items[items.count - 1].unit = amount.unit
                index += 1
                continue
            }
            // "1 cup and 2 tbsp milk": an amount with no food joins the next segment; its amount leads.
            if let amount = Self.amountOnly(text[range]), index + 1 < ranges.count,
                var next = parseSegment(text[ranges[index + 1]])
            {
                next.mention = String(text[range.lowerBound..<ranges[index + 1].upperBound])
                next.quantity = amount.quantity
                next.unit = amount.unit
                items.append(next)
                index += 2
                continue
            }
            if let item = parseSegment(text[range]) {
                items.append(item)
            } else if let parts = Self.listedInACollection(text[range]) {
                if index > 0, let last = items.last, let start = text.range(of: last.mention, range: ranges[index - 1])?.lowerBound {
                    // "a large burrito with a delightful mix of meat, beans, rice, and sour cream": the
                    // parts a collection lists are what the food before it is made of.
                    items[items.count - 1].mention = String(text[start..<range.upperBound])
                    items[items.count - 1].name = last.name + " with " + Self.cleanName(parts)
                } else if items.isEmpty, var item = parseSegment(parts) {
                    // "I had a mix of nuts and raisins": a collection said first describes no food
                    // before it; it is the food.
                    item.mention = String(text[range])
                    items.append(item)
                }
            }
            index += 1
        }
        return items
    }

    /// A segment that is only an amount and a unit ("1 c", "2 tablespoons").
    static func amountOnly(_ segment: Substring) -> (quantity: Double, unit: FoodUnit)? {
        // Digits or a number word ("two slices"), not an article alone ("a cup" may open a food).
        let said = segment.drop { $0 == " " }
        let article = ["a", "an"].contains(said.prefix { $0 != " " }.lowercased())
        guard let (value, rest) = QuantityText.leadingNumeric(said) ?? (article ? nil : QuantityText.leading(said)), let value,
            let unit = FoodUnit(word: String(rest).trimmingCharacters(in: .whitespaces))
        else { return nil }
        return (value, unit)
    }

    /// Whether the amount-only `piece` (of `unit`) follows the segment `previous` after a bare
    /// comma, and `previous` says no number and no weight or volume of its own: "an energy drink,
    /// 16 fl oz" is 16 fl oz of the drink, "leftover pizza, two slices" two slices of the pizza.
    static func isAmountSaidAfter(
        _ unit: FoodUnit, previous: Range<String.Index>, piece: Range<String.Index>, in text: String
    ) -> Bool {
        guard unit.grams != nil || unit.milliliters != nil || unit.isCount, previous.upperBound <= piece.lowerBound,
            text[previous.upperBound..<piece.lowerBound].trimmingCharacters(in: .whitespaces) == ","
        else { return false }
        return !text[previous].contains(where: \.isNumber) && measuredAmount(in: text[previous]) == nil
    }

    /// The ranges of the segments between separators, trimmed of spaces.
    ///
    /// Commas, semicolons, sentence ends and connectors ("along with", "paired with", "washed down
    /// with") always cut. "with" cuts only when an amount follows ("rice with 2 eggs", not "banana with
    /// mixed berries"), and after a word opening a description ("loaded with", "topped with") only when
    /// a written number does; "and" cuts unless it sits in an ingredient list ("made with dry mix and whole
    /// milk"). "in" cuts between two pieces that each say a weight ("75g sausage in a 45g bun"). A
    /// piece that names no food ("a large," in "a large, thick slice of bread") joins the next.
    public func segments(of text: String) -> [Range<String.Index>] {
        var protected: [Range<String.Index>] = []
        for phrase in protectedPhrases {
            var from = text.startIndex
            while let range = text.range(of: phrase, options: .caseInsensitive, range: from..<text.endIndex) {
                protected.append(range)
                from = range.upperBound
            }
        }
        var cuts: [Range<String.Index>] = []
        var pieceStart = text.startIndex
        var previousPiece: Range<String.Index>?
        for match in text.matches(of: Self.separator) {
            let range = match.range
            if protected.contains(where: { $0.overlaps(range) }) { continue }
            let word = text[range].trimmingCharacters(in: .whitespaces).lowercased()
            let after = text[range.upperBound...]
            let amountFollows = Self.startsWithAmount(after)
            // "a cup of beef curry, a delightful combination of spices and tender beef": the parts a
            // collection lists after a food are that food's, not foods eaten beside it.
            if [",", "and", "&"].contains(word), Self.describesACollection(text[pieceStart..<range.lowerBound].lowercased()),
                let previousPiece, parseSegment(text[previousPiece]) != nil, !Self.startsAnotherFoodInACollection(after)
            {
                continue
            }
            switch word {
            case "with":
                guard amountFollows else { continue }
                // "loaded with extra meat", "topped with a fried egg": what a dish holds; there, as in an
                // ingredient list, only a number or a unit starts another food.
                let opensDescription = Self.descriptionOpenings.contains {
                    !$0.hasSuffix(" with ") && Self.endsWithWord(text[..<range.lowerBound], $0)
                }
                if opensDescription, !Self.startsAnotherFoodInAList(after) { continue }
            case "and", "&":
                if joinedPairs.contains(Self.pair(around: range, in: text)) { continue }
                // "meat- and cheese-filled turnover": one food.
                if text[..<range.lowerBound].last == "-" { continue }
                // "two and a half cups of juice", "a cup and a half of rice": one amount.
                if QuantityText.afterAnAddedHalf(text[range.lowerBound...].drop { $0 == " " }) != nil,
                    let last = text[..<range.lowerBound].split(separator: " ").last?.lowercased(),
                    last.last?.isNumber == true || QuantityText.numberWords[last] != nil || FoodUnit(word: last) != nil
                {
                    continue
                }
                let piece = Self.droppingSpokenLike(text[pieceStart..<range.lowerBound].lowercased())
                let inIngredientList = Self.ingredientListMarkers.contains { Self.holds(piece, startingAWord: $0) }
                guard !inIngredientList || Self.startsAnotherFoodInAList(after) else { continue }
            default: break
            }
            cuts.append(range)
            previousPiece = pieceStart..<range.lowerBound
            pieceStart = range.upperBound
        }
        // "a 75g Polish sausage in a 45g wheat hot dog bun": "in" cuts between two pieces that each
        // weigh a food of their own.
        for match in text.matches(of: /(?i)\s+in\s+/) where !protected.contains(where: { $0.overlaps(match.range) }) {
            let range = match.range
            let start = cuts.last { $0.upperBound <= range.lowerBound }?.upperBound ?? text.startIndex
            let end = cuts.first { $0.lowerBound >= range.upperBound }?.lowerBound ?? text.endIndex
            guard !cuts.contains(where: { $0.overlaps(range) }), Self.weighsBothSides(of: range, in: text[start..<end]) else { continue }
            cuts.append(range)
            cuts.sort { $0.lowerBound < $1.lowerBound }
        }
        var result: [Range<String.Index>] = []
        var start = text.startIndex
        for cut in cuts + [text.endIndex..<text.endIndex] {
            var lower = start
            var upper = cut.lowerBound
            while lower < upper, text[lower].isWhitespace || Self.edgePunctuation.contains(text[lower]) {
                lower = text.index(after: lower)
            }
            while upper > lower, text[text.index(before: upper)].isWhitespace
                || Self.edgePunctuation.contains(text[text.index(before: upper)])
            {
                upper = text.index(before: upper)
            }
            if lower < upper { result.append(lower..<upper) }
            start = cut.upperBound
        }
        // When the text weighs its foods ("168g egg, cheese, and bacon sandwich"), a piece with no
        // amount at all describes the piece before it ("skin not eaten", "brewed").
        let weighed = result.map { Self.measuredAmount(in: text[$0]) != nil }
        if result.count > 1, weighed.contains(true) {
            // A merged piece starts where its first piece did, so it is weighed when that one was.
            var merged: [(range: Range<String.Index>, weighed: Bool)] = [(result[0], weighed[0])]
            for (range, isWeighed) in zip(result, weighed).dropFirst() {
                let piece = text[range]
                let hasAmount = piece.contains(where: \.isNumber) || Self.startsWithAmount(Self.dropLeadingFillers(piece))
                if !hasAmount, !Self.isPreparationNote(piece), let last = merged.last, last.weighed {
                    merged[merged.count - 1].range = last.range.lowerBound..<range.upperBound
                } else {
                    merged.append((range, isWeighed))
                }
            }
            result = merged.map(\.range)
        }
        // "a large, thick slice of bread", "a 2-inch long, 1.5-inch wide fig cookie": a piece with
        // only amounts and describing words belongs to the piece after it.
        var joined: [Range<String.Index>] = []
        var pending: Range<String.Index>?
        for range in result {
            let merged = pending.map { $0.lowerBound..<range.upperBound } ?? range
            let saidAfterItsFood =
                pending == nil && joined.last.map { previous in
                    Self.amountOnly(text[range]).map { Self.isAmountSaidAfter($0.unit, previous: previous, piece: range, in: text) } ?? false
                } ?? false
            if Self.describesOnly(text[range]), range != result.last, !saidAfterItsFood {
                pending = merged
            } else {
                joined.append(merged)
                pending = nil
            }
        }
        return joined
    }

    /// "butter and jelly" for the "and" in "peanut butter and jelly sandwich".
    static func pair(around range: Range<String.Index>, in text: String) -> String {
        let before = text[..<range.lowerBound].split(whereSeparator: { !$0.isLetter }).last ?? ""
        let after = text[range.upperBound...].split(whereSeparator: { !$0.isLetter }).first ?? ""
        return "\(before.lowercased()) and \(after.lowercased())"
    }

    /// Whether a piece after a comma says how a food was prepared or chosen ("finely chopped",
    /// "at room temperature", "plus more for garnish", "such as canola") rather than naming more of it.
    static func isPreparationNote(_ piece: Substring) -> Bool {
        guard let first = piece.split(separator: " ", maxSplits: 1).first?.lowercased().trimmingCharacters(in: .punctuationCharacters)
        else { return false }
        return preparationWords.contains(first) || (first.hasSuffix("ly") && first.count > 4 && first != "jelly")
            || preparationNoteLeads.contains(first)
            || (first.hasSuffix("ed") && !foodStates.contains(first) && first.count > 4 && !first.hasSuffix("eed"))
    }

    /// Words that open a note on preparation or choice after a comma ("at room temperature", "plus more").
    /// Read from `Resources/preparation-note-leads.txt`.
    static let preparationNoteLeads: Set<String> = WordList.bundled("preparation-note-leads").words
    /// Words ending in "-ed" that name a state of the food itself ("fried", "canned"), not a preparation note.
    /// Read from `Resources/food-states.txt`.
    static let foodStates: Set<String> = WordList.bundled("food-states").words

    /// Whether a piece begins with an amount: a number, "a"/"an", a number word, "some", "another".
    static func startsWithAmount(_ text: Substring) -> Bool {
        let rest = text.drop(while: \.isWhitespace)
        if rest.first?.isNumber == true || rest.first.map({ QuantityText.vulgarFractions[$0] != nil }) == true { return true }
        guard let word = rest.split(separator: " ", maxSplits: 1).first?.lowercased() else { return false }
        return QuantityText.numberWords[word] != nil || ["another", "extra", "more"].contains(word)
    }

    /// The piece without a spoken "like": one said first or after a framing or linking word ("i
    /// had like half a bag of chips and a coke", "and like two rotis") is a filler, not the "like"
    /// that opens examples of a food ("pizza with toppings like ham and pineapple"), so the "and"
    /// after it still cuts.
    static func droppingSpokenLike(_ piece: String) -> String {
        var result = ""
        var kept = piece.startIndex
        for like in piece.ranges(of: "like ") {
            let before = piece[..<like.lowerBound]
            guard before.last.map({ $0 == " " }) ?? true else { continue }
            let previous = before.split(separator: " ").last.map { $0.lowercased() }
            guard previous.map({ fillers.contains($0) || ["and", "with", "or"].contains($0) }) ?? true else { continue }
            result += piece[kept..<like.lowerBound]
            kept = like.upperBound
        }
        return result + piece[kept...]
    }

    /// Whether `marker` occurs in `text` where no letter precedes it: "made " in "made with
    /// milk" or "cheese-filled", not in "homemade lentil stew".
    static func holds(_ text: String, startingAWord marker: String) -> Bool {
        var from = text.startIndex
        while let range = text.range(of: marker, range: from..<text.endIndex) {
            if marker.first?.isLetter == false || range.lowerBound == text.startIndex
                || !text[text.index(before: range.lowerBound)].isLetter
            {
                return true
            }
            from = text.index(after: range.lowerBound)
        }
        return false
    }

    /// Whether the text after a link inside an ingredient list starts another food: only a written
    /// number does ("made with fruit and a little milk" is one yogurt; "made with fruit and 2
    /// cookies" is two foods), or an article, any describing or size words, then a unit or a number
    /// ("… and a stick of mozzarella", "… and a refreshing 507g of bottled water", "topped with
    /// frosting and a warm cup of 206g hot chocolate").
    static func startsAnotherFoodInAList(_ after: Substring) -> Bool {
        // "… ice cream and uh a cup of decaf": spoken fillers before the amount do not hide it.
        let after = dropLeadingFillers(after.drop(while: \.isWhitespace))
        if after.first?.isNumber == true { return true }
        let words = after.split(separator: " ", maxSplits: 6).map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters) }
        guard let first = words.first, ["a", "an"].contains(first) else { return false }
        for word in words.dropFirst() {
            if word.first?.isNumber == true || FoodUnit(word: word) != nil || containerWords.contains(word) { return true }
            guard describingWords.contains(word) || sizeWords.contains(word) || unitModifiers.contains(word) else { return false }
        }
        return false
    }

    /// Whether `text` ends with `opening` (a word and its trailing space, "filled ") read as a word.
    static func endsWithWord(_ text: Substring, _ opening: String) -> Bool {
        let word = opening.trimmingCharacters(in: .whitespaces)
        let last = text.lowercased().split(whereSeparator: { !$0.isLetter }).last
        return last.map { $0 == word } ?? false
    }

    /// Words that open a description of the food just said ("made ", "filled ", "topped "), each
    /// with its trailing space. Read from `Resources/description-openings.txt`.
    static let descriptionOpenings: [String] = WordList.bundled("description-openings").entries

    /// Words that open what a dish is topped or filled with ("topped", "filled"), when "with"
    /// follows. Read from `Resources/topping-openings.txt`.
    static let toppingOpenings: Set<String> = WordList.bundled("topping-openings").words
    /// Words that open what covers a food when "in" follows ("slathered", "tossed").
    /// Read from `Resources/covering-openings.txt`.
    static let coveringOpenings: Set<String> = WordList.bundled("covering-openings").words
    /// A topping opening and "with", or a covering opening and "in", as words ("topped with ",
    /// "Drizzled with ", "slathered in ").
    nonisolated(unsafe) static let toppingLink: Regex<Substring> = {
        let toppings = toppingOpenings.sorted().joined(separator: "|")
        let coverings = coveringOpenings.sorted().joined(separator: "|")
        return try! Regex("(?i)\\b(?:(?:\(toppings)) with |(?:\(coverings)) in )", as: Substring.self)
    }()

    /// Whether two words open what tops a food ("topped with", "slathered in"), as ``toppingLink`` does.
    static func opensTopping(_ word: String, _ link: String) -> Bool {
        link == "with" ? toppingOpenings.contains(word) : link == "in" && coveringOpenings.contains(word)
    }

    /// Words showing that an "and" joins the ingredients of one food.
    /// Read from `Resources/ingredient-list-markers.txt`.
    static let ingredientListMarkers: [String] = WordList.bundled("ingredient-list-markers").entries

    /// Whether a piece holds only amounts, sizes and describing words (no food name), or says
    /// what holds a food and then only how the food is ("a cup of cool," in "a cup of cool,
    /// unsweetened bottled water"; "a single cone of smooth" before "and sweet vanilla frozen
    /// yogurt"): the food is named after it.
    static func describesOnly(_ piece: Substring) -> Bool {
        let words = wordsOfAName(piece)
        func describes(_ word: String) -> Bool { sizeWords.contains(word) || describingWords.contains(word) || dimensions.contains(word) }
        if let of = words.lastIndex(of: "of"), of + 1 < words.count, words[(of + 1)...].allSatisfy(describes),
            words[..<of].filter({ !describes($0) && !["a", "an"].contains($0) && QuantityText.numberWords[$0] == nil && $0.first?.isNumber != true }).count <= 1
        {
            return true
        }
        guard piece.contains(where: \.isNumber) || words.contains(where: { sizeWords.contains(String($0)) || dimensions.contains(String($0)) })
        else { return false }
        return words.allSatisfy { describes($0) || fillers.contains($0) || ["a", "an"].contains($0) } && !words.isEmpty
    }

    /// Sizes and textures that describe a piece without naming it ("2-inch long", "thick", "soft").
    /// Read from `Resources/dimensions.txt`.
    static let dimensions: Set<String> = WordList.bundled("dimensions").words

    /// Openings of a piece that describes the dish before it ("a delightful combination of …").
    /// Read from `Resources/collection-openings.txt`.
    static let collectionOpenings: [String] = WordList.bundled("collection-openings").entries

    /// Whether a piece opens a collection that describes the dish before it ("a delightful
    /// combination of spices"), whose list of parts goes on to its end.
    static func describesACollection(_ piece: String) -> Bool {
        collectionOpenings.contains { holds(piece, startingAWord: $0) }
    }

    /// The parts a piece opening a collection lists ("nuts" in "I had a mix of nuts"), if it opens one.
    static func listedInACollection(_ piece: Substring) -> Substring? {
        let lower = piece.lowercased()
        for opening in collectionOpenings {
            guard let range = piece.range(of: opening + " ", options: .caseInsensitive), holds(lower, startingAWord: opening) else { continue }
            // "featuring a blend of flavors beyond just fruit": a collection of flavours is a comment.
            let parts = piece[range.upperBound...]
            let first = parts.split(separator: " ").first.map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters) }
            return first.map(commentWords.contains) == false ? parts : nil
        }
        return nil
    }

    /// Whether a piece is a collection's opening and nothing else ("a mix of" left between the
    /// foods a reader took from its list): no food of its own.
    static func opensACollectionOnly(_ piece: Substring) -> Bool {
        let words = piece.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
            .drop { ["a", "an", "the"].contains($0) || describingWords.contains($0) }
        return collectionOpenings.contains(words.joined(separator: " "))
    }

    /// Whether the text after a link inside a collection's list starts another food: an article or
    /// a number does ("a mix of oats, nuts, and raisins, and a coffee"), a bare name does not.
    static func startsAnotherFoodInACollection(_ after: Substring) -> Bool {
        var words = dropLeadingFillers(after.drop(while: \.isWhitespace)).split(separator: " ").map { $0.lowercased() }
        if words.first == "and" { words.removeFirst() }
        guard let first = words.first else { return false }
        return first.first?.isNumber == true || ["a", "an", "another"].contains(first) || QuantityText.numberWords[first] != nil
    }

    /// Whether the words of `piece` before `link` and after it each say a weight or volume of their
    /// own ("75g Polish sausage in a 45g wheat hot dog bun"): two foods, whatever links them.
    static func weighsBothSides(of link: Range<String.Index>, in piece: Substring) -> Bool {
        measuredAmount(in: piece[..<link.lowerBound]) != nil && measuredAmount(in: piece[link.upperBound...]) != nil
    }

    /// Words before an amount that say it is approximate ("about 2 cups"), dropped in this order.
    /// Read from `Resources/approximations.txt`.
    static let approximations: [String] = WordList.bundled("approximations").entries

    /// Parses one segment; `nil` when nothing but filler words remain ("for breakfast"), or when it
    /// is a comment with no amount ("which was both sweet and chewy", "making it a perfect choice").
    public func parseSegment(_ segment: Substring) -> ParsedFoodItem? {
        var rest = Self.droppingFraming(segment.drop { $0 == " " })
        if Self.isComment(rest) { return nil }
        rest = Self.dropLeadingFillers(rest)
        rest = Self.droppingFraming(rest)
        if Self.isComment(rest) { return nil }
        // "with chicken": the link that opens a piece says what the food was had with, not its name.
        while let word = rest.split(separator: " ", maxSplits: 1).first, ["with", "and", "plus"].contains(word.lowercased()) {
            rest = rest.dropFirst(word.count).drop { $0 == " " }
        }
        // "a delightful combination of spices and tender beef": a description of the dish before.
        // "a delightful mix of meat": the article stays after the describing words go.
        var opening = Self.cleanName(rest).lowercased()
        for article in ["a ", "an ", "the "] where opening.hasPrefix(article) { opening.removeFirst(article.count) }
        if Self.collectionOpenings.contains(where: opening.hasPrefix),
            !rest.contains(where: \.isNumber)
        {
            return nil
        }
        for approximation in Self.approximations where rest.lowercased().hasPrefix(approximation) {
            rest = rest.dropFirst(approximation.count).drop { $0 == " " }
        }
        var quantity: Double?
        var unit: FoodUnit?
        if Self.leadsWithMeasure(rest) == false, let measured = Self.measuredAmount(in: rest) {
            // "a tasty 113g serving of strained banana", "rice weighing 200g", "1 x 400g can of tomatoes".
            // The food follows the amount ("113g serving of banana"), or precedes it ("rice weighing 200g").
            let following = Self.cleanName(Substring(measured.after))
            let name = following.contains(where: \.isLetter) && !Self.isFillerOnly(following)
                ? following : Self.cleanName(Self.droppingTrailingAmountWords(Self.dropLeadingFillers(Substring(measured.before))))
            guard name.contains(where: \.isLetter), !Self.isFillerOnly(name) else { return nil }
            return ParsedFoodItem(mention: String(segment), name: name, quantity: measured.quantity, unit: measured.unit)
        }
        // "half and half": a food whose name opens with an amount word says no amount.
        let opensWithAName = protectedPhrases.contains { rest.range(of: $0, options: [.anchored, .caseInsensitive]) != nil }
        if !opensWithAName, let (value, after) = QuantityText.leading(rest) {
            quantity = value
            let piecesInAPack = Self.piecesInAPack(after)
            rest = Self.dropPackageSize(after)
            // "a refreshing cup of", "a large, thick slice of": describing and size words before the unit.
            var skipped = rest
            while let word = skipped.split(separator: " ", maxSplits: 1).first,
                Self.describingWords.contains(word.lowercased().trimmingCharacters(in: .punctuationCharacters))
                    || Self.sizeWords.contains(word.lowercased().trimmingCharacters(in: .punctuationCharacters))
                    || Self.unitModifiers.contains(word.lowercased().trimmingCharacters(in: .punctuationCharacters))
            {
                skipped = skipped.dropFirst(word.count).drop { $0 == " " || $0 == "," }
            }
            if Self.leadingUnit(skipped) != nil { rest = skipped }
            if let (found, afterUnit) = Self.leadingUnit(rest) {
                unit = found
                rest = afterUnit
                // "a cup and a half of grape juice".
                if let value, let after = QuantityText.afterAnAddedHalf(rest) {
                    quantity = value + 0.5
                    rest = after
                }
            }
            // "a 20-piece chicken nuggets": twenty pieces, unless a unit follows ("a 6-piece box of").
            if let piecesInAPack, let value, unit == nil {
                quantity = value * piecesInAPack
                unit = .piece
            }
        } else if let (found, afterUnit) = Self.leadingUnit(rest), found.isCount == false || rest.lowercased().hasPrefix("\(found.rawValue) of") {
            // "cup of tea" with no number: one unit.
            quantity = 1
            unit = found
            rest = afterUnit
        }
        var name = Self.cleanName(rest)
        if quantity == nil, let trailing = Self.trailingAmount(name) {
            quantity = trailing.quantity
            unit = trailing.unit
            name = trailing.name
        }
        // "4 garlic cloves", "2 celery stalks": a counting unit after the food.
        if quantity != nil, unit == nil, let last = name.split(separator: " ").last, name.contains(" "),
            let trailing = FoodUnit(word: String(last)), [.clove, .stalk, .head, .sprig, .slice, .can, .bottle, .package].contains(trailing)
        {
            unit = trailing
            name = String(name.dropLast(last.count)).trimmingCharacters(in: .whitespaces)
        }
        guard name.contains(where: \.isLetter) else { return nil }
        if Self.isFillerOnly(name) || (quantity == nil && Self.namesOnlyAPreparation(name)) { return nil }
        let resolvedUnit = unit ?? (quantity == nil ? .serving : .piece)
        return ParsedFoodItem(mention: String(segment), name: name, quantity: quantity, unit: resolvedUnit)
    }

    // MARK: - Pieces

    /// An amount with a unit of mass or volume anywhere in a mention, with the words before and after
    /// it (containers and "serving of" after it dropped; a second, imperial amount "/3½oz" skipped).
    static func measuredAmount(in text: Substring) -> (quantity: Double, unit: FoodUnit, before: String, after: String)? {
        var index = text.startIndex
        while index < text.endIndex {
            let previous = index == text.startIndex ? nil : text[text.index(before: index)]
            let atWordStart = previous.map { !($0.isLetter || $0.isNumber || $0 == ".") } ?? true
            let character = text[index]
            if atWordStart, character.isNumber || QuantityText.vulgarFractions[character] != nil,
                let (value, afterNumber) = QuantityText.leadingNumeric(text[index...]), let value,
                let (unit, afterUnit) = leadingUnit(Substring(afterNumber.drop { $0 == "-" }))
                    ?? FoodUnit(word: String(afterNumber.drop { $0 == "-" })).map({ ($0, afterNumber[afterNumber.endIndex...]) }),
                unit.grams != nil || unit.milliliters != nil
            {
                // "2 15-ounce cans": the size of each can, read by the count path.
                let glued = afterNumber.first == "-"
                if glued, let word = afterUnit.split(separator: " ").first, containerWords.contains(word.lowercased()),
                    text[text.startIndex..<index].contains(where: \.isNumber)
                {
                    index = text.index(after: index)
                    continue
                }
                var before = String(text[text.startIndex..<index])
                var quantity = value
                // "1 x 400g", "2 x 400g cans": a count of packs.
                if let pack = packCount(before: before) {
                    quantity *= pack.count
                    before = pack.before
                }
                var after = afterUnit
                if after.first == "/" || after.first == "(" {
                    // "100g/3½oz honey", "200g (7oz) rice": the same amount again.
                    let skipped = after.dropFirst().drop(while: { !$0.isWhitespace && $0 != ")" })
                    after = skipped.first == ")" ? skipped.dropFirst() : skipped
                    after = dropOf(after)
                }
                var afterWords = after.split(separator: " ", omittingEmptySubsequences: true)
                while let first = afterWords.first?.lowercased(), FoodUnit(word: first) != nil || containerWords.contains(first)
                    || first == "of" || describingWords.contains(first)
                {
                    afterWords.removeFirst()
                }
                return (quantity, unit, before, afterWords.joined(separator: " "))
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// "soup weighing " → "soup": the words that lead up to an amount written after the food.
    static func droppingTrailingAmountWords(_ text: Substring) -> Substring {
        var words = text.split(separator: " ")
        while let last = words.last, amountLeads.contains(last.lowercased()) { words.removeLast() }
        return Substring(words.joined(separator: " "))
    }

    /// Words that lead up to an amount written after the food ("weighing", "about").
    /// Read from `Resources/amount-leads.txt`.
    static let amountLeads: Set<String> = WordList.bundled("amount-leads").words

    /// Whether the mention opens with a written number that the usual path reads: a number with a
    /// unit ("1 ½ sticks butter (6 oz)"), or a bare count before the food ("1 lime: … 1 tsp"). A word
    /// amount ("a tasty 113g serving") and a pack ("1 x 400g") leave the weight to the measured path.
    static func leadsWithMeasure(_ text: Substring) -> Bool {
        guard text.first?.isNumber == true || text.first.map({ QuantityText.vulgarFractions[$0] != nil }) == true,
            let (_, after) = QuantityText.leadingNumeric(text)
        else { return false }
        if after.first == "x" || after.first == "×" || after.lowercased().hasPrefix("x ") { return false }
        // "1 x 400g can" (the "x" already read): a count of packs, then the weight of each.
        if after.first?.isNumber == true { return false }
        // "200g (7oz) chocolate", "100 g rice": the leading amount is itself the measure.
        if let (unit, _) = leadingUnit(after), unit.grams != nil || unit.milliliters != nil { return false }
        return true
    }

    /// "… 2 x " before an amount: the words before the count, and the count.
    static func packCount(before text: String) -> (before: String, count: Double)? {
        var rest = Substring(text)
        while rest.last == " " { rest = rest.dropLast() }
        // "2 1½-pound fish", "1 10 oz bag": a bare count before the size of each.
        if let (value, after) = QuantityText.leadingNumeric(rest), let value, after.isEmpty, rest.first?.isNumber == true {
            return ("", value)
        }
        guard rest.last == "x" || rest.last == "×" else { return nil }
        rest = rest.dropLast()
        while rest.last == " " { rest = rest.dropLast() }
        let digits = rest.reversed().prefix(while: \.isNumber)
        guard !digits.isEmpty, let count = Double(String(digits.reversed())) else { return nil }
        let before = rest.dropLast(digits.count)
        guard before.isEmpty || before.last == " " else { return nil }
        return (String(before), count)
    }

    /// What separates foods in a text: commas, "and", "with", … and "&" with a space beside it
    /// ("fish & chips"; "pb&j" and "m&m's" are one word).
    nonisolated(unsafe) static let separator = try! Regex(
        #"(?i)\s*(?:[,;\n+]|\s&|&\s|[.!?](?=\s|$)|\balong\s+with\b|\balongside\b|\baccompanied\s+by\b|\bpaired\s+with\b|\bwashed\s+(?:it\s+)?down\s+with\b|\bcomplemented\s+(?:it\s+)?(?:by|with)\b|\bserved\s+with\b|\bon\s+the\s+side\b|\bfollowed\s+by\b|\btogether\s+with\b|\bas\s+well\s+as\b|\bwhile\s+[a-z]+ing(?:\s+on|\s+in)?\b|\band\b|\bwith\b|\bplus\b|\balso\b|\bthen\b)\s*"#)
    static let edgePunctuation: Set<Character> = [".", "!", "?", ":", "-", "–", "—", "\"", "'"]
    /// Framing words (who ate, when, where, spoken fillers), from `Resources/framing-words.txt`.
    static let fillers: Set<String> = WordList.bundled("framing-words").words
    /// The text after a framing verb that introduces the food ("a nutritious lunch featuring …",
    /// "my breakfast consisted of …", "a delicious breakfast that included …"), when the words before
    /// it name no amount of food; empty when the verb ends the text ("I prepared a classic dish
    /// featuring" is framing only).
    static func droppingFraming(_ text: Substring) -> Substring {
        let text = droppingOccasion(text)
        // The space closes a verb that ends the text, as it closes one before its food.
        let lower = text.lowercased() + " "
        var cut: String.Index?
        for verb in framingVerbs {
            var from = lower.startIndex
            while let range = lower.range(of: verb, range: from..<lower.endIndex) {
                let atWord = range.lowerBound == lower.startIndex || lower[lower.index(before: range.lowerBound)] == " "
                if atWord { cut = max(cut ?? range.upperBound, range.upperBound) }
                from = range.upperBound
            }
        }
        guard let cut else { return text }
        let index = index(in: text, at: cut, of: lower)
        let before = text[text.startIndex..<index]
        // "2 cups of soup featuring noodles": an amount before the verb means the food is there.
        guard !before.contains(where: \.isNumber) else { return text }
        return text[index...].drop { $0 == " " }
    }

    /// The text after an occasion said first and its subject's eating verb: "on my way to work I
    /// picked up a breakfast burrito" is "a breakfast burrito" (the occasion's words name no food,
    /// whatever a record says of "way"), "At my nan's on Sunday we had roast beef" "roast beef".
    /// Unchanged unless the text opens with a scene opening ("for", "on", "after", …) and a
    /// subject ("I", "we") with an eating verb follows, with no number before it and no everyday
    /// food word (an alias) in the occasion: "after my burger I had ice cream" and "with my coffee
    /// I had a croissant" keep the burger and the coffee (so "afternoon tea" stays for review too).
    static func droppingOccasion(_ text: Substring) -> Substring {
        let lower = text.lowercased() + " "
        guard let first = lower.split(separator: " ", maxSplits: 1).first, sceneOpenings.contains(String(first)) else { return text }
        let cuts = eatingVerbs.flatMap { verb in
            [" i ", " we "].compactMap { subject in lower.range(of: subject + verb + " ") }
        }
        guard let said = cuts.min(by: { $0.lowerBound < $1.lowerBound }), !lower[..<said.upperBound].contains(where: \.isNumber)
        else { return text }
        let occasion = FoodName.normalized(String(lower[..<said.lowerBound])).split(separator: " ").map(String.init)
        let pairs = zip(occasion, occasion.dropFirst()).map { $0 + " " + $1 }
        guard !(occasion + pairs).contains(where: { FoodAliasTable.bundled.alias(for: $0) != nil }) else { return text }
        return text[index(in: text, at: said.upperBound, of: lower)...].drop { $0 == " " }
    }

    /// The index in `text` of the position `index` in `lower`, its lower-cased copy (with a space
    /// added after it), counted in characters.
    private static func index(in text: Substring, at index: String.Index, of lower: String) -> Substring.Index {
        let offset = lower.distance(from: lower.startIndex, to: index)
        return text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) ?? text.endIndex
    }

    /// What a subject says before the food it ate ("had", "picked up"). Read from `Resources/eating-verbs.txt`.
    static let eatingVerbs: [String] = WordList.bundled("eating-verbs").entries

    /// Text after which a sentence names its foods ("featuring ", "consisted of ").
    /// Read from `Resources/framing-verbs.txt`.
    static let framingVerbs: [String] = WordList.bundled("framing-verbs").entries

    /// Whether a piece opens with a comment word and holds no number, or only says what the food
    /// before it lacks ("contained no added fat", "richness without any extra fat": no bulgur). A
    /// food's state opens a comment only when no name follows it: "baked to retain its flavor" and
    /// ", brewed" comment, "baked beans" and "brewed coffee" are foods.
    static func isComment(_ text: Substring) -> Bool {
        let words = text.split(separator: " ", maxSplits: 2).map { $0.lowercased() }
        guard let first = words.first, !text.contains(where: \.isNumber) else { return false }
        if commentLeads.contains(first), foodStates.contains(first), words.count > 1 {
            let next = String(words[1].prefix { $0.isLetter })
            return next.isEmpty || next.hasSuffix("ly") || FoodIndex.prepositions.contains(next)
                || FoodIndex.stopWords.contains(FoodIndex.stem(next)) || commentLeads.contains(next)
        }
        return commentLeads.contains(first) || saysWhatIsLacking(text)
    }

    /// Whether the words before the piece's first "no" or "without" name nothing: framing, a
    /// comment word, or a verb in -ed ("contained").
    static func saysWhatIsLacking(_ text: Substring) -> Bool {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        guard let lack = words.firstIndex(where: { $0 == "no" || $0 == "without" }) else { return false }
        return words[..<lack].allSatisfy { word in
            isFillerOnly(word) || (word.hasSuffix("ed") && word.count > 4 && !foodStates.contains(word))
        }
    }

    /// Words that open a comment on the meal rather than a food, when no amount follows.
    /// Read from `Resources/comment-leads.txt`.
    static let commentLeads: Set<String> = WordList.bundled("comment-leads").words
    /// Words that describe how food tasted or felt, never which food it is; dropped from names.
    /// Read from `Resources/describing-words.txt`.
    static let describingWords: Set<String> = WordList.bundled("describing-words").words
    /// Words that qualify a unit rather than the food ("1 rounded tsp", "½ level teaspoon", "a heaped tbsp").
    /// Read from `Resources/unit-modifiers.txt`.
    static let unitModifiers: Set<String> = WordList.bundled("unit-modifiers").words
    /// Words for what a food came in or how it was served, after an amount ("113g serving of").
    /// Read from `Resources/container-words.txt`.
    static let containerWords: Set<String> = WordList.bundled("container-words").words
    /// Sizes that open a name and are dropped from it ("2 large eggs").
    /// Read from `Resources/size-words.txt`.
    static let sizeWords: Set<String> = WordList.bundled("size-words").words
    /// How a food was cut or made ready ("chopped", "finely"): dropped from the start of a name.
    /// Read from `Resources/preparation-words.txt`.
    static let preparationWords: Set<String> = WordList.bundled("preparation-words").words
    /// Words that start a trailing purpose or comment: "for garnish", "to taste", "as needed".
    /// Read from `Resources/trailing-markers.txt`.
    static let trailingMarkers: [String] = WordList.bundled("trailing-markers").entries
    /// "to" and a word after it: the start of a purpose, unless "ready" comes before it.
    nonisolated(unsafe) static let purpose = try! Regex(#"(?i)\s+to\s+(?=[a-z])"#)

    static func dropLeadingFillers(_ text: Substring) -> Substring {
        var rest = text
        while let word = rest.split(separator: " ", maxSplits: 1).first,
            fillers.contains(word.lowercased().trimmingCharacters(in: .punctuationCharacters)),
            !["a", "an", "some"].contains(word.lowercased())
        {
            rest = rest.dropFirst(word.count).drop { $0 == " " }
        }
        return rest
    }

    static func leadingUnit(_ text: Substring) -> (FoodUnit, Substring)? {
        let lower = text.lowercased()
        for twoWords in ["fl oz", "fl. oz", "fluid ounces", "fluid ounce"] where lower.hasPrefix(twoWords) {
            return (.fluidOunce, dropOf(text.dropFirst(twoWords.count)))
        }
        var end = text.startIndex
        while end < text.endIndex, text[end].isLetter || text[end] == "." { end = text.index(after: end) }
        guard end > text.startIndex else { return nil }
        let word = text[text.startIndex..<end]
        // A unit word must end there ("cup" in "cup of", not "cupcake"); "g" may be glued to a number;
        // "100g/3½oz": a slash gives the same amount in other units.
        if end < text.endIndex, !(text[end] == " " || text[end] == "(" || text[end] == "," || text[end] == ")" || text[end] == "/") {
            return nil
        }
        guard let unit = FoodUnit(word: String(word)) else { return nil }
        // A lone "c" or "l" followed by nothing is a name, not a unit.
        if end == text.endIndex { return nil }
        var rest = text[end...].drop { $0 == " " }
        // "100g/3½oz honey": skip the second amount.
        if rest.first == "/" { rest = rest.dropFirst().drop { !$0.isWhitespace }.drop { $0 == " " } }
        // Skip a parenthesis right after the unit: "10 tbsp (140 grams) butter".
        if rest.first == "(", let close = rest.firstIndex(of: ")") {
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        return (unit, dropOf(rest))
    }

    /// The count of a pack said before a food ("20" in "20-piece chicken nuggets"), or `nil`.
    static func piecesInAPack(_ text: Substring) -> Double? {
        guard let size = sizeWord(text), FoodUnit(word: size.unit) == .piece else { return nil }
        return Double(size.count)
    }

    /// "15-ounce cans", "(3- to 4-pound)", "1-inch piece": a size between the count and the unit.
    static func dropPackageSize(_ text: Substring) -> Substring {
        if text.first == "(", let close = text.firstIndex(of: ")"), text[text.startIndex..<close].contains(where: \.isNumber) {
            return text[text.index(after: close)...].drop { $0 == " " }
        }
        guard let size = sizeWord(text),
            FoodUnit(word: size.unit) != nil || ["inch", "in", "cm", "quart", "pint"].contains(size.unit)
        else { return text }
        return text.dropFirst(size.word.count).drop { $0 == " " }
    }

    /// The first word when it is a number joined to a unit by a dash ("20-piece", "15-ounce"): the
    /// word, its number and its unit (lower-cased); `nil` otherwise.
    private static func sizeWord(_ text: Substring) -> (word: Substring, count: Substring, unit: String)? {
        guard let word = text.split(separator: " ", maxSplits: 1).first, word.first?.isNumber == true,
            let dash = word.firstIndex(where: { $0 == "-" || $0 == "–" })
        else { return nil }
        return (word, word[..<dash], word[word.index(after: dash)...].lowercased())
    }

    private static func dropOf(_ text: Substring) -> Substring {
        let trimmed = text.drop { $0 == " " }
        return trimmed.lowercased().hasPrefix("of ") ? trimmed.dropFirst(3).drop { $0 == " " } : trimmed
    }

    /// A name without the scene said after it: a preposition followed only by framing words says
    /// when, where or with whom ("a banana after the gym", "a salad at the office", "pizza with
    /// friends"), never what. "chicken in garlic sauce" keeps its sauce.
    static func withoutTrailingScene(_ words: [String]) -> [String] {
        func plain(_ word: String) -> String { word.lowercased().trimmingCharacters(in: .punctuationCharacters) }
        guard let start = words.indices.dropFirst().first(where: { index in
            sceneOpenings.contains(plain(words[index])) && index + 1 < words.count
                && words[(index + 1)...].allSatisfy { fillers.contains(plain($0)) }
        }) else { return words }
        return Array(words[..<start])
    }

    /// Prepositions that open a scene after a food. Read from `Resources/scene-openings.txt`.
    static let sceneOpenings: Set<String> = WordList.bundled("scene-openings").words

    /// The name without parentheses, size and preparation words, or stray punctuation.
    static func cleanName(_ text: Substring) -> String {
        var noParentheses = ""
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) } else if depth == 0 {
                noParentheses.append(character)
            }
        }
        for marker in trailingMarkers {
            if let range = noParentheses.range(of: marker, options: .caseInsensitive), range.lowerBound > noParentheses.startIndex {
                noParentheses = String(noParentheses[..<range.lowerBound])
            }
        }
        // "to" before a word says what the food was for ("salt to taste", "jelly to spread on my
        // biscuit", "a chilled bottle of water to stay hydrated"), unless it is "ready to drink".
        if let purpose = noParentheses.matches(of: Self.purpose).first(where: { match in
            match.range.lowerBound > noParentheses.startIndex
                && noParentheses[..<match.range.lowerBound].split(separator: " ").last?.lowercased() != "ready"
        }) {
            noParentheses = String(noParentheses[..<purpose.range.lowerBound])
        }
        var words = noParentheses.split(whereSeparator: \.isWhitespace).map(String.init)
        words = withoutTrailingScene(words)
        // Describing words and sizes ("2-inch long") go.
        words = words.enumerated().filter { index, word in
            let lower = word.lowercased().trimmingCharacters(in: .punctuationCharacters)
            if lower.first?.isNumber == true, lower.hasSuffix("-inch") || lower.hasSuffix("-in") || lower.hasSuffix("-cm") { return false }
            if ["long", "wide", "thick", "tall", "diameter"].contains(lower),
                index == 0 || words[index - 1].lowercased().contains("inch") || words[index - 1].lowercased().hasSuffix("cm")
            {
                return false
            }
            return !describingWords.contains(lower)
        }.map(\.element)
        while let first = words.first?.lowercased() {
            // "bag of Cheetos" after "a medium single serving": the container, then "of".
            if containerWords.contains(first), words.count > 2, words[1].lowercased() == "of" {
                words.removeFirst(2)
                continue
            }
            let dropsPreparation = preparationWords.contains(first)
            let sizeWord = sizeWords.contains(first) || first.hasSuffix("-sized") || first.hasSuffix("-size")
            guard sizeWord || dropsPreparation || first == "of" || first == "x" else { break }
            words.removeFirst()
            // "minced or grated ginger": both preparations go.
            if dropsPreparation, words.count > 2, ["or", "and"].contains(words[0].lowercased()),
                preparationWords.contains(words[1].lowercased())
            {
                words.removeFirst()
            }
        }
        return words.joined(separator: " ").trimmingCharacters(in: CharacterSet(charactersIn: " .,;:!?-*"))
    }

    /// "rice 200g", "coffee x2": an amount written after the name.
    static func trailingAmount(_ name: String) -> (name: String, quantity: Double, unit: FoodUnit)? {
        var words = name.split(separator: " ").map(String.init)
        guard words.count >= 2, let last = words.last?.lowercased() else { return nil }
        if last.hasPrefix("x") || last.hasPrefix("×"), let count = Double(last.dropFirst()) {
            words.removeLast()
            return (words.joined(separator: " "), count, .piece)
        }
        if let (value, rest) = QuantityText.leadingNumeric(Substring(last)), let value {
            let unitWord = String(rest)
            if unitWord.isEmpty {
                words.removeLast()
                return (words.joined(separator: " "), value, .piece)
            }
            if let unit = FoodUnit(word: unitWord) {
                words.removeLast()
                return (words.joined(separator: " "), value, unit)
            }
        }
        if words.count >= 3, let value = Double(words[words.count - 2]), let unit = FoodUnit(word: last) {
            words.removeLast(2)
            return (words.joined(separator: " "), value, unit)
        }
        return nil
    }

    /// The words of a name, lower-cased, without numbers standing alone or glued to a unit
    /// ("12oz" is "oz"); digits glued to any other word stay part of it ("a bottle of 7UP" names
    /// "7up", not the framing word "up").
    static func wordsOfAName(_ text: Substring) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" }).compactMap { token in
            let letters = token.drop { $0.isNumber }
            guard !letters.isEmpty, letters.allSatisfy({ $0.isLetter || $0 == "'" }) else { return letters.isEmpty ? nil : String(token) }
            return letters.count < token.count && !QuantityText.measuresANumber(letters) ? String(token) : String(letters)
        }
    }

    /// Whether a name holds only framing, describing or comment words, quantifiers and links
    /// ("a sweet treat", "all"): it names no food.
    static func isFillerOnly(_ name: String) -> Bool {
        wordsOfAName(Substring(name)).allSatisfy { word in
            fillers.contains(word) || describingWords.contains(word) || commentWords.contains(word)
                || FoodParser.nonNamingWords.contains(word)
                || (word.count > 5 && (word.hasSuffix("ally") || word.hasSuffix("fully") || word.hasSuffix("ously") || word.hasSuffix("ness"))
                    // An everyday word for a food is one, however it ends ("a pint of guinness").
                    && FoodAliasTable.bundled.alias(for: word) == nil)
        }
    }

    /// Whether a name without an amount says only how something was made: "layered" from
    /// "layered with a slice of cheese", "cooked", "diced". (With an amount, "⅓ c toasted and finely
    /// chopped hazelnuts", the piece keeps the amount the next one needs, so it stays.) With
    /// `orState`, states of a food count too ("freshly heated from frozen", "canned").
    static func namesOnlyAPreparation(_ name: String, orState: Bool = false) -> Bool {
        let words = name.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init)
        return !words.isEmpty && words.contains { !fillers.contains($0) && !describingWords.contains($0) }
            && words.allSatisfy {
                fillers.contains($0) || describingWords.contains($0) || FoodIndex.cookingStates.contains($0)
                    || preparationWords.contains($0) || assemblyWords.contains($0) || (orState && foodStates.contains($0))
            }
    }

    /// How a dish was put together; alone they name no food.
    static let assemblyWords: Set<String> = ["layered", "coated"]

    /// Words of a comment about a meal that, alone or with fillers, name no food ("a sweet treat",
    /// "a touch of flavor").
    /// Read from `Resources/comment-words.txt`.
    static let commentWords: Set<String> = WordList.bundled("comment-words").words
}
