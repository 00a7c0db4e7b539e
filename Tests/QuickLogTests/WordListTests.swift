import Foundation
import Testing
@testable import QuickLog

/// The word lists Quick Log's rules read from `Sources/QuickLog/Resources`: present, free of
/// duplicates, and not contradicting the lists a word would otherwise belong to.
@Suite struct WordListTests {
    /// Every word list (`.txt`) in the resources.
    static let listNames = [
        "framing-words", "non-naming-words",
        // FoodParser
        "bread-kinds", "food-parts", "filled-dishes",
        // FoodIndex
        "category-words", "detail-prepositions", "cooking-states", "default-states", "stop-words", "neutral-words",
        "qualifiers", "other-products", "product-changes", "kind-words", "dish-words", "record-abbreviations",
        // FoodResolver
        "dry-forms", "made-up-forms", "frying-states", "made-of-dishes",
        // RuleBasedFoodParser
        "preparation-note-leads", "food-states", "ingredient-list-markers", "dimensions", "amount-leads",
        "framing-verbs", "eating-verbs", "comment-leads", "describing-words", "unit-modifiers", "container-words", "size-words",
        "preparation-words", "trailing-markers", "comment-words", "collection-openings", "approximations",
        "description-openings", "topping-openings", "covering-openings", "scene-openings",
    ]

    /// Every word map (`.tsv`) in the resources besides the alias table.
    static let mapNames = ["spellings", "equivalents", "query-rewrites", "drink-servings", "everyday-servings"]

