import Testing
@testable import QuickLog

@Suite struct NutritionEstimateTests {
    @Test func acceptsEnergyThatMatchesTheMacros() {
        // 4·10 + 4·30 + 9·10 = 250
        #expect(NutritionEstimate(kcal: 250, protein: 10, carbs: 30, fat: 10).isConsistent)
        #expect(NutritionEstimate(kcal: 290, protein: 10, carbs: 30, fat: 10).isConsistent)
    }

    @Test func rejectsEnergyMoreThanTwentyPercentOff() {
        #expect(!NutritionEstimate(kcal: 400, protein: 10, carbs: 30, fat: 10).isConsistent)
        #expect(!NutritionEstimate(kcal: 150, protein: 10, carbs: 30, fat: 10).isConsistent)
        #expect(!NutritionEstimate(kcal: 0, protein: 0, carbs: 0, fat: 0).isConsistent)
        #expect(!NutritionEstimate(kcal: 900, protein: 60, carbs: 60, fat: 60).isConsistent)
    }

    @Test func estimatesAreFlaggedWhenLogged() {
        let match = FoodMatch(
            source: .estimate, recordID: "", name: "stew", per100g: NutritionFacts(kcal: 100, protein: 5, carbs: 10, fat: 4),
            portions: [], defaultPortion: Portion(name: "serving", grams: 100), density: nil)
        let item = ResolvedFoodItem.resolving(ParsedFoodItem(mention: "stew", name: "stew", quantity: 200, unit: .gram), with: match)
        #expect(item.status == .estimated)
        let entry = DiaryEntry(item, day: DiaryDay("2026-01-02")!, meal: .dinner)
        #expect(entry?.isEstimate == true)
        #expect(entry?.nutrition.kcal == 200)
    }
}
