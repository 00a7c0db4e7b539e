import Evaluation
import QuickLog
import Testing

@Suite struct EverydayScoresTests {
    static func match(_ name: String) -> FoodMatch {
        let portion = Portion(name: "serving", grams: 100)
        return FoodMatch(
            source: .usda, recordID: name, name: name, per100g: NutritionFacts(kcal: 100, protein: 1, carbs: 1, fat: 1),
            portions: [portion], defaultPortion: portion, density: nil)
    }

    @Test func foodIsSeparatedByItsOwnItemAndResolvedByAnAcceptedName() {
        let sentence = EverydaySentence(text: "toast and jam", style: "list", foods: [
            .init(mention: "toast", head: "toast", accept: ["bread"]), .init(mention: "jam", head: "jam", accept: ["jam"]),
        ])
        let parse = FoodParser(usesModel: false).parseWithRules(sentence.text)
        #expect(parse.items.map(\.mention) == ["toast", "jam"])
        // toast → "Bread, toasted" (accepted: holds "bread"); jam → "Jellies" (holds no accepted word).
        let resolved = [
            ResolvedFoodItem.resolving(parse.items[0], with: Self.match("Bread, toasted")),
            ResolvedFoodItem.resolving(parse.items[1], with: Self.match("Jellies")),
        ]
        var scores = EverydayScores()
        let right = scores.add(sentence, parse: parse, resolved: resolved, seconds: 0.01)
        // 2 foods, both separated, 1 resolved, no extra item → the sentence is not right.
        #expect(!right)
        #expect(scores.overall == EverydayScores.Tally(sentences: 1, rightSentences: 0, foods: 2, separated: 2, resolved: 1, extraItems: 0))
        #expect(scores.styles["list"] == scores.overall)
    }

    @Test func oneItemHoldingTwoFoodsSeparatesNeither() {
        let sentence = EverydaySentence(text: "toast with jam", style: "with", foods: [
            .init(mention: "toast", head: "toast", accept: ["bread"]), .init(mention: "jam", head: "jam", accept: ["jam"]),
        ])
        let item = ParsedFoodItem(mention: "toast with jam", name: "toast with jam", quantity: nil, unit: .serving)
        var scores = EverydayScores()
        scores.add(sentence, parse: FoodParser(usesModel: false).parseWithRules("toast"), resolved: [.unmatched(item)], seconds: 0)
        // The one mention holds both heads: neither food is separated, and the item is extra.
        #expect(scores.overall == EverydayScores.Tally(sentences: 1, rightSentences: 0, foods: 2, separated: 0, resolved: 0, extraItems: 1))
    }

    @Test func anAcceptedWordMatchesHoweverTheRecordSpacesIt() {
        let sentence = EverydaySentence(text: "a hot dog", style: "list", foods: [.init(mention: "a hot dog", head: "hot dog", accept: ["hot dog"])])
        let parse = FoodParser(usesModel: false).parseWithRules(sentence.text)
        var scores = EverydayScores()
        scores.add(sentence, parse: parse, resolved: parse.items.map { .resolving($0, with: Self.match("Fast foods, hotdog, plain")) }, seconds: 0)
        #expect(scores.overall.resolved == 1)
    }

    @Test func aResolvedFoodsGramsAreCheckedAgainstItsLabelledRange() {
        let sentence = EverydaySentence(text: "toast and jam", style: "list", foods: [
            .init(mention: "toast", head: "toast", accept: ["bread"], grams: [25, 45]),
            .init(mention: "jam", head: "jam", accept: ["jam"], grams: [10, 30]),
        ])
        let parse = FoodParser(usesModel: false).parseWithRules(sentence.text)
        // Each item weighs the record's one 100 g serving: too much for a slice of toast and for jam.
        let resolved = parse.items.map { ResolvedFoodItem.resolving($0, with: Self.match($0.mention == "toast" ? "Bread, toasted" : "Jams")) }
        var scores = EverydayScores()
        scores.add(sentence, parse: parse, resolved: resolved, seconds: 0)
        #expect(scores.overall.weighed == 2)
        #expect(scores.overall.plausiblyWeighed == 0)
        #expect(scores.implausibleWeights.map(\.food.head) == ["toast", "jam"])
        #expect(scores.report().contains("portions plausible   0.0 % of 2"))
    }
}
