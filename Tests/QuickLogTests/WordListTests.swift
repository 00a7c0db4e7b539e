import Testing
@testable import QuickLog

/// The word lists Quick Log's rules read from `Sources/QuickLog/Resources`: present, free of
/// duplicates, and not contradicting the lists a word would otherwise belong to.
@Suite struct WordListTests {
    @Test(arguments: ["framing-words", "non-naming-words"])
    func aBundledListLoadsWithoutDuplicates(_ name: String) {
        let list = WordList.bundled(name)
        #expect(!list.entries.isEmpty, "Resources/\(name).txt is missing or empty")
        let repeated = Dictionary(grouping: list.entries, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "\(name) lists \(repeated) twice")
    }

    @Test func commentsAndBlankLinesAreNotEntries() {
        let list = WordList(text: "# a comment\n\nWith \n  and\n#another\n")
        #expect(list.entries == ["with", "and"])
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
