import Evaluation
import Testing

@Suite struct GoldItemComparisonTests {
    @Test func eachGoldFoodPairsWithOneItemOfTheSameRecord() {
        // Two gold eggs and one egg item: one pair (120 / 100 g = 1.2); the toast is not found.
        let meal = GoldItemComparison(
            items: [("Egg, whole, fried", 120), ("Coffee, brewed", 240)],
            gold: [("Egg, whole, fried", 100), ("Egg, whole, fried", 50), ("Toast, white", 30)])
        #expect(meal.goldCount == 3)
        #expect(meal.itemCount == 2)
        #expect(meal.portionRatios == [1.2])
    }

    @Test func reportLineGivesItemsPerGoldFoodRecordsFoundAndPortions() {
        // Gold 3 + 1 = 4 foods, 2 + 2 items → 1.00 per gold food; ratios 1.2, 0.5, 1.0 → 3 of 4
        // found (75.0 %), median 1.0, within 25 %: 1.2 and 1.0 → 66.7 %.
        let first = GoldItemComparison(items: [("A", 120), ("B", 50)], gold: [("A", 100), ("B", 100), ("C", 10)])
        let second = GoldItemComparison(items: [("D", 30), ("E", 1)], gold: [("D", 30)])
        let line = GoldItemComparison.line([first, second])
        #expect(line.contains("gold foods 4: items read 1.00 per gold food; record found 75.0 %"))
        #expect(line.hasSuffix("portion median 1.00 × gold, within 25 % 66.7 %"))
    }
}
