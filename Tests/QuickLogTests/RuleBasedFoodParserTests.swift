import Testing
@testable import QuickLog

@Suite struct RuleBasedFoodParserTests {
    let parser = RuleBasedFoodParser()

    @Test func parsesTheExampleSentence() {
        let items = parser.parse("2 eggs, 200g rice, and a coffee")
        #expect(items == [
            ParsedFoodItem(mention: "2 eggs", name: "eggs", quantity: 2, unit: .piece),
            ParsedFoodItem(mention: "200g rice", name: "rice", quantity: 200, unit: .gram),
            ParsedFoodItem(mention: "a coffee", name: "coffee", quantity: 1, unit: .piece),
        ])
    }

    @Test func aPieceThatOnlySaysHowTheFoodWasMadeIsNoFood() {
        let names = parser.parse("a medium ground beef patty, layered with a slice of cheese").map(\.name)
        #expect(names.contains { $0.contains("patty") } && names.contains("cheese"), "\(names)")
        #expect(!names.contains("layered"), "\(names)")
        #expect(parser.parseSegment("cooked") == nil)
        #expect(parser.parseSegment("diced") == nil)
        // With an amount the piece stays: its amount is what the food after it needs.
        #expect(parser.parseSegment("⅓ c toasted")?.quantity != nil)
        #expect(parser.parseSegment("cooked rice")?.name == "cooked rice")
    }

    /// Quantifiers and links name no food: "all" in "regular jelly, all on wheat bread" is not
    /// "Peanuts, all types".
    @Test func aPieceOfOnlyQuantifiersAndLinksIsNoFood() {
        #expect(parser.parseSegment("all") == nil)
        #expect(parser.parseSegment("both") == nil)
        #expect(!parser.parse("regular jelly, all on wheat bread").map(\.name).contains("all"))
    }

    /// The link opening a piece says what the food was had with, not its name: "with chicken"
    /// is chicken (the everyday word), and its mention keeps the person's words.
    @Test func theLinkOpeningAPieceIsNotPartOfTheFoodsName() {
        let chicken = parser.parseSegment("with chicken")
        #expect(chicken?.name == "chicken")
        #expect(chicken?.mention == "with chicken")
        #expect(parser.parseSegment("and a coffee")?.name == "coffee")
    }

    /// "&" between words separates foods; inside a word it does not: "2 pb&j sandwiches" had
    /// become "2 pb" (crackers) and "j sandwiches".
    @Test func anAmpersandInsideAWordSeparatesNothing() {
        #expect(parser.parse("2 pb&j sandwiches").map(\.mention) == ["2 pb&j sandwiches"])
        #expect(parser.parse("fish & chips").map(\.mention) == ["fish", "chips"])
    }

    /// After a word opening a description ("loaded with", "topped with") what follows is what the
    /// dish holds: "extra" or "a" starts no other food there, only a written number does.
    @Test func whatADishIsLoadedWithIsPartOfIt() {
        let pizza = parser.parse("107g of medium crust pizza loaded with extra meat and vegetables")
        #expect(pizza.map(\.mention) == ["107g of medium crust pizza loaded with extra meat and vegetables"])
        #expect(parser.parse("a burger topped with 2 fried eggs").count == 2)
        #expect(parser.parse("rice with extra beans").count == 2)
    }

    /// Inside an ingredient list an article, describing words and a unit start another food:
    /// "topped with frosting and a warm cup of 206g hot chocolate" had lost the hot chocolate
    /// into the cinnamon bun.
    @Test func anArticleDescribingWordsAndAUnitStartAnotherFoodInAList() {
        let items = parser.parse("a sweet 90g cinnamon bun roll topped with frosting and a warm cup of 206g hot chocolate")
        #expect(items.map(\.mention) == ["a sweet 90g cinnamon bun roll topped with frosting", "a warm cup of 206g hot chocolate"])
        #expect(parser.parse("a yogurt made with fruit and a little milk").count == 1)
    }

    /// A spoken "like" after a framing or linking word is a filler, not the "like" that opens
    /// examples of a food: "um i had like half a bag of doritos and a red bull" had been one Red
    /// Bull, the chips lost.
    @Test func aSpokenLikeIsNoListOfExamples() {
        #expect(parser.parse("um i had like half a bag of doritos and a red bull").count == 2)
        #expect(parser.parse("i had butter chicken and like two rotis and some raita").count == 3)
        #expect(parser.parse("a pizza with toppings like ham and pineapple").count == 1)
    }

    /// "to" before a word starts what the food was for, not its name: "a tablespoon of jelly to
    /// spread on my biscuit" and "a chilled bottle of water to stay hydrated" had been unmatched.
    @Test func aPurposeAfterAFoodIsNotItsName() {
        #expect(parser.parseSegment("a tablespoon of jelly to spread on my biscuit")?.name == "jelly")
        #expect(parser.parseSegment("a chilled bottle of water to stay hydrated")?.name.hasSuffix("water") == true)
        #expect(parser.parseSegment("salt to taste")?.name == "salt")
        #expect(parser.parseSegment("a ready to drink shake")?.name.contains("ready to drink") == true)
        // A piece that opens with the purpose names no food ("To start my day" had been unmatched).
        #expect(parser.parseSegment("To start my day") == nil)
    }

    /// A piece that only says what the food before it lacks names no food: "contained no added
    /// fat" had been 220 g of "Bulgur, no added fat".
    @Test func aPieceSayingWhatTheFoodLacksIsNoFood() {
        let items = parser.parse("185g of cooked broccoli that was frozen and contained no added fat")
        #expect(items.map(\.name) == ["cooked broccoli"], "\(items.map(\.name))")
        #expect(parser.parseSegment("richness without any extra fat") == nil)
        #expect(parser.parseSegment("a sandwich without crusts")?.name == "sandwich without crusts")
    }

    /// A plural in "-ches", "-shes", "-sses" or "-xes" has the stem of its singular: "2 ham
    /// sandwiches" are sandwiches, not "Cheese as ingredient in sandwiches".
    @Test func aPluralHasTheStemOfItsSingular() {
        for (plural, singular) in [("sandwiches", "sandwich"), ("peaches", "peach"), ("radishes", "radish"), ("glasses", "glass"),
            ("quiches", "quiche"), ("eggs", "egg"), ("berries", "berry"), ("tomatoes", "tomato")]
        {
            #expect(FoodName.stem(plural) == FoodName.stem(singular), "\(plural)")
        }
    }

    @Test func aDescriptionOfTheDishBeforeIsNoFoodEvenAfterAnArticleAndAnAdjective() {
        #expect(parser.parseSegment("a delightful combination of spices") == nil)
        #expect(parser.parseSegment("a delightful mix of meat") == nil)
        #expect(parser.parseSegment("mix of meat") == nil)
        // With an amount it is a food: "a cup of trail mix", "2 cups of mix of nuts".
        #expect(parser.parseSegment("a cup of trail mix")?.name == "trail mix")
    }

    /// The parts a collection lists after a food are what that food is made of, not foods eaten
    /// beside it; an article or a number after its list starts another food, and a collection
    /// said first is the food.
    @Test(arguments: [
        ("99g of baby food with a delightful combination of bananas, apples, and pears",
            ["baby food with bananas, apples, and pears"]),
        ("a flavorful cup of beef curry, a delightful combination of spices and tender beef",
            ["beef curry with spices and beef"]),
        ("a bowl of granola, a mix of oats, nuts, and raisins, and a coffee",
            ["granola with oats, nuts, and raisins", "coffee"]),
        ("I had a mix of nuts and raisins", ["nuts", "raisins"]),
        ("a serving of nonfat yogurt, featuring a blend of flavors beyond just fruit", ["nonfat yogurt"]),
    ])
    func theListOfACollectionBelongsToTheFoodBeforeIt(text: String, names: [String]) {
        let items = parser.parse(text)
        #expect(items.map(\.name) == names)
        #expect(items.allSatisfy { text.contains($0.mention) })
    }

    /// "a cup of cool, unsweetened bottled water" had been an unmatched "cool" beside the water, and
    /// "a single cone of smooth and sweet vanilla frozen yogurt" an unmatched "cone of smooth": what
    /// holds a food followed only by how the food is names the food after it.
    @Test(arguments: [
        ("a rice cake paired with a cup of cool, unsweetened bottled water", ["a rice cake", "a cup of cool, unsweetened bottled water"]),
        ("a single cone of smooth and sweet vanilla frozen yogurt", ["a single cone of smooth and sweet vanilla frozen yogurt"]),
        ("a cup of cool whip and a banana", ["a cup of cool whip", "a banana"]),
    ])
    func whatHoldsAFoodThenHowItIsNamesTheFoodAfterIt(text: String, mentions: [String]) {
        #expect(parser.parse(text).map(\.mention) == mentions)
    }

    @Test func aMarkerInsideAWordDoesNotMakeAnIngredientList() {
        // "homemade" holds "made ", which marks an ingredient list only as a word of its own.
        #expect(parser.parse("homemade lentil stew and a coffee").map(\.name) == ["homemade lentil stew", "coffee"])
        #expect(parser.parse("yogurt made with fruit and honey").count == 1)
    }

    @Test func anArticleBeforeAnAmountStartsAnotherFoodEvenInAnIngredientList() {
        let items = parser.parse("115g of taco with meat and a 186g serving of fruit drink")
        #expect(items.map(\.quantity) == [115, 186], "\(items)")
        let water = parser.parse("170g of catfish prepared with cooking spray and a refreshing 507g of bottled water")
        #expect(water.map(\.quantity) == [170, 507], "\(water)")
    }

    @Test func readsFractionsAndMixedNumbers() {
        #expect(parser.parse("1/2 cup milk").first?.quantity == 0.5)
        #expect(parser.parse("1½ cups oatmeal").first?.quantity == 1.5)
        #expect(parser.parse("1 1/2 tbsp honey").first?.quantity == 1.5)
        #expect(parser.parse("¾ tsp cinnamon").first?.quantity == 0.75)
        #expect(parser.parse("1.5 l water").first?.unit == .liter)
        #expect(parser.parse("half a bagel").first?.quantity == 0.5)
        #expect(parser.parse("a couple of eggs").first?.quantity == 2)
    }

    /// "I drank two and a half cups of apple juice" had been "two", read as no food, and half a
    /// cup of juice; "a cup and a half of grape juice" a cup, unmatched: "and a half" ends an
    /// amount, it starts no food. "a banana and half an apple" stays two foods.
    @Test func andAHalfIsPartOfTheAmount() {
        let juice = parser.parse("I drank two and a half cups of apple juice")
        #expect(juice.map(\.quantity) == [2.5], "\(juice)")
        #expect(juice.first?.unit == .cup)
        let grape = parser.parse("a cup and a half of grape juice")
        #expect(grape.map(\.quantity) == [1.5], "\(grape)")
        #expect(grape.first?.name == "grape juice")
        #expect(parser.parse("1 and a half slices of toast").first?.quantity == 1.5)
        #expect(parser.parse("a banana and half an apple").map(\.quantity) == [1, 0.5])
    }

    /// "I ate a 20-piece chicken nuggets" had been one serving (14 g) and "a half gallon of milk"
    /// half of one serving, "gallon" no unit: a pack's count of pieces is the amount, and a
    /// gallon is a US volume like a quart.
    @Test func aPacksPiecesAndGallonsAreAmounts() {
        let nuggets = parser.parse("I ate a 20-piece chicken nuggets")
        #expect(nuggets.map(\.quantity) == [20], "\(nuggets)")
        #expect(nuggets.first?.unit == .piece)
        #expect(nuggets.first?.name == "chicken nuggets")
        #expect(parser.parse("a 6-piece box of nuggets").first?.unit == .package)
        let milk = parser.parse("I drank a half gallon of milk")
        #expect(milk.first?.quantity == 0.5)
        #expect(milk.first?.unit == .gallon)
        #expect(abs((FoodUnit.gallon.milliliters ?? 0) - 4 * (FoodUnit.quart.milliliters ?? 0)) < 0.1)
    }

    /// "I snacked on 30 almonds" had been one unmatched food named "snacked on 30 almonds": a verb
    /// of eating frames the food as "I ate" does.
    @Test(arguments: ["I snacked on 30 almonds", "nibbled 30 almonds", "I wolfed down 30 almonds"])
    func verbsOfEatingFrameTheFood(_ text: String) {
        let almonds = parser.parse(text)
        #expect(almonds.map(\.name) == ["almonds"], "\(almonds)")
        #expect(almonds.first?.quantity == 30)
    }

    /// "a bottle of 7UP" had been no food at all (an amount of 7 "up"): digits glued to a word that
    /// is no unit open a name; glued units still measure.
    @Test func aNumberGluedToANameIsPartOfTheName() {
        let soda = parser.parse("a bottle of 7UP")
        #expect(soda.map(\.name) == ["7UP"], "\(soda)")
        #expect(soda.first?.unit == .bottle)
        #expect(parser.parse("200g rice").first?.quantity == 200)
        #expect(parser.parse("2x coffee").first?.quantity == 2)
    }

    /// What follows a food to say when, where or with whom is no part of its name: "a banana after
    /// the gym" had been unmatched, "a salad at the office" a beef salad, "pizza with friends" a
    /// dessert pizza. A sauce said after "in" stays.
    @Test(arguments: [
        ("a banana after the gym", "banana"), ("a salad at the office", "salad"), ("pizza with friends", "pizza"),
        ("a muffin on the go", "muffin"), ("chicken in garlic sauce", "chicken in garlic sauce"),
    ])
    func aSceneAfterAFoodIsNoPartOfItsName(_ text: String, name: String) {
        let items = parser.parse(text)
        #expect(items.map(\.name) == [name], "\(items)")
    }

    @Test func readsUnitsWithAndWithoutSpaces() {
        let items = parser.parse("200 g chicken, 2 tbsp olive oil, 1 cup of tea, 3 slices of bread")
        #expect(items.map(\.unit) == [.gram, .tablespoon, .cup, .slice])
        #expect(items.map(\.name) == ["chicken", "olive oil", "tea", "bread"])
    }

    @Test func splitsOnAndWithButKeepsProtectedNames() {
        let items = parser.parse("mac and cheese with a salad plus an apple")
        #expect(items.map(\.name) == ["mac and cheese", "salad", "apple"])
    }

    /// "in" cuts only between two pieces that each weigh a food: "a 75g Polish sausage in a 45g
    /// wheat hot dog bun" had lost the bun; "coffee in a 12 oz cup" and "tuna packed in water" stay one.
    @Test func inCutsBetweenTwoWeighedFoods() {
        let bun = parser.parse("I enjoyed a delicious 75g Polish sausage in a 45g wheat hot dog bun, with 5g of mustard")
        #expect(bun.map(\.name) == ["Polish sausage", "wheat hot dog bun", "mustard"], "\(bun)")
        #expect(bun.map(\.quantity) == [75, 45, 5])
        #expect(parser.parse("coffee in a 12 oz cup").count == 1)
        #expect(parser.parse("a 142g can of tuna packed in water").count == 1)
    }

    @Test func joinsAnAmountWithNoFoodToTheNextSegment() {
        let text = "1 cup and 2 tbsp milk"
        #expect(parser.parse(text) == [ParsedFoodItem(mention: text, name: "milk", quantity: 1, unit: .cup)])
    }

    @Test func readsCountingUnitsAfterTheFood() {
        #expect(parser.parse("4 garlic cloves").first == ParsedFoodItem(mention: "4 garlic cloves", name: "garlic", quantity: 4, unit: .clove))
        #expect(parser.parse("2 15-ounce cans chickpeas").first?.name == "chickpeas")
        #expect(parser.parse("2 15-ounce cans chickpeas").first?.unit == .can)
    }

    @Test func readsTrailingAmounts() {
        let item = parser.parse("rice 200g").first
        #expect(item?.name == "rice")
        #expect(item?.quantity == 200)
        #expect(item?.unit == .gram)
    }

    @Test func aWeightOrVolumeAloneAfterAFoodIsThatFoodsAmount() {
        // A public meal description says the drink's amount after it, between commas.
        let text = "I had a can of low-calorie Monster energy drink, 16 fl oz, for breakfast, and a bagel"
        let items = parser.parse(text)
        #expect(items.first?.mention == "I had a can of low-calorie Monster energy drink, 16 fl oz")
        #expect(items.first?.quantity == 16)
        #expect(items.first?.unit == .fluidOunce)
        #expect(items.last?.name == "bagel")
        #expect(items.last?.unit == .piece)
        // A food said with its own amount keeps it: the amount after the comma leads the next food.
        #expect(parser.parse("2 cups of rice, 1 cup, and milk").last?.quantity == 1)
    }

    /// "leftover pizza, two slices" had been a pizza and "two slices" of nothing: a count said
    /// alone after a comma, in digits or words, is the amount of the food before it. An article is
    /// no amount ("a salad, a cup of tea" stays two foods).
    @Test func aCountAloneAfterAFoodIsThatFoodsAmount() {
        let items = parser.parse("leftover pizza, two slices")
        #expect(items.map(\.mention) == ["leftover pizza, two slices"])
        #expect(items.first?.name == "pizza", "leftover only describes it")
        #expect(items.first?.quantity == 2)
        #expect(items.first?.unit == .slice)
        #expect(parser.parse("a salad, a cup of tea").count == 2)
    }

    /// "a quarter cup of almonds" had been one almond and "half a dozen chicken wings" half a
    /// wing: a part word after a count is a share of the measure after it, and half a dozen
    /// is six. A part word that names no share of a measure stays in the name.
    @Test(arguments: [
        ("a quarter cup of almonds", 0.25, "almonds"),
        ("three quarters of a cup of rice", 0.75, "rice"),
        ("half a dozen chicken wings", 6.0, "chicken wings"),
        ("a quarter pounder with cheese", 1.0, "quarter pounder with cheese"),
    ])
    func partsOfAnAmountAreRead(text: String, quantity: Double, name: String) throws {
        let item = try #require(parser.parse(text).first)
        #expect(item.quantity == quantity)
        #expect(item.name == name)
    }

    @Test func noAmountMeansServingWithoutQuantity() {
        let item = parser.parse("some rice").first
        #expect(item?.quantity == nil)
        #expect(item?.unit == .serving)
    }

    @Test func dropsFillerSegmentsAndKeepsMentionsExact() {
        let text = "For breakfast I had 2 eggs and toast."
        let items = parser.parse(text)
        #expect(items.map(\.name) == ["eggs", "toast"])
        #expect(items.allSatisfy { text.contains($0.mention) })
    }

    /// An occasion said first ends at its subject and eating verb: "on my way to work I picked up
    /// a breakfast burrito" had been a Milky Way bar ("way"). Without an opening scene word the
    /// words stay ("the pasta I had" keeps its pasta), and an occasion holding an everyday food
    /// word is no framing: "with my coffee I had a croissant" keeps its coffee.
    @Test(arguments: [
        ("on my way to work I picked up a breakfast burrito", "breakfast burrito"),
        ("At my nan's on Sunday we had roast beef", "roast beef"),
        ("between meetings I snacked on a granola bar", "granola bar"),
    ])
    func anOccasionSaidFirstIsFramingUpToItsEatingVerb(text: String, name: String) {
        #expect(parser.parse(text).map(\.name) == [name])
        #expect(FoodParser.unaccounted("on my way to work I picked up a", items: []).isEmpty)
        #expect(parser.parse("the pasta I had").first?.name.contains("pasta") == true)
        #expect(!FoodParser.unaccounted("with my coffee I had a", items: []).isEmpty)
        #expect(!FoodParser.unaccounted("after my burger I had", items: []).isEmpty)
    }

    /// "an extra shot of espresso" had been a drink's 240 ml: a word qualifying the unit ("extra",
    /// "double") no longer hides it.
    @Test func aWordQualifyingAUnitDoesNotHideIt() {
        let shot = parser.parseSegment("an extra shot of espresso")
        #expect(shot?.name == "espresso")
        #expect(shot?.unit == .fluidOunce)
        #expect(parser.parseSegment("a double shot americano")?.name.lowercased() == "americano")
    }

    /// Spoken fillers before an amount do not hide it: "a slice of chocolate cake with like a
    /// scoop of vanilla ice cream and uh a cup of decaf" had read the decaf into the ice cream.
    @Test func spokenFillersBeforeAnAmountStillStartAnotherFood() {
        let items = parser.parse("with like a scoop of vanilla ice cream and uh a cup of decaf")
        #expect(items.map(\.name).last == "decaf", "\(items)")
        #expect(items.count == 2)
    }
}
