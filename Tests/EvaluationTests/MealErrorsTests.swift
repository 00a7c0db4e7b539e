import Evaluation
import QuickLog
import Testing

@Suite struct MealErrorsTests {
    /// Three meals whose errors are worked by hand below.
    static let pairs: [(gold: NutritionFacts, predicted: NutritionFacts)] = [
        (NutritionFacts(kcal: 200, protein: 10, carbs: 30, fat: 5), NutritionFacts(kcal: 250, protein: 12, carbs: 36, fat: 5)),
        (NutritionFacts(kcal: 400, protein: 20, carbs: 50, fat: 10), NutritionFacts(kcal: 300, protein: 20, carbs: 60, fat: 14)),
        (NutritionFacts(kcal: 0.5, protein: 0, carbs: 0, fat: 0), NutritionFacts(kcal: 2.5, protein: 1, carbs: 7.5, fat: 0)),
    ]

    @Test func maeOfKcalAndMacrosIsTheMeanAbsoluteError() {
        let errors = MealErrors(Self.pairs)
        #expect(errors.count == 3)
        // kcal |250−200| + |300−400| + |2.5−0.5| = 50 + 100 + 2 = 152; 152 / 3.
        #expect(abs(errors.kcalMAE - 152.0 / 3) < 1e-9)
        // protein 2 + 0 + 1 = 3 → 1; carbs 6 + 10 + 7.5 = 23.5 → 7.8333…; fat 0 + 4 + 0 = 4 → 1.3333…
        #expect(abs(errors.proteinMAE - 1) < 1e-9)
        #expect(abs(errors.carbsMAE - 23.5 / 3) < 1e-9)
        #expect(abs(errors.fatMAE - 4.0 / 3) < 1e-9)
    }

    @Test func percentOfGoldDividesByTheGoldKcalButNeverByLessThanOne() {
        // 50/200 = 0.25, 100/400 = 0.25, 2/max(0.5, 1) = 2 → (0.25 + 0.25 + 2) / 3 = 0.8333… (83.3 % of gold).
        #expect(abs(MealErrors(Self.pairs).relativeKcalError - 2.5 / 3) < 1e-9)
    }

    @Test func carbsAccuracyCountsErrorsUpToAndIncluding7Point5Grams() {
        // Carbs errors 6, 10 and exactly 7.5 g: the first and the last count → 2 of 3.
        #expect(MealErrors.carbsTolerance == 7.5)
        #expect(abs(MealErrors(Self.pairs).carbsAccuracy - 2.0 / 3) < 1e-9)
    }

    @Test func alwaysZeroBaselineIsTheMeanGoldAndAHundredPercentOfIt() {
        // Gold kcal 200 and 400, predicted 0: MAE (200 + 400) / 2 = 300, each 100 % of gold; carbs
        // errors 30 and 50 g → none within 7.5 g.
        let errors = MealErrors(Self.pairs.prefix(2).map { ($0.gold, NutritionFacts.zero) })
        #expect(errors.kcalMAE == 300)
        #expect(errors.relativeKcalError == 1)
        #expect(errors.carbsAccuracy == 0)
    }

    @Test func noMealsGiveZeroErrorsRatherThanNaN() {
        let errors = MealErrors([])
        #expect(errors.count == 0)
        #expect([errors.kcalMAE, errors.relativeKcalError, errors.carbsAccuracy, errors.proteinMAE, errors.carbsMAE, errors.fatMAE]
            == [0, 0, 0, 0, 0, 0])
        #expect([errors.kcalBias, errors.kcalMedianError, errors.worstTenthShare] == [0, 0, 0])
    }

    @Test func spreadGivesTheSignedMeanTheMedianAndTheWorstTenthsShare() {
        // Signed errors +50, −100, +2 → bias −48 / 3 = −16; absolute 100, 50, 2 → median 50; the
        // worst tenth of three meals is one meal (rounded up): 100 of 152.
        let errors = MealErrors(Self.pairs)
        #expect(abs(errors.kcalBias + 16) < 1e-9)
        #expect(errors.kcalMedianError == 50)
        #expect(abs(errors.worstTenthShare - 100.0 / 152) < 1e-9)
        #expect(errors.spreadLine.contains("kcal bias  -16.0  median error   50.0  worst tenth of meals carry 65.8 %"))
    }

    @Test func reportLinePrintsOneDecimalPercentages() {
        // 152 / 3 = 50.666… → 50.7; 83.333… % → 83.3; 2/3 → 66.7 %; carbs 7.8333… → 7.8; fat 1.333… → 1.3.
        let line = MealErrors(Self.pairs).line("quick log")
        #expect(line.contains("kcal MAE   50.7 ( 83.3 % of gold)  carbs Acc@7.5g  66.7 %"))
        #expect(line.hasSuffix("MAE protein   1.0 g  carbs   7.8 g  fat   1.3 g"))
    }
}