    /// The entries listed twice.
    static func repeated(_ entries: [String]) -> [String] {
        Dictionary(grouping: entries, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    }

    @Test(arguments: listNames)
    func aBundledListLoadsWithoutDuplicates(_ name: String) {
        let list = WordList.bundled(name)
        #expect(!list.entries.isEmpty, "Resources/\(name).txt is missing or empty")
        let repeated = Self.repeated(list.entries)
        #expect(repeated.isEmpty, "\(name) lists \(repeated) twice")
    }

    @Test(arguments: mapNames)
    func aBundledMapLoadsWithoutDuplicates(_ name: String) {
        let map = WordMap.bundled(name)
        #expect(!map.entries.isEmpty, "Resources/\(name).tsv is missing or empty")
        let repeated = Self.repeated(map.entries.map(\.word))
        #expect(repeated.isEmpty, "\(name) maps \(repeated) twice")
        let unmapped = map.entries.filter { $0.replacements.isEmpty }.map(\.word)
        #expect(unmapped.isEmpty, "\(name) gives no replacement for \(unmapped)")
        for entry in map.entries {
            let repeatedReplacements = Self.repeated(entry.replacements)
            #expect(repeatedReplacements.isEmpty, "\(name): \(entry.word) lists \(repeatedReplacements) twice")
        }
    }

    @Test func everyResourceIsTested() throws {
        let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/QuickLog/Resources").standardizedFileURL
        let files = try FileManager.default.contentsOfDirectory(atPath: resources.path)
        func names(_ suffix: String) -> Set<String> {
            Set(files.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) })
        }
        #expect(names(".txt") == Set(Self.listNames))
        #expect(names(".tsv").subtracting(["aliases"]) == Set(Self.mapNames))
    }

    @Test func commentsAndBlankLinesAreNotEntries() {
        let list = WordList(text: "# a comment\n\nWith \n  and\n#another\n")
        #expect(list.entries == ["with", "and"])
    }

    @Test func quotesKeepAnEntrysSpaces() {
        let list = WordList(text: "\" with \"\n\"made \"\n\"\n")
        #expect(list.entries == [" with ", "made ", "\""])
    }

    @Test func aMapReadsAWordAndItsReplacements() {
        let map = WordMap(text: "# a comment\n\nSoda\tsoft drink\nbaked\tcooked, roasted,broiled\n")
        #expect(map.replacements == ["soda": "soft drink", "baked": "cooked"])
        #expect(map.lists["baked"] == ["cooked", "roasted", "broiled"])
    }

    /// Lists one rule reads on the same words: a word in two of them means what the order of the
    /// checks says, so each such overlap is listed in ``intendedOverlaps``. (Lists read by different
    /// rules, on other text, may share words freely: "with" is a stop word of a query and a
    /// non-naming word of a record.)
    static let rivalLists: [(reader: String, lists: [String])] = [
        ("FoodIndex.score, on a record's words", ["category-words", "qualifiers", "other-products", "product-changes", "neutral-words"]),
        ("FoodResolver.isDryForm, on a record's words", ["dry-forms", "made-up-forms"]),
        ("FoodIndex.Query, on the words said", ["stop-words", "detail-prepositions", "default-states", "cooking-states"]),
        (
            "RuleBasedFoodParser, on the words of a name",
            [
                "size-words", "describing-words", "framing-words", "dimensions", "unit-modifiers", "comment-words",
                "non-naming-words", "cooking-states", "preparation-words", "container-words",
            ]
        ),
        ("RuleBasedFoodParser.isPreparationNote, on a piece's first word", ["preparation-words", "food-states", "preparation-note-leads"]),
        ("RuleBasedFoodParser.parseSegment, on a piece's first word", ["comment-leads", "framing-words", "describing-words"]),
    ]

    /// Overlaps between rival lists that are meant, with why; `nil` words allow any overlap.
    static let intendedOverlaps: [(lists: Set<String>, words: Set<String>?, reason: String)] = [
        (["other-products", "qualifiers"], nil, "every other product is a qualifier the person did not say"),
        (["product-changes", "qualifiers"], nil, "a product change is a qualifier that also makes another product"),
        (["other-products", "product-changes"], nil, "both are qualifiers; one replaces the food, the other changes it"),
        (["category-words", "qualifiers"], ["alcoholic", "babyfood", "formula", "infant"],
            "a category word costs little in a record's words; the category check comes first"),
        (["category-words", "other-products"], ["alcoholic", "babyfood", "infant"],
            "\"Babyfood, …\" names a category and still is another product than the food said"),
        (["category-words", "product-changes"], ["babyfood", "formula", "infant"], "as for other products"),
        (["category-words", "neutral-words"], ["eat", "nfs", "ns", "ready", "to"],
            "\"ready-to-eat\", \"NFS\": a category phrase's words cost nothing anywhere in a record"),
        (["stop-words", "detail-prepositions"], ["at", "for", "from", "in", "made", "on", "with"],
            "the preposition starts the details, then is dropped as a stop word (\"yogurt with honey\")"),
        (["stop-words", "default-states"], ["fresh"], "\"fresh\" is dropped from a query before it could count as a state"),
        (["comment-words", "framing-words"], ["cravings", "just"], "both name no food; either list drops them"),
        (["comment-words", "non-naming-words"], ["a", "an", "and", "any", "more", "with"], "both name no food"),
        (["comment-words", "unit-modifiers"], ["bite", "extra", "little"],
            "\"a little\", \"bite size\", \"an extra\" before a unit qualify it; alone they name no food"),
        (["describing-words", "dimensions"], ["flaky", "golden", "gooey", "juicy", "warm"],
            "dropped from names as describing words; a dimension lets a piece of only such words join the next"),
        (["describing-words", "unit-modifiers"], ["generous", "good", "individual", "prepackaged"],
            "skipped before a unit either way (\"a generous cup of\")"),
        (["dimensions", "unit-modifiers"], ["thick", "thin"], "\"a thick slice\": skipped before a unit, a size alone"),
        (["framing-words", "non-naming-words"], ["in", "of", "on", "prepared"], "both name no food"),
        (["framing-words", "preparation-words"], ["packed"], "\"packed lunch\" frames; \"packed brown sugar\" is dropped as preparation"),
        (["framing-words", "unit-modifiers"], ["school", "snack"],
            "\"school lunch\", \"for a snack\" frame; \"1 school carton\", \"a snack size bag\" qualify the unit"),
        (["preparation-words", "unit-modifiers"], ["heaped", "heaping", "level"], "\"1 heaped tbsp\", \"heaped sugar\": both drop it"),
        (["size-words", "unit-modifiers"], ["big"], "\"a big bowl of\" qualifies the unit; \"big apple\" is a size"),
        (["preparation-words", "preparation-note-leads"], ["cooled", "softened"], "both open a preparation note"),
        (["comment-leads", "framing-words"], ["also", "enjoying", "heated", "just", "savoring", "so", "this", "to", "which"],
            "a piece opening with one is a comment; inside a piece it is framing"),
        (["comment-leads", "describing-words"], ["filling", "perfect", "perfectly", "rich", "satisfying"],
            "opening a piece without an amount it is a comment (\"filling and rich\"); inside a name it only describes"),
    ]

    @Test(arguments: rivalLists.map(\.reader))
    func rivalListsOverlapOnlyAsIntended(_ reader: String) {
        let lists = Self.rivalLists.first { $0.reader == reader }?.lists ?? []
        for (index, first) in lists.enumerated() {
            for second in lists[(index + 1)...] {
                let shared = WordList.bundled(first).words.intersection(WordList.bundled(second).words)
                guard !shared.isEmpty else { continue }
                let intended = Self.intendedOverlaps.first { $0.lists == [first, second] }
                #expect(intended != nil, "\(first) and \(second) share \(shared.sorted()), not listed as intended")
                if let intended, let words = intended.words {
                    #expect(shared == words, "\(first) and \(second) share \(shared.sorted()), listed: \(words.sorted())")
                }
            }
        }
    }

    @Test func everyIntendedOverlapStillHolds() {
        for overlap in Self.intendedOverlaps {
            let lists = overlap.lists.map { WordList.bundled($0).words }
            #expect(lists.count == 2 && !lists[0].isDisjoint(with: lists[1]), "\(overlap.lists.sorted()) no longer overlap")
        }
    }

    @Test func everyOtherProductIsAQualifier() {
        #expect(FoodIndex.otherProducts.isSubset(of: FoodIndex.qualifiers))
    }

    @Test func aWordThatNamesNothingIsNeverASizeOrAFoodState() {
        // A non-naming word is dropped before a record's words are compared; a size or state word
        // is dropped by its own list, so listing it here too would hide which list decides.
        let overlaps = FoodParser.nonNamingWords.intersection(RuleBasedFoodParser.sizeWords)
            .union(FoodParser.nonNamingWords.intersection(FoodIndex.cookingStates))
            .union(FoodParser.nonNamingWords.intersection(FoodIndex.defaultStates))
        #expect(overlaps.isEmpty, "\(overlaps.sorted())")
    }

    @Test func framingWordsNameNoFoodAState() {
        let overlaps = RuleBasedFoodParser.fillers.intersection(FoodIndex.cookingStates)
            .union(RuleBasedFoodParser.fillers.intersection(RuleBasedFoodParser.sizeWords))
        #expect(overlaps.isEmpty, "\(overlaps.sorted())")
    }
}
