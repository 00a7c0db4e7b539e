import Testing
@testable import QuickLog

/// Meals written the way people talk about them: framing, connectors, amounts inside the
/// mention, dual units and packs. The sentences are written for these tests.
@Suite struct ConversationalParsingTests {
    let parser = RuleBasedFoodParser(protectedPhrases: [], joinedPairs: ["butter and jam"])

    @Test func framingAndConnectorsAreNotFood() {
        let items = parser.parse("For supper I had 250g of roast pumpkin, washed down with 330 ml of lemonade.")
        #expect(items.map(\.name) == ["roast pumpkin", "lemonade"])
        #expect(items.map(\.quantity) == [250, 330])
        #expect(items.map(\.unit) == [.gram, .milliliter])
    }

    @Test func anAmountInsideTheMentionIsTheAmount() {
        let items = parser.parse("I grabbed a crunchy 40g oat bar and some soup weighing 300g")
        #expect(items.count == 2)
        #expect(items[0].name == "oat bar")
        #expect(items[0].quantity == 40)
        #expect(items[1].name == "some soup")
        #expect(items[1].quantity == 300)
        #expect(items[1].unit == .gram)
    }

    /// "a double shot of espresso" had been one shot: a multiplying word before the unit said
    /// multiplies it, whoever read the item; "a double cheeseburger" has no unit after the word.
    @Test func aDoubleUnitIsTwoUnits() {
        func read(_ text: String) -> ParsedFoodItem? { parser.parse(text).first.map(FoodParser.multiplyingTheUnit) }
        #expect(read("a double shot of espresso").map { [$0.quantity, $0.unit.milliliters] } == [2, FoodUnit.fluidOunce.milliliters])
        #expect(read("a triple scoop of vanilla ice cream").map { ($0.quantity, $0.unit) } ?? (nil, .piece) == (3, .scoop))
        #expect(read("a double cheeseburger")?.quantity == 1)
        #expect(read("two double shots of espresso")?.quantity == 2)
    }

    @Test func dualUnitsAndPacksGiveOneAmount() {
        #expect(parser.parse("150g/5oz plain flour").first.map { [$0.quantity, $0.unit.grams] } == [150, 1])
        let pack = parser.parse("2 x 200g tubs of yogurt").first
        #expect(pack?.quantity == 400)
        #expect(pack?.unit == .gram)
        #expect(pack?.name == "yogurt")
    }

    @Test func unitModifiersAreNotTheFood() {
        let spoon = parser.parse("1 heaped tbsp cocoa").first
        #expect(spoon?.unit == .tablespoon)
        #expect(spoon?.name == "cocoa")
        #expect(parser.parse("½ level tsp salt").first?.unit == .teaspoon)
        // "a snack size bag of chips" had been one chip (0.8 g): the size words qualify the bag.
        let bag = parser.parse("a snack size bag of chips").first
        #expect(bag?.unit == .package)
        #expect(bag?.name == "chips")
        #expect(parser.parse("a fun size bag of skittles").first?.unit == .package)
        // What the container is made for or of qualifies it too: "a mini microwave bag of light
        // butter popcorn" had been one kernel (0.8 g).
        #expect(parser.parse("a mini microwave bag of light butter popcorn").first?.unit == .package)
        #expect(parser.parse("a paper cup of coffee").first?.unit == .cup)
    }

    @Test func withSplitsOnlyWhenAnAmountFollows() {
        #expect(parser.parse("toast with 2 boiled eggs").map(\.name) == ["toast", "boiled eggs"])
        #expect(parser.parse("noodles with peanut sauce").map(\.name) == ["noodles with peanut sauce"])
    }

    @Test func andInsideAKnownNameOrAnIngredientListStays() {
        #expect(parser.parse("a slice of toast with butter and jam").count == 1)
        #expect(parser.parse("a bowl of porridge made with oats and milk").count == 1)
        #expect(parser.parse("an apple and a pear").count == 2)
    }

