import AssetRequirements
import Testing
@testable import QuickLog

@Suite struct PortionConverterTests {
    @Test func massUnitsAreExact() {
        let match = sampleMatch()
        #expect(PortionConverter.grams(quantity: 200, unit: .gram, match: match).grams == 200)
        #expect(PortionConverter.grams(quantity: 1.5, unit: .kilogram, match: match).grams == 1500)
        #expect(abs(PortionConverter.grams(quantity: 2, unit: .ounce, match: match).grams - 56.699) < 0.001)
        #expect(abs(PortionConverter.grams(quantity: 1, unit: .pound, match: match).grams - 453.592) < 0.001)
    }

    @Test func volumesUseDensity() {
        let match = sampleMatch(density: 1.03)
        #expect(abs(PortionConverter.grams(quantity: 100, unit: .milliliter, match: match).grams - 103) < 0.001)
        let water = sampleMatch(density: nil)
        #expect(abs(PortionConverter.grams(quantity: 1, unit: .liter, match: water).grams - 1000) < 0.001)
    }

    @Test func volumesPreferTheFoodsOwnMeasure() {
        var match = sampleMatch(density: 0.5)
        match.portions = [Portion(name: "cup", grams: 244), Portion(name: "tbsp", grams: 15.3)]
        #expect(PortionConverter.grams(quantity: 2, unit: .cup, match: match).grams == 488)
        #expect(PortionConverter.grams(quantity: 1, unit: .tablespoon, match: match).grams == 15.3)
    }

    /// "walnuts" said without an amount is no cup of walnuts (SR28 12155's first measure, "cup,
    /// chopped", 117 g and 765 kcal): the serving assumed holds 250 kcal at most, and review says
    /// so. A cup said stays a cup, and a cup of a light food stays its serving.
    @Test func aServingAssumedForADenseFoodIsNoCup() {
        let walnuts = FoodMatch(
            source: .usda, recordID: "12155", name: "Nuts, walnuts, english", per100g: NutritionFacts(kcal: 654, protein: 15, carbs: 14, fat: 65),
            portions: [Portion(name: "cup, chopped", grams: 117), Portion(name: "oz (14 halves)", grams: 28.35)],
            defaultPortion: Portion(name: "cup, chopped", grams: 117), density: 0.495, dataset: .sr28)
        let assumed = PortionConverter.grams(quantity: nil, unit: .serving, match: walnuts)
        #expect(abs(assumed.grams * 6.54 - 250) < 0.01)
        #expect(assumed.amountUnknown)
        #expect(assumed.assumption?.contains("250 kcal") == true)
        #expect(PortionConverter.grams(quantity: 1, unit: .cup, match: walnuts).grams == 117)
        var rice = walnuts
        rice.per100g = NutritionFacts(kcal: 130, protein: 2.7, carbs: 28, fat: 0.3)
        rice.defaultPortion = Portion(name: "cup", grams: 158)
        #expect(PortionConverter.grams(quantity: nil, unit: .serving, match: rice).grams == 158)
    }

