import Testing
@testable import QuickLog

@Suite struct MentionCheckTests {
    let text = "2 eggs, 200g rice, and a coffee"

    @Test func acceptsExactSubstrings() {
        let items = [
            ParsedFoodItem(mention: "2 eggs", name: "egg", quantity: 2, unit: .piece),
            ParsedFoodItem(mention: "200g rice", name: "rice", quantity: 200, unit: .gram),
        ]
        #expect(FoodParser.invalidMentions(items, in: text).isEmpty)
        #expect(FoodParser.problems(items, in: text).isEmpty)
    }

    @Test func rejectsMentionsNotInTheInput() {
        let items = [
            ParsedFoodItem(mention: "two eggs", name: "egg", quantity: 2, unit: .piece),
            ParsedFoodItem(mention: "toast", name: "toast", quantity: 1, unit: .slice),
            ParsedFoodItem(mention: "", name: "rice", quantity: nil, unit: .serving),
        ]
        #expect(FoodParser.invalidMentions(items, in: text) == ["two eggs", "toast", ""])
    }

    @Test func rejectsNamesTheMentionDoesNotSay() {
        let invented = [ParsedFoodItem(mention: "200g", name: "rice", quantity: 200, unit: .gram)]
        #expect(FoodParser.problems(invented, in: text).count == 1)
        let merged = [ParsedFoodItem(mention: "200g rice, and a coffee", name: "rice", quantity: 200, unit: .gram)]
        #expect(FoodParser.problems(merged, in: text) == ["\"200g rice, and a coffee\" holds more than one food"])
    }

    @Test func amountsComeFromThePersonsWordsAndNothingIsLost() {
        // A checked model answer whose amounts are wrong and which misses the coffee.
        let answer = [
            ParsedFoodItem(mention: "eggs", name: "egg", quantity: 2, unit: .gram),
            ParsedFoodItem(mention: "rice", name: "rice", quantity: 2, unit: .gram),
        ]
        #expect(FoodParser.problems(answer, in: text).isEmpty)
        let parse = FoodParser(usesModel: false).completing(answer, in: text, source: .model)
        #expect(parse.items == [
            ParsedFoodItem(mention: "2 eggs", name: "eggs", quantity: 2, unit: .piece, readBy: .model),
            ParsedFoodItem(mention: "200g rice", name: "rice", quantity: 200, unit: .gram, readBy: .model),
            ParsedFoodItem(mention: "a coffee", name: "coffee", quantity: 1, unit: .piece, readBy: .rules),
        ])
        #expect(parse.unaccounted.isEmpty)
        let cut = FoodParser(usesModel: false).completing(
            [ParsedFoodItem(mention: "2 cookie", name: "2 cookie", quantity: 2, unit: .piece)], in: "milk and 2 cookies", source: .model)
        #expect(cut.items.map(\.mention) == ["milk", "2 cookies"])
        #expect(cut.items.last == ParsedFoodItem(mention: "2 cookies", name: "cookies", quantity: 2, unit: .piece, readBy: .model))
        let spoken = "for lunch I had 3 slices of pizza"
        let widened = FoodParser(usesModel: false).completing(
            [ParsedFoodItem(mention: "pizza", name: "pizza", quantity: nil, unit: .serving)], in: spoken, source: .model)
        #expect(widened.items == [ParsedFoodItem(mention: "3 slices of pizza", name: "pizza", quantity: 3, unit: .slice, readBy: .model)])
        #expect(widened.unaccounted.isEmpty)
    }

    /// A collection's opening left between the foods a reader took from its list ("a bowl of
    /// porridge with a mix of raspberries and honey") is no food to review.
    @Test func aCollectionsOpeningAloneIsNotUnaccounted() {
        let text = "a bowl of porridge with a mix of raspberries and honey"
        let items = ["a bowl of porridge", "raspberries", "honey"].map {
            ParsedFoodItem(mention: $0, name: $0, quantity: nil, unit: .serving, readBy: .model)
        }
        #expect(FoodParser.unaccounted(text, items: items).isEmpty)
        #expect(FoodParser.unaccounted(text, items: Array(items.prefix(2))) == ["honey"])
    }

    @Test func textNoItemCoversBecomesUnaccounted() {
        let items = [ParsedFoodItem(mention: "2 eggs", name: "egg", quantity: 2, unit: .piece)]
        #expect(FoodParser.unaccounted(text, items: items) == ["200g rice", "a coffee"])
        let all = RuleBasedFoodParser().parse(text)
        #expect(FoodParser.unaccounted(text, items: all).isEmpty)
        #expect(FoodParser.unaccounted("for lunch I had 2 eggs", items: items).isEmpty)
        let riceOnly = [ParsedFoodItem(mention: "rice", name: "rice", quantity: nil, unit: .serving)]
        #expect(FoodParser.unaccounted("200g, rice", items: riceOnly) == ["200g"])
    }

    @Test func rulesOnlyParserNeverLosesText() async {
        let parser = FoodParser(usesModel: false)
        let parse = await parser.parse("a bagel with cream cheese, and zorblax")
        #expect(parse.source == .rules)
        // "with" and no amount after it: one food, as survey foods name them ("Bagel with cream cheese").
        #expect(parse.items.map(\.name) == ["bagel with cream cheese", "zorblax"])
        #expect(parse.unaccounted.isEmpty)
        let unknown = await parser.parse("zorblax, 200g of quibbet and a flurm")
        #expect(unknown.source == .rules)
        #expect(unknown.items.map(\.mention) == ["zorblax", "200g of quibbet", "a flurm"])
        #expect(unknown.unaccounted.isEmpty)
    }
}