    @Test func aWeighedTextKeepsUnweighedWordsWithTheirFood() {
        // Each food has its own weight; "grilled, no skin" describes the chicken before it.
        let items = parser.parse("180g chicken thigh, grilled, no skin, and 90g of couscous")
        #expect(items.count == 2)
        #expect(items[0].quantity == 180)
        #expect(items[1].name == "couscous")
    }

    @Test func commentsAfterTheFoodAreNotFood() {
        let text = "I ate a pear, which was really juicy, for a light snack"
        let items = parser.parse(text)
        #expect(items.map(\.name) == ["pear"])
        #expect(FoodParser.unaccounted(text, items: items).allSatisfy { !$0.lowercased().contains("pear") })
    }

    @Test(arguments: [
        ("For breakfast I had bacon, fried eggs, baked beans and toast", "baked beans"),
        ("steak, baked potato and a side salad", "baked potato"),
        ("a mug of brewed coffee and a muffin", "brewed coffee"),
    ])
    func aFoodStateThatOpensAFoodsNameIsNoComment(text: String, food: String) {
        #expect(parser.parse(text).contains { $0.mention.hasSuffix(food) })
    }

    @Test(arguments: ["a slice of cake, baked to perfection", "a slice of cake, baked fresh this morning"])
    func aFoodStateFollowedByNoNameStillOpensAComment(_ text: String) {
        #expect(parser.parse(text).map(\.name) == ["cake"])
    }