    /// "dinner was like chicken biryani and um raita" had weighed the biryani as 100 g of meat (its
    /// name starts with "chicken"): a dish said without an amount is a serving of the dish its
    /// survey category says it is. Counted pieces keep their kind ("3 meatballs" in sauce are no
    /// three plates), and a salad dressing named by its cheese is no dish.
    @Test func aDishNamedByItsMeatIsAServingOfTheDish() {
        let biryani = FoodMatch(
            source: .usda, recordID: "fndds:1", name: "Biryani with chicken", per100g: NutritionFacts(kcal: 104, protein: 8, carbs: 12, fat: 3),
            portions: [Portion(name: "100 g", grams: 100)], defaultPortion: Portion(name: "100 g", grams: 100), density: nil,
            dataset: .fndds, category: "Rice mixed dishes")
        #expect(HouseholdPortions.Kind(category: "Rice mixed dishes", description: "Biryani with chicken") == .meat)
        #expect(HouseholdPortions.Kind(category: "Rice mixed dishes", description: "Biryani with chicken").servingKind(category: "Rice mixed dishes") == .mixedDish)
        let serving = PortionConverter.grams(quantity: nil, unit: .serving, match: biryani)
        #expect(serving.grams == HouseholdPortions.grams(for: .serving, kind: .mixedDish, size: nil))
        #expect(serving.assumption == "typical serving of a mixed dish")
        var meatballs = biryani
        meatballs.name = "Meatballs, NS as to type of meat, with sauce"
        meatballs.category = "Meat mixed dishes"
        #expect(PortionConverter.grams(quantity: 3, unit: .piece, match: meatballs).grams == 3 * HouseholdPortions.grams(for: .piece, kind: .meat, size: nil)!)
        #expect(
            HouseholdPortions.Kind(category: "Salad dressings and vegetable oils", description: "Blue or roquefort cheese dressing")
                .servingKind(category: "Salad dressings and vegetable oils")
                == HouseholdPortions.Kind(category: "Salad dressings and vegetable oils", description: "Blue or roquefort cheese dressing"))
    }

    /// "scrambled eggs" said without a number is no single egg (the record weighs one large egg,
    /// 61 g): a plural of pieces smaller than a serving names at least two. A word that only ends in s is no plural, and a
    /// measure that counts several already ("10 strip" of fries) stands.
    @Test func aPluralSaidWithoutANumberIsTwoPieces() {
        let eggs = FoodMatch(
            source: .usda, recordID: "01132", name: "Egg, whole, cooked, scrambled", per100g: NutritionFacts(kcal: 149, protein: 10, carbs: 1.6, fat: 11),
            portions: [Portion(name: "large", grams: 61), Portion(name: "cup", grams: 220)],
            defaultPortion: Portion(name: "large", grams: 61), density: 0.93, viaAlias: true, dataset: .sr28)
        let plural = PortionConverter.grams(quantity: nil, unit: .serving, match: eggs, name: "scrambled eggs")
        #expect(plural.grams == 122)
        #expect(plural.assumption?.contains("plural") == true)
        #expect(PortionConverter.grams(quantity: nil, unit: .serving, match: eggs, name: "scrambled egg").grams == 61)
        #expect(PortionConverter.grams(quantity: 3, unit: .piece, match: eggs, name: "scrambled eggs").grams == 183)
        #expect(!PortionConverter.namesSeveral("hummus"))
        #expect(!PortionConverter.namesSeveral("asparagus"))
        #expect(PortionConverter.namesSeveral("crackers"))
        var fries = eggs
        fries.defaultPortion = Portion(name: "10 strip", grams: 69)
        #expect(PortionConverter.grams(quantity: nil, unit: .serving, match: fries, name: "fries").grams == 69)
        var apples = eggs
        apples.name = "Apples, raw, with skin"
        apples.defaultPortion = Portion(name: "medium (3\" dia)", grams: 182)
        #expect(PortionConverter.grams(quantity: nil, unit: .serving, match: apples, name: "apples").grams == 182, "an apple is a serving")
    }

    @Test func aYieldFromAPoundIsNotOnePiece() {
        // SR28 13317's measures: "oz" and "unit, cooked (yield from 1 lb raw meat)", 313 g.
        let patties = FoodMatch(
            source: .usda, recordID: "13317", name: "Beef, ground, patties, frozen, cooked, broiled",
            per100g: NutritionFacts(kcal: 295, protein: 24, carbs: 0, fat: 21),
            portions: [Portion(name: "oz", grams: 28.3), Portion(name: "unit, cooked (yield from 1 lb raw meat)", grams: 313)],
            defaultPortion: Portion(name: "oz", grams: 28.3), density: nil, dataset: .sr28, category: "Beef Products")
        #expect(!PortionConverter.isCountLike(patties.portions[1]))
        let one = PortionConverter.grams(quantity: 1, unit: .piece, match: patties, size: .medium).grams
        #expect(one < 200, "a medium patty weighed \(one) g")
    }

    @Test func aPieceCountedByTheRecordsOwnWordWeighsOneOfThem() {
        // SR28's measures, as the database reads them: "oz, 2 links" (56 g) also gives a link of 28 g.
        #expect(NutritionDatabase.countedPiece(in: "oz, 2 links", grams: 56) == Portion(name: "links", grams: 28))
        #expect(NutritionDatabase.countedPiece(in: "cup, chopped", grams: 140) == nil)
        func record(_ name: String, category: String, portions: [Portion]) -> FoodMatch {
            FoodMatch(
                source: .usda, recordID: "1", name: name, per100g: NutritionFacts(kcal: 250, protein: 10, carbs: 20, fat: 12),
                portions: portions, defaultPortion: portions[0], density: nil, dataset: .sr28, category: category)
        }
        let links = record(
            "Sausage, turkey, breakfast links, mild", category: "Sausages and Luncheon Meats",
            portions: [Portion(name: "oz, 2 links", grams: 28), Portion(name: "links", grams: 28)])
        #expect(PortionConverter.grams(quantity: 2, unit: .piece, match: links, name: "sausage links").grams == 56)
        let hashBrowns = record(
            "Fast foods, potatoes, hash browns, round pieces or patty", category: "Fast Foods",
            portions: [Portion(name: "round piece", grams: 5.5), Portion(name: "patty", grams: 53)])
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: hashBrowns, name: "golden hash brown patty").grams == 53)
        // Details after the food do not change what was counted.
        let fromAChain = PortionConverter.grams(quantity: 1, unit: .piece, match: hashBrowns, name: "golden hash brown patty from the fast food chain")
        #expect(fromAChain.grams == 53)
        // A measure several household pieces big is the whole item: "an apple pie" is not a 9" pie.
        let pie = record(
            "Pie, apple, commercially prepared", category: "Baked Products",
            portions: [Portion(name: "pie (8\" dia)", grams: 1_000), Portion(name: "piece (1/8 of 8\" dia)", grams: 125)])
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: pie, name: "apple pie").grams < 200)
    }

    /// A serving measure that says it is one item counts one ("a frankfurter" is SR28's
    /// "serving (1 hot dog)", 52 g, not a typical 100 g of meat); one that says a volume or a
    /// label serving does not.
    @Test func aServingOfOneItemCountsOnePiece() {
        #expect(PortionConverter.isCountLike(Portion(name: "serving (1 hot dog)", grams: 52)))
        #expect(!PortionConverter.isCountLike(Portion(name: "serving (1 cup)", grams: 252)))
        #expect(!PortionConverter.isCountLike(Portion(name: "serving (1 NLEA serving)", grams: 252)))
        let frankfurter = FoodMatch(
            source: .usda, recordID: "7950", name: "Frankfurter, meat", per100g: NutritionFacts(kcal: 290, protein: 10, carbs: 4, fat: 26),
            portions: [Portion(name: "serving (1 hot dog)", grams: 52)], defaultPortion: Portion(name: "serving (1 hot dog)", grams: 52),
            density: nil, dataset: .sr28, category: "Sausages and Luncheon Meats")
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: frankfurter, name: "frankfurter").grams == 52)
    }

    /// A sandwich of spreads is two slices of bread and a spread's portion of each, not a typical
    /// 150 g sandwich with meat: "a peanut butter and jelly sandwich on wheat bread" had been 542
    /// kcal; a ham sandwich keeps the typical sandwich's weight.
    @Test func aSandwichOfSpreadsWeighsItsBreadAndSpreads() throws {
        let slice = try #require(HouseholdPortions.grams(for: .slice, kind: .bread, size: nil))
        let spread = try #require(HouseholdPortions.grams(for: .serving, kind: .spread, size: nil))
        #expect(HouseholdPortions.sandwichOfSpreads("Peanut butter and jelly sandwich, NFS") == 2 * slice + 2 * spread)
        #expect(HouseholdPortions.sandwichOfSpreads("Peanut butter sandwich, made with reduced fat peanut butter, on white bread") == 2 * slice + spread)
        #expect(HouseholdPortions.sandwichOfSpreads("Ham sandwich on white") == nil)
        #expect(HouseholdPortions.sandwichOfSpreads("Cookie, peanut butter sandwich") == nil)
        let pbj = FoodMatch(
            source: .usda, recordID: "fndds:1", name: "Peanut butter and jelly sandwich, NFS",
            per100g: NutritionFacts(kcal: 361, protein: 11, carbs: 45, fat: 16),
            portions: [Portion(name: "100 g", grams: 100)], defaultPortion: Portion(name: "100 g", grams: 100),
            density: nil, dataset: .fndds, category: "Sandwiches")
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: pbj).grams == 2 * slice + 2 * spread)
        let unsaid = PortionConverter.grams(quantity: nil, unit: .serving, match: pbj)
        #expect(unsaid.grams == 2 * slice + 2 * spread)
        #expect(unsaid.assumption?.contains("two slices of bread") == true, "review says what was assumed")
    }

    /// "a small broiled chicken breast" had been SR28's 172 g half breast: a size said that the
    /// record lists no measure for scales its piece. A size it lists is that measure.
    @Test func aSizeTheRecordHasNoMeasureForScalesItsPiece() {
        let breast = FoodMatch(
            source: .usda, recordID: "05064", name: "Chicken, broilers or fryers, breast, meat only, cooked, roasted",
            per100g: NutritionFacts(kcal: 165, protein: 31, carbs: 0, fat: 3.6),
            portions: [Portion(name: "cup, chopped or diced", grams: 140), Portion(name: "0.5 breast, bone and skin removed", grams: 172)],
            defaultPortion: Portion(name: "cup, chopped or diced", grams: 140), density: nil, dataset: .sr28)
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: breast).grams == 172)
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: breast, size: .small).grams == 172 * HouseholdPortions.Size.small.factor)
        let apple = FoodMatch(
            source: .usda, recordID: "09003", name: "Apples, raw, with skin", per100g: NutritionFacts(kcal: 52, protein: 0.3, carbs: 14, fat: 0.2),
            portions: [Portion(name: "small", grams: 149), Portion(name: "medium", grams: 182)],
            defaultPortion: Portion(name: "medium", grams: 182), density: nil, dataset: .sr28)
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: apple, size: .small).grams == 149)
    }

    /// "a small baked chicken breast" had been the 172 g breast of the alias "chicken breast",
    /// whatever size was said: an alias's piece scales with the size said as a record's does,
    /// unless the record lists that size or the alias's piece already has a size ("large" eggs).
    @Test func aSizeSaidScalesTheAliasPieceToo() {
        let breast = FoodMatch(
            source: .usda, recordID: "05064", name: "Chicken, broilers or fryers, breast, meat only, cooked, roasted",
            per100g: NutritionFacts(kcal: 165, protein: 31, carbs: 0, fat: 3.6),
            portions: [Portion(name: "cup, chopped or diced", grams: 140), Portion(name: "breast, bone and skin removed", grams: 172)],
            defaultPortion: Portion(name: "breast, bone and skin removed", grams: 172), density: 0.592, viaAlias: true, dataset: .sr28)
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: breast).grams == 172)
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: breast, size: .small).grams == 172 * HouseholdPortions.Size.small.factor)
        let egg = FoodMatch(
            source: .usda, recordID: "01123", name: "Egg, whole, raw, fresh", per100g: NutritionFacts(kcal: 143, protein: 12.6, carbs: 0.7, fat: 9.5),
            portions: [Portion(name: "large", grams: 50), Portion(name: "small", grams: 38)],
            defaultPortion: Portion(name: "large", grams: 50), density: 1.027, viaAlias: true, dataset: .sr28)
        #expect(PortionConverter.grams(quantity: 2, unit: .piece, match: egg, size: .large).grams == 100)
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: egg, size: .small).grams == 38)
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: egg, size: .extraLarge).grams == 50, "the alias's piece has a size of its own")
    }

    /// "a large cola" had been the 370 g can its alias names: a drink said by its size alone is a
    /// drink of that size, as "a large cup of cola" is.
    @Test func aDrinkSaidByItsSizeIsADrinkOfThatSize() {
        var cola = FoodMatch(
            source: .usda, recordID: "14400", name: "Beverages, carbonated, cola, regular", per100g: NutritionFacts(kcal: 42, protein: 0, carbs: 10.6, fat: 0),
            portions: [Portion(name: "can", grams: 370)], defaultPortion: Portion(name: "can", grams: 370), density: 1.04, dataset: .sr28)
        cola.viaAlias = true
        let large = PortionConverter.grams(quantity: 1, unit: .piece, match: cola, size: .large)
        #expect(abs(large.grams - HouseholdPortions.drinkSize(.large) * 1.04) < 0.001)
        #expect(large.grams == PortionConverter.grams(quantity: 1, unit: .cup, match: cola, size: .large).grams)
        #expect(large.assumption == "typical large drink")
        #expect(PortionConverter.grams(quantity: 1, unit: .piece, match: cola).grams == 370, "no size said: the can")
    }

    /// "steak with asparagus" had been 6 g, half of the one small spear the alias weighs: a
    /// vegetable or fruit whose serving is one small piece is a serving of its kind when no amount,
    /// not even "a", was said. Counted spears stay spears.
    @Test func aVegetableSaidWithoutAnAmountIsAServingNotOnePiece() {
        var asparagus = FoodMatch(
            source: .usda, recordID: "11011", name: "Asparagus, raw", per100g: NutritionFacts(kcal: 20, protein: 2.2, carbs: 3.9, fat: 0.1),
            portions: [Portion(name: "cup", grams: 134), Portion(name: "spear, small (5\" long or less)", grams: 12)],
            defaultPortion: Portion(name: "spear, small (5\" long or less)", grams: 12), density: 0.566, dataset: .sr28,
            category: "Vegetables and Vegetable Products")
        asparagus.viaAlias = true
        let assumed = PortionConverter.grams(quantity: nil, unit: .serving, match: asparagus)
        #expect(assumed.grams == HouseholdPortions.grams(for: .serving, kind: .vegetable, size: nil))
        #expect(assumed.assumption == "typical serving of vegetables")
        #expect(PortionConverter.grams(quantity: 5, unit: .piece, match: asparagus).grams == 60)
    }

    @Test func countsUsePortionWeights() {
        var match = sampleMatch(grams: 50)
        match.portions.append(Portion(name: "slice", grams: 29))
        #expect(PortionConverter.grams(quantity: 3, unit: .piece, match: match).grams == 150)
        #expect(PortionConverter.grams(quantity: 2, unit: .slice, match: match).grams == 58)
    }

    @Test func noAmountUsesTheDefaultPortionFlagged() {
        let result = PortionConverter.grams(quantity: nil, unit: .serving, match: sampleMatch(grams: 80))
        #expect(result.grams == 80)
        #expect(result.amountUnknown)
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func usesSR28HouseholdMeasures() throws {
        let database = try #require(installedDatabase)
        let milk = try #require(database.aliasMatch(for: "milk"))
        #expect(PortionConverter.grams(quantity: 1, unit: .cup, match: milk).grams == 244)
        let butter = try #require(database.aliasMatch(for: "butter"))
        #expect(PortionConverter.grams(quantity: 1, unit: .tablespoon, match: butter).grams == 14.2)
        let bread = try #require(database.aliasMatch(for: "bread"))
        #expect(PortionConverter.grams(quantity: 2, unit: .slice, match: bread).grams == 58)
    }
}
