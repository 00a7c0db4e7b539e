import Evaluation
import QuickLog
import Testing

@Suite struct FoodPhraseScoresTests {
    @Test(arguments: [
        ("1#1$4", 1.25),  // 1 + 1/4
        ("#3$4", 0.75),  // 0 + 3/4
        ("0.5", 0.5),
        ("3-4", 3.5),  // the middle of 3 and 4
        ("2 3", 2),  // the first of several amounts
    ] as [(String, Double)])
    func goldQuantityReadsTheFilesNotation(text: String, value: Double) {
        #expect(FoodPhraseScores.goldQuantity(text) == value)
    }

    @Test(arguments: ["", "1#1$0", "pinch"])
    func goldQuantityIsNilWithoutAnAmount(text: String) {
        #expect(FoodPhraseScores.goldQuantity(text) == nil)
    }

    @Test(arguments: [
        ("Bay Leaves", "bay leaf"), ("blueberries", "blueberry"), ("Tomatoes", "tomato"), ("eggs", "egg"),
        ("grass", "grass"), ("extra-virgin olive oil", "extra virgin olive oil"),
    ])
    func normalizedNameIsLowercaseSingularWords(text: String, name: String) {
        #expect(FoodPhraseScores.normalizedName(text) == name)
    }

    @Test func phraseCountsWhenNameQuantityAndUnitAreRight() {
        let parse = FoodParser(usesModel: false).parseWithRules("2 cups flour")
        var scores = FoodPhraseScores()
        let right = scores.add(parse: parse, input: "2 cups flour", name: "flour", quantity: "2", unit: "cup")
        #expect(right)
        let wrong = scores.add(parse: parse, input: "2 cups flour", name: "flour", quantity: "#1$2", unit: "cup")
        #expect(!wrong)
        #expect(scores.total == 2 && scores.nameCorrect == 2 && scores.quantityCorrect == 1 && scores.unitCorrect == 2)
    }
}