    @Test func zeroGramsIsAnAmountOfNothing() {
        let item = parser.parse("0 grams of butter").first
        #expect(item?.quantity == 0)
        let resolved = ResolvedFoodItem.resolving(try! #require(item), with: sampleMatch())
        #expect(resolved.grams == 0)
        #expect(resolved.status == .matched(.custom, recordID: "7"))
    }

    @Test func sizeWordsAreReadFromTheMention() {
        #expect(HouseholdPortions.Size(mention: "a fun-size chocolate bar") == .funSize)
        #expect(HouseholdPortions.Size(mention: "a large latte") == .large)
        #expect(HouseholdPortions.Size(mention: "a medium crust pizza slice") == nil)
    }

    /// A group holding a food and its drink names the food: "10 strawberries" had been weighed as
    /// a drink ("Fruits and Fruit Juices"), and "Orange juice, raw" in the same group stays one.
    @Test func aGroupOfAFoodAndItsDrinkNamesTheFood() {
        #expect(HouseholdPortions.Kind(category: "Fruits and Fruit Juices", description: "Strawberries, raw") == .fruit)
        #expect(HouseholdPortions.Kind(category: "Fruits and Fruit Juices", description: "Orange juice, raw") == .drink)
        #expect(HouseholdPortions.Kind(category: "Milk shakes and other dairy drinks", description: "Milk shake, NFS") == .drink)
    }

    @Test func householdPortionsFollowTheKindOfFood() {
        let drink = HouseholdPortions.Kind(category: "Soft drinks", description: "Soft drink, lemon-lime")
        #expect(drink == .drink)
        #expect(HouseholdPortions.Kind(category: "Steak", description: "Beef steak, grilled") == .meat)
        // "a bowl of oatmeal topped with sliced banana" had been 100 g of oatmeal: a cooked cereal is
        // served as a mixed dish is, not as food of no known kind.
        #expect(HouseholdPortions.Kind(category: "Oatmeal", description: "Oatmeal, NFS") == .mixedDish)
        #expect(HouseholdPortions.Kind(category: "Grits and other cooked cereals", description: "Cream of wheat, NFS") == .mixedDish)
        #expect(HouseholdPortions.Kind(category: "Cookies and brownies", description: "Cookie, oatmeal") == .cookie)
        // "a medium burrito packed with egg, beans, and breakfast meat" had weighed as a sandwich
        // (150 g): a meal wrapped in a large tortilla weighs as a mixed dish; a taco stays small.
        #expect(HouseholdPortions.Kind(category: "Burritos and tacos", description: "Burrito, with beans and rice, cheese") == .mixedDish)
        #expect(HouseholdPortions.Kind(category: "Other Mexican mixed dishes", description: "Quesadilla, chicken") == .mixedDish)
        #expect(HouseholdPortions.Kind(category: "Burritos and tacos", description: "Taco or tostada with meat") == .sandwich)
        // "a glass of buttermilk" had been 15 g, a spread's serving, "a cup of hot cocoa" 142 g, a
        // candy's cup, and "a cup of hot apple cider" 147 g, a cup of fruit: all are drinks.
        #expect(HouseholdPortions.Kind(category: "Apple juice", description: "Apple cider") == .drink)
        #expect(HouseholdPortions.Kind(category: "Milk, whole", description: "Buttermilk") == .drink)
        #expect(HouseholdPortions.Kind(category: "Flavored milk, lowfat", description: "Hot chocolate / cocoa, NFS") == .drink)
        // "a large coffee with milk and a chocolate croissant" had been 10 g of croissant, a candy's
        // serving: a croissant is a pastry, whatever fills it.
        #expect(HouseholdPortions.Kind(category: "Doughnuts, sweet rolls, pastries", description: "Croissant, chocolate") == .cake)
        // "chicken curry with rice and naan" had been 100 g of meat: a dish named by its kind is that dish.
        #expect(HouseholdPortions.Kind(category: "Chicken, whole pieces", description: "Chicken curry") == .mixedDish)
        #expect(HouseholdPortions.Kind(category: "Beef, excludes ground", description: "Stir fried beef and vegetables in soy sauce") == .mixedDish)
        let bottle = try! #require(HouseholdPortions.grams(for: .bottle, kind: .drink, size: nil))
        let can = try! #require(HouseholdPortions.grams(for: .can, kind: .drink, size: nil))
        #expect(bottle > can)
        let small = try! #require(HouseholdPortions.grams(for: .piece, kind: .cookie, size: .small))
        let large = try! #require(HouseholdPortions.grams(for: .piece, kind: .cookie, size: .large))
        #expect(small < large)
        #expect(HouseholdPortions.grams(for: .gram, kind: .meat, size: nil) == nil)
    }
}

extension ConversationalParsingTests {
    /// A food said with another and no amount of its own is a topping or a side: half the portion
    /// it would have alone, and review says why ("porridge with raspberries").
    @Test func aFoodSaidWithAnotherGetsHalfItsPortion() {
        // As the model path reads "a bowl of porridge with raspberries".
        let topping = ParsedFoodItem(mention: "with raspberries", name: "raspberries", quantity: nil, unit: .serving)
        #expect(topping.isSaidWithAnotherFood)
        #expect(ParsedFoodItem(mention: "topped with almonds", name: "almonds", quantity: nil, unit: .serving).isSaidWithAnotherFood)
        #expect(ParsedFoodItem(mention: "filled with chicken", name: "chicken", quantity: nil, unit: .serving).isSaidWithAnotherFood)
        let alone = ParsedFoodItem(mention: "raspberries", name: "raspberries", quantity: nil, unit: .serving)
        #expect(!alone.isSaidWithAnotherFood)
        let match = sampleMatch(grams: 120)
        let resolvedAlone = ResolvedFoodItem.resolving(alone, with: match)
        let resolvedTopping = ResolvedFoodItem.resolving(topping, with: match)
        #expect(resolvedAlone.grams == 120)
        #expect(resolvedTopping.grams == 60)
        #expect(resolvedTopping.portionAssumption?.contains("said with another food") == true)
        let weighed = ParsedFoodItem(mention: "with 100g raspberries", name: "raspberries", quantity: 100, unit: .gram)
        #expect(ResolvedFoodItem.resolving(weighed, with: match).grams == 100, "an amount said stands")
        // A spread's portion is a topping's already ("toast with jam").
        let jam = FoodMatch(
            source: .custom, recordID: "8", name: "Jam", per100g: NutritionFacts(kcal: 250, protein: 0, carbs: 60, fat: 0),
            portions: [Portion(name: "tbsp", grams: 20)], defaultPortion: Portion(name: "tbsp", grams: 20), density: nil)
        let spread = ParsedFoodItem(mention: "with strawberry jam", name: "strawberry jam", quantity: nil, unit: .serving)
        #expect(ResolvedFoodItem.resolving(spread, with: jam).grams == 20)
    }
}
