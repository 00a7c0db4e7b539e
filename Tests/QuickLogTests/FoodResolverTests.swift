import AssetRequirements
import Testing
@testable import QuickLog

@Suite(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
struct FoodResolverTests {
    let database = installedDatabase!

    var library: FoodLibrary {
        let component = LibraryComponent(
            name: "beans", source: .usda, recordID: "16015", grams: 300,
            nutrition: NutritionFacts(kcal: 396, protein: 26, carbs: 71, fat: 1.6))
        return FoodLibrary(
            customFoods: [
                CustomFood(id: 1, name: "protein shake", per100g: NutritionFacts(kcal: 60, protein: 10, carbs: 3, fat: 1), servingGrams: 330),
                CustomFood(id: 2, name: "rice", per100g: NutritionFacts(kcal: 111, protein: 2.6, carbs: 23, fat: 0.9), servingGrams: 150),
            ],
            recipes: [Recipe(id: 3, name: "chili", servings: 2, ingredients: [component])],
            savedMeals: [SavedMeal(id: 4, name: "usual breakfast", items: [component])])
    }

    func item(_ name: String, _ quantity: Double? = 1, _ unit: FoodUnit = .serving) -> ParsedFoodItem {
        ParsedFoodItem(mention: name, name: name, quantity: quantity, unit: unit)
    }

    /// "On the way home I had a sausage roll": offered the four foods holding "pig", the meal
    /// model had picked "Pork, pig's feet, pickled", though the ranking put "Pig in a blanket" far
    /// ahead. The estimator chooses only among foods ranked within one unsaid qualifier or dish
    /// word of the first; "pick another" in review still offers them all.
    @Test func anEstimateIsChosenAmongFoodsRankedCloseToTheFirst() async {
        let resolver = FoodResolver(database: database)
        #expect(resolver.estimateCandidates("sausage roll").map(\.name) == ["Pig in a blanket"])
        #expect(resolver.nearbyFoods("sausage roll").count > 1)
        #expect(resolver.estimateCandidates("salt-grilled mackerel").allSatisfy { $0.name.contains("mackerel") })
        #expect(!resolver.estimateCandidates("salt-grilled mackerel").contains { $0.name.contains("king") })
        // "salt-grilled mackerel" matches nothing as said; the estimate stands on a mackerel
        // cooked dry, never on the king mackerel far down the ranking.
        let scripted = ScriptedEstimator(answer: 0)
        let estimating = FoodResolver(database: database, estimator: scripted)
        let resolved = await estimating.resolve(item("salt-grilled mackerel", nil))
        #expect(resolved.match?.name == "Fish, mackerel, baked or broiled")
        #expect(scripted.offered == [resolver.estimateCandidates("salt-grilled mackerel").map(\.name)])
    }

    /// "Sushi rolls, miso soup, seaweed salad and green tea": no record is a seaweed salad and
    /// "salad" alone is lettuce, so the salad had been unmatched (the model left it out, and its
    /// words were shown as no food). A salad, salsa or slaw no record names is the food it is made
    /// of; a wrap is more than its filling, and a word that changes the food stops it.
    @Test func aSaladNoRecordNamesIsTheFoodItIsMadeOf() async throws {
        let resolver = FoodResolver(database: database)
        let salad = try #require(await resolver.resolve(item("seaweed salad", nil)).match)
        #expect(salad.name.hasPrefix("Seaweed"))
        #expect(FoodResolver.foodADishIsMadeOf("seaweed salad", in: database) == "seaweed")
        #expect(FoodResolver.foodADishIsMadeOf("falafel wrap", in: database) == nil)
        #expect(FoodResolver.foodADishIsMadeOf("diet salad", in: database) == nil)
        #expect(FoodResolver.foodADishIsMadeOf("salad", in: database) == nil)
        let parser = FoodParser(usesModel: false, database: database)
        let items = await parser.parse("Sushi rolls, miso soup, seaweed salad and green tea").items
        #expect(items.map(\.mention) == ["Sushi rolls", "miso soup", "seaweed salad", "green tea"])
    }

    @Test func customFoodsComeFirstEvenOverAliases() async {
        let resolver = FoodResolver(library: library, database: database)
        #expect(await resolver.resolve(item("protein shake")).status == .matched(.custom, recordID: "1"))
        #expect(await resolver.resolve(item("rice")).status == .matched(.custom, recordID: "2"))
        #expect(await resolver.resolve(item("my protein shakes")).status == .matched(.custom, recordID: "1"))
    }

    @Test func recipesComeNext() async {
        let resolved = await FoodResolver(library: library, database: database).resolve(item("chili"))
        #expect(resolved.status == .matched(.recipe, recordID: "3"))
        #expect(abs(resolved.grams - 150) < 0.001)
        #expect(abs(resolved.nutrition.kcal - 198) < 0.01)
    }

    @Test func savedMealsComeNext() async {
        let resolved = await FoodResolver(library: library, database: database).resolve(item("usual breakfast"))
        #expect(resolved.status == .matched(.savedMeal, recordID: "4"))
        #expect(abs(resolved.nutrition.kcal - 396) < 0.01)
    }

    /// Everyday words, as pieces of a sentence the model cut ("Lunch today: a bowl of lentil soup
    /// and a bread roll", "beef stew with crusty bread", "had a big salad with chicken and ranch for
    /// lunch", "a small bag of trail mix and a string cheese", "vanilla ice cream with chocolate
    /// sauce and sprinkles"): a bread roll is a dinner roll, not a Mexican bolillo; crusty bread is
    /// bread; "with chicken" is the everyday (roasted) chicken, not raw ground chicken; ranch is the
    /// dressing, not a fast-food wrap; string cheese is part-skim mozzarella; chocolate sauce is
    /// chocolate syrup (the last three were unmatched or another food). "pasta with pesto and a
    /// side salad" and "a latte and a blueberry muffin": a side salad is no beef salad, a blueberry
    /// muffin no toaster muffin; "a bowl of chili with some cornbread": cornbread is no chicken cornbread.
    /// "two hot dogs" had been two 50 g frankfurters: a hot dog is the sandwich, a frankfurter the sausage.
    @Test(arguments: [
        ("a bread roll", "rolls, dinner"), ("with crusty bread", "bread"), ("with chicken", "roasted"),
        ("ranch for lunch", "ranch dressing"), ("a string cheese", "mozzarella"), ("with chocolate sauce", "chocolate syrup"),
        ("a side salad", "side salad"), ("a blueberry muffin", "blueberry, commercially prepared"), ("some cornbread", "bread, cornbread"),
        ("two hot dogs", "fast foods, hotdog"), ("a frankfurter", "frankfurter"),
    ])
    func everydayWordsFindTheEverydayFood(piece: String, record: String) throws {
        let item = try #require(RuleBasedFoodParser().parseSegment(Substring(piece)))
        let match = try #require(FoodResolver(database: database).resolveWithoutModel(item)?.match)
        #expect(match.name.lowercased().contains(record), "\(match.name)")
    }

    /// "a latte and a blueberry muffin": a muffin said alone is a bakery muffin (SR28's medium,
    /// 113 g), not the 31 g its record lists first.
    @Test func aMuffinIsABakeryMuffin() async {
        let resolved = await FoodResolver(database: database).resolve(item("a blueberry muffin", 1, .piece))
        #expect(resolved.grams == 113)
    }

    /// "steak with mashed potatoes and green beans" had been 28 g of steak: a record's serving is
    /// its first measure as written ("3 oz", 85 g), not one unit of it, and so is the alias's.
    /// "an omelette" had been a tablespoon of omelet.
    @Test func aServingIsTheRecordsFirstMeasureAsWritten() async {
        let record = try! #require(database.food(ndb: "13930"))
        #expect(record.defaultPortion == Portion(name: "3 oz", grams: 85))
        #expect(record.portions.first?.name == "oz", "amounts said still count single units")
        #expect(await FoodResolver(database: database).resolve(item("steak", nil)).grams == 85)
        #expect(await FoodResolver(database: database).resolve(item("an omelette", 1, .piece)).grams == 61)
    }

    /// "a toasted bagel with cream cheese" had been 7 g of cream cheese, half a tablespoon: a food
    /// whose serving is a spoonful keeps it when said with another food, as a spread does.
    /// "porridge with raspberries" still halves the cup of raspberries.
    @Test func aSpoonfulSaidWithAnotherFoodIsKept() async {
        var creamCheese = ParsedFoodItem(mention: "cream cheese", name: "cream cheese", quantity: nil, unit: .serving)
        creamCheese.company = .listedAfterWith
        #expect(await FoodResolver(database: database).resolve(creamCheese).grams == 14.5)
        var raspberries = ParsedFoodItem(mention: "raspberries", name: "raspberries", quantity: nil, unit: .serving)
        raspberries.company = .listedAfterWith
        #expect(await FoodResolver(database: database).resolve(raspberries).grams == 123 / 2)
    }

    /// One cup of a food, said as "a cup of …".
    func cup(of name: String) -> ParsedFoodItem {
        ParsedFoodItem(mention: "a cup of " + name, name: name, quantity: 1, unit: .cup)
    }

    /// A food said after "with", with no amount.
    func listedAfterWith(_ name: String) -> ParsedFoodItem {
        var food = ParsedFoodItem(mention: "with " + name, name: name, quantity: nil, unit: .serving)
        food.company = .listedAfterWith
        return food
    }

    /// "a cup of beef with potatoes and a medley of vegetables" had been a cup of beef plus half a
    /// serving of potatoes and of vegetables, twice the cup: what a cup or a weight is said with,
    /// without an amount of its own, is inside it. Each keeps its row; the measured food keeps at
    /// least half, and the total stays the cup.
    @Test func aCupHoldsWhatItIsSaidWith() async {
        let resolver = FoodResolver(database: database)
        let (beef, potatoes) = (cup(of: "beef"), listedAfterWith("potatoes"))
        let alone = await resolver.resolve([beef])
        let resolved = await resolver.resolve([beef, potatoes])
        #expect(resolved.count == 2)
        #expect(abs(resolved[0].grams + resolved[1].grams - alone[0].grams) < 0.001)
        #expect(resolved[0].grams >= resolved[1].grams)
        #expect(resolved[1].portionAssumption?.contains("inside the amount said for \"a cup of beef\"") == true)
    }

    /// "salmon teriyaki with steamed rice and miso soup" had been the salmon and half a serving
    /// each of rice and soup: a dish served beside a main one of meat or fish is a plate of its
    /// own. Peas in a curry stay a topping's share.
    @Test func aSideDishSaidWithAMainOneIsAWholeServing() async throws {
        let resolver = FoodResolver(database: database)
        /// The grams of the food `name` said in `text`, read as the model reads it, with the other
        /// foods and alone.
        func grams(_ text: String, _ mentions: [String], of name: String) async throws -> (together: Double, alone: Double) {
            let said = mentions.map { mention in
                ParsedFoodItem(mention: mention, name: mention.replacingOccurrences(of: "with ", with: ""), quantity: nil, unit: .serving)
            }
            let items = FoodParser.markingWhatIsListedAfterWith(said, in: text)
            let item = try #require(items.first { $0.name == name })
            #expect(item.isSaidWithAnotherFood)
            let together = try #require(await resolver.resolve(items).first { $0.parsed == item })
            let alone = ParsedFoodItem(mention: item.name, name: item.name, quantity: nil, unit: .serving)
            return (together.grams, await resolver.resolve(alone).grams)
        }
        let meal = ("grilled chicken with rice and lentil soup", ["grilled chicken", "with rice", "lentil soup"])
        let rice = try await grams(meal.0, meal.1, of: "rice")
        #expect(rice.together == rice.alone, "\(rice)")
        let soup = try await grams(meal.0, meal.1, of: "lentil soup")
        #expect(soup.together == soup.alone, "\(soup)")
        let peas = try await grams("chicken curry with peas", ["chicken curry", "with peas"], of: "peas")
        #expect(peas.together < peas.alone, "\(peas)")
    }

    /// "a garlic naan" had weighed a typical 45 g serving of bread: the survey record lists no
    /// measures, and no SR28 record holds "garlic naan". The SR28 record for the same food further
    /// specified ("Bread, naan, plain, …") lends its piece.
    @Test func aSurveyFoodBorrowsTheMeasuresOfTheSameFoodSpecified() async throws {
        let resolver = FoodResolver(database: database)
        let naan = await resolver.resolve(item("garlic naan", 1, .piece))
        #expect(naan.match?.name == "Bread, naan")
        #expect((80...110).contains(naan.grams), "\(naan.grams) g")
        #expect(naan.portionAssumption?.contains("Bread, naan, plain") == true)
    }

    /// A cup of a food does not hold a drink said with it, nor a drink a food: in "a cup of cereal
    /// with milk" the cup measures the cereal, and the milk keeps its own portion.
    @Test func aCupOfCerealDoesNotHoldTheMilk() async {
        let resolver = FoodResolver(database: database)
        let (cereal, milk) = (cup(of: "corn flakes"), listedAfterWith("milk"))
        let together = await resolver.resolve([cereal, milk]).map(\.grams)
        let each = [await resolver.resolve(cereal).grams, await resolver.resolve(milk).grams]
        #expect(FoodResolver.measuresAWhole(await resolver.resolve(cereal)))
        #expect(FoodResolver.isHeld(await resolver.resolve(milk), inADrink: true))
        #expect(together == each)
    }

    /// "a footlong Subway Oven Roasted Chicken sandwich" had been 33 g, one inch of the record's
    /// "6 inch sub": a length is what a piece is cut by, so a sub is the record's serving as
    /// written, and a footlong an extra-large one.
    @Test func aSubIsTheRecordsSubNotAnInchOfIt() async {
        let resolver = FoodResolver(database: database)
        let sub = await resolver.resolve(item("oven roasted chicken submarine sandwich", 1, .piece))
        #expect(sub.match?.recordID == "21154")
        #expect(sub.grams == 198)
        var footlong = item("oven roasted chicken submarine sandwich", 1, .piece)
        footlong.mention = "a footlong oven roasted chicken submarine sandwich"
        #expect(await resolver.resolve(footlong).grams == 198 * HouseholdPortions.Size.extraLarge.factor)
    }

    /// "For breakfast, I treated myself to a Taco Bell quesadilla filled with chicken, a tasty taco"
    /// had lost the quesadilla: the model read the taco alone, the rules' reading of the rest was
    /// cut at its link, and "Taco Bell quesadilla" matched no record, so only the chicken stayed. A
    /// brand the records are written under ("TACO BELL, …") says where a dish came from; the dish
    /// is looked up without it and is not a topping of its own.
    @Test func aBrandSaidBeforeADishNoneOfItsRecordsNamesIsWhereTheDishCameFrom() async throws {
        let resolver = FoodResolver(database: database)
        let quesadilla = await resolver.resolve(item("Taco Bell quesadilla"))
        #expect(quesadilla.match?.name.hasPrefix("Quesadilla") == true, "\(String(describing: quesadilla.match?.name))")
        #expect(FoodResolver.withoutBrand("Taco Bell quesadilla", in: database) == "quesadilla")
        #expect(FoodResolver.withoutBrand("taco salad", in: database) == nil)
        let parser = FoodParser(usesModel: false, database: database)
        let text = "For breakfast, I treated myself to a Taco Bell quesadilla filled with chicken, a tasty taco."
        let answer = [ParsedFoodItem(mention: "a tasty taco", name: "taco", quantity: 1, unit: .piece)]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.contains { $0.mention.contains("quesadilla") }, "\(parse.items.map(\.mention))")
        #expect(!parse.items.contains { $0.mention == "Taco" })
    }

    /// "roast potatoes" left out by the model after "with yorkshire pudding," had been kept for
    /// review as words naming no food: its record ("Potato, baked") writes "roast" otherwise.
    @Test func wordsTheModelLeftOutNameAFoodInAnyFormTheDatabaseWritesIt() async throws {
        let parser = FoodParser(usesModel: false, database: database)
        let text = "roast beef with peas, roast potatoes and gravy"
        let answer = [ParsedFoodItem(mention: "roast beef", name: "roast beef", quantity: nil, unit: .serving)]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["roast beef", "with peas", "roast potatoes", "gravy"])
        #expect(parse.unaccounted.isEmpty)
        let potatoes = await FoodResolver(database: database).resolve(try #require(parse.items.first { $0.name == "roast potatoes" }))
        #expect(potatoes.match?.name.hasPrefix("Potato") == true)
    }

    /// "a coffee with milk" had been a coffee and 122 g of milk, half a glass: a drink said with
    /// the drink before it is poured into it, a splash. Milk with cereal stays half a glass.
    @Test func aDrinkSaidWithAnotherIsASplash() async throws {
        // As the model reads them.
        func marked(_ text: String, _ mentions: [String]) -> [ParsedFoodItem] {
            let items = mentions.map { mention in
                ParsedFoodItem(mention: mention, name: String(mention.split(separator: " ").last ?? ""), quantity: nil, unit: .serving)
            }
            let parser = FoodParser(usesModel: false, database: database)
            return parser.markingWhatIsPouredIntoADrink(FoodParser.markingWhatIsListedAfterWith(items, in: text))
        }
        let resolver = FoodResolver(database: database)
        let tea = await resolver.resolve(marked("a cup of tea with honey and milk", ["a cup of tea", "honey", "milk"]))
        #expect(tea.map(\.parsed.company) == [.asMentioned, .listedAfterWith, .pouredIntoADrink])
        let milk = try #require(tea.last)
        #expect(abs(milk.grams - ResolvedFoodItem.splashMilliliters * 1.03) < 2, "\(milk.grams) g")
        #expect(milk.portionAssumption?.contains("splash") == true)
        let cereal = await resolver.resolve(marked("a bowl of cereal with milk", ["a bowl of cereal", "milk"]))
        #expect(cereal.last?.parsed.company == .listedAfterWith)
        #expect((cereal.last?.grams ?? 0) > 100)
    }

    /// "a cup of hot cocoa made from a mix" had been 244 g of cocoa mix (975 kcal), "a cup of
    /// mocha instant coffee" a cup of the powder (1,121 kcal): a cup, glass or bottle of a drink
    /// holds the drink as drunk. A dry food measured by the cup that is no drink stays itself.
    @Test(arguments: [
        ("a cup of hot cocoa made from a mix", "hot chocolate"), ("a cup of mocha instant coffee", "coffee"),
        ("a glass of fruit punch made from frozen concentrate", "prepared with water"),
        ("a cup of coffee made from instant powder", "coffee"),
    ])
    func aCupOfADrinkIsTheDrinkAsDrunkNotItsDryForm(piece: String, record: String) throws {
        let item = try #require(RuleBasedFoodParser().parseSegment(Substring(piece)))
        let resolved = try #require(FoodResolver(database: database).resolveWithoutModel(item))
        let name = try #require(resolved.match?.name)
        #expect(name.lowercased().contains(record), "\(name)")
        #expect(!FoodResolver.isDryForm(name), "\(name)")
        #expect(resolved.nutrition.kcal < 250, "\(resolved.nutrition.kcal) kcal")
    }

    @Test(arguments: [("a cup of trail mix", "trail mix"), ("a cup of powdered sugar", "powdered"), ("a cup of instant oatmeal", "oatmeal")])
    func aDryFoodThatIsNoDrinkStaysItselfByTheCup(piece: String, record: String) throws {
        let item = try #require(RuleBasedFoodParser().parseSegment(Substring(piece)))
        let match = try #require(FoodResolver(database: database).resolveWithoutModel(item)?.match)
        #expect(match.name.lowercased().contains(record), "\(match.name)")
    }

    @Test func aDescriptionNamesItsDryFormUnlessMadeUpFromIt() {
        #expect(FoodResolver.isDryForm("Beverages, Cocoa mix, NESTLE, Hot Cocoa Mix Rich Chocolate With Marshmallows"))
        #expect(FoodResolver.isDryForm("Coffee, instant, not reconstituted"))
        #expect(!FoodResolver.isDryForm("Coffee, instant, reconstituted"))
        #expect(!FoodResolver.isDryForm("Beverages, coffee, instant, regular, prepared with water"))
        #expect(!FoodResolver.isDryForm("Orange juice, chilled, includes from concentrate"))
        #expect(!FoodResolver.isDryForm("Milk, whole, 3.25% milkfat"))
    }

    /// "a cup of decaf coffee" had been a branded "Decaf coffee" of 250 kcal per 100 g, 609 kcal:
    /// the database writes "decaffeinated".
    @Test func decafIsDecaffeinated() throws {
        let item = try #require(RuleBasedFoodParser().parseSegment("a cup of decaf coffee"))
        let resolved = try #require(FoodResolver(database: database).resolveWithoutModel(item))
        #expect(resolved.match?.name.lowercased().contains("decaffeinated") == true, "\(resolved.match?.name ?? "")")
        #expect(resolved.nutrition.kcal < 60)
    }

    /// "a cup of coffee with half and half" had cut "half" from "half", two pieces read as no
    /// food; "a 20 fl oz bottle of Coca-Cola" had been Powerade, a Coca-Cola brand.
    @Test func everydayDrinkNamesAreAliases() throws {
        let coffee = RuleBasedFoodParser().parse("a cup of coffee with half and half")
        #expect(coffee.map(\.name) == ["coffee", "half and half"], "\(coffee)")
        let cream = try #require(FoodResolver(database: database).match("half and half"))
        #expect(cream.name == "Cream, fluid, half and half")
        let cola = try #require(FoodResolver(database: database).match("Coca-Cola"))
        #expect(cola.name == "Beverages, carbonated, cola, regular")
    }

    @Test func aliasLayerBeforeFullTextSearch() async {
        let resolved = await FoodResolver(database: database).resolve(item("eggs", 2, .piece))
        #expect(resolved.status == .matched(.usda, recordID: "01123"))
        #expect(resolved.match?.viaAlias == true)
        #expect(resolved.grams == 100)
    }

    @Test func fullTextSearchFindsFoodsWithoutAlias() async {
        let resolved = await FoodResolver(database: database).resolve(item("kohlrabi", 100, .gram))
        #expect(resolved.match?.viaAlias == false)
        #expect(resolved.match?.name.lowercased().hasPrefix("kohlrabi") == true)
    }

    @Test func anEstimateIsTheNearbyFoodTheEstimatorPicksAndOnlyWhenNothingMatched() async throws {
        let estimator = ScriptedEstimator(answer: 0)
        let resolver = FoodResolver(database: database, estimator: estimator)
        // "lentil" is in many foods, so "homemade lentil stew" covers too little of any to match.
        let stew = await resolver.resolve(item("homemade lentil stew", 300, .gram))
        #expect(stew.status == .estimated)
        let offered = try #require(estimator.offered.first)
        #expect(offered.count <= 4 && Set(offered).count == offered.count, "\(offered)")
        // The estimate is the picked record, its numbers scaled to the grams said.
        let picked = try #require(resolver.nearbyFoods("homemade lentil stew").first)
        #expect(stew.match?.name == picked.name && stew.match?.recordID == picked.recordID)
        #expect(stew.match?.source == .estimate)
        #expect(abs(stew.nutrition.kcal - picked.per100g.kcal * 3) < 0.01)
        // A matched food never asks the estimator.
        #expect(await resolver.resolve(item("banana")).status == .matched(.usda, recordID: "09040"))
        #expect(estimator.offered.count == 1)
    }

    @Test func anotherMatchIsOfferedEvenWhenTheSearchRefusesEveryFood() {
        let resolver = FoodResolver(database: database)
        // Matched: the ranked matches, as before.
        #expect(resolver.otherMatches("banana", limit: 6).map(\.recordID) == resolver.databaseCandidates("banana", limit: 6).map(\.recordID))
        // Refused by the search: the foods holding its head noun, so the person can still pick one.
        #expect(resolver.databaseCandidates("homemade lentil stew", limit: 6).isEmpty)
        let offered = resolver.otherMatches("homemade lentil stew", limit: 6)
        #expect(!offered.isEmpty && offered.count <= 6)
        #expect(offered.allSatisfy { $0.name.lowercased().contains("stew") }, "\(offered.map(\.name))")
        #expect(resolver.otherMatches("zorblax", limit: 6).isEmpty)
    }

    @Test func oneTextSendsAtMostEightDifferentNamesToTheEstimatorAndEachOnce() async {
        // Names the search refuses but that have nearby foods (from public meal descriptions).
        let names = [
            "homemade lentil stew", "eclair", "sugar-free cheese-filled frankfurter", "ham slathered in barbecue sauce",
            "frozen guava fruit", "double stick orange Popsicle", "unsweetened Beech-Nut Stage 1 applesauce",
            "cone of smooth", "touch of fat", "mix of meat",
        ]
        let estimator = ScriptedEstimator(answer: 0)
        let resolver = FoodResolver(database: database, estimator: estimator)
        for name in names {
            #expect(resolver.resolveWithoutModel(item(name)) == nil && !resolver.nearbyFoods(name).isEmpty, "\(name)")
        }
        let items = (names + ["eclair", "Eclair"]).map { item($0) } + [item("banana")]
        let resolved = await resolver.resolve(items)
        #expect(resolved.count == items.count)
        #expect(estimator.offered.count == FoodResolver.estimatesPerText)
        #expect(resolved.prefix(FoodResolver.estimatesPerText).allSatisfy { $0.isEstimate })
        let beyondTheCap = resolved[FoodResolver.estimatesPerText..<names.count].map(\.status)
        #expect(beyondTheCap == Array(repeating: .unmatched, count: names.count - FoodResolver.estimatesPerText))
        // "eclair" said again (in any case) reuses its estimate; a matched food never asks.
        #expect(resolved[names.count].isEstimate && resolved[names.count + 1].isEstimate)
        #expect(resolved.last?.status == .matched(.usda, recordID: "09040"))
    }

    @Test func noPickOrNoNearbyFoodLeavesTheItemUnmatched() async {
        let refusing = ScriptedEstimator(answer: nil)
        #expect(await FoodResolver(database: database, estimator: refusing).resolve(item("homemade lentil stew")).status == .unmatched)
        // A word in no food has no neighbour to stand on: the estimator is not even asked.
        let picking = ScriptedEstimator(answer: 0)
        #expect(await FoodResolver(database: database, estimator: picking).resolve(item("zorblax")).status == .unmatched)
        #expect(picking.offered.isEmpty)
        // An index outside the list is refused, not trusted.
        let wild = ScriptedEstimator(answer: 9)
        #expect(await FoodResolver(database: database, estimator: wild).resolve(item("homemade lentil stew")).status == .unmatched)
    }

    @Test func unmatchedWithoutAnEstimator() async {
        let resolved = await FoodResolver(database: database).resolve(item("zorblax"))
        #expect(resolved.status == .unmatched)
        #expect(!resolved.isLoggable)
    }

    @Test func aWordNoFoodHasDoesNotHideTheDishBesideIt() async {
        // "zorblax" is in no food (a brand or a family name, most often): the stew is still a stew.
        let resolved = await FoodResolver(database: database).resolve(item("zorblax stew", 300, .gram))
        #expect(resolved.match?.name.lowercased().contains("stew") == true)
        #expect(resolved.grams == 300)
    }

    @Test func missingAmountUsesTheDefaultPortionAndSaysSo() async {
        let resolved = await FoodResolver(database: database).resolve(item("coffee", nil, .serving))
        #expect(resolved.status == .amountUnknown(.usda, recordID: "14209"))
        #expect(resolved.grams == 237)
    }

    @Test func refusesAMatchThatChangesTheDish() async {
        let resolver = FoodResolver(database: database)
        // A falafel wrap may become a wrap (the dish said), never falafel alone (the filling).
        let wraps = resolver.databaseCandidates("falafel wrap")
        #expect(wraps.allSatisfy { $0.name.lowercased().contains("wrap") })
        #expect(await resolver.resolve(item("falafel wrap")).match.map { $0.name.lowercased().contains("wrap") } ?? true)
        let peaches = resolver.databaseCandidates("peach", limit: 10)
        #expect(!peaches.isEmpty)
        #expect(peaches.allSatisfy { !$0.name.lowercased().contains("pie") && !$0.name.lowercased().contains("juice") })
    }

    /// A Mexican dish named is that dish, whatever brand was said with it: "a Taco Bell
    /// quesadilla filled with chicken" had been "TACO BELL, BURRITO SUPREME with chicken".
    @Test func aDishNamedIsNotAnotherDishOfTheSameBrand() async throws {
        let parsed = try #require(RuleBasedFoodParser().parse("a Taco Bell quesadilla filled with chicken").first)
        let name = try #require(await FoodResolver(database: database).resolve(parsed).match?.name.lowercased())
        #expect(name.contains("quesadilla"), "\(name)")
    }

    @Test(arguments: ["a poached egg", "steamed broccoli", "2 boiled eggs", "grilled salmon"])
    func aCookingStateInTheWordsBeatsARawRecord(_ said: String) async throws {
        let parsed = try #require(RuleBasedFoodParser().parse(said).first)
        let resolved = await FoodResolver(database: database).resolve(parsed)
        let name = try #require(resolved.match?.name.lowercased())
        #expect(!name.contains("raw"), "\(said) → \(name)")
    }

    /// The alias for a plain name stands for other cooking states, not for frying: "fried chicken
    /// thighs" had been "Chicken, thigh, meat only, cooked, roasted".
    @Test func aFriedFoodIsNotTheAliasOfItsPlainName() async throws {
        let parsed = try #require(RuleBasedFoodParser().parse("fried chicken thighs").first)
        let name = try #require(await FoodResolver(database: database).resolve(parsed).match?.name.lowercased())
        #expect(name.contains("fried") || name.contains("breaded"), "\(name)")
        let grilled = try #require(RuleBasedFoodParser().parse("grilled chicken breast").first)
        #expect(await FoodResolver(database: database).resolve(grilled).match?.name.lowercased().contains("chicken") == true)
    }

    /// A dish named with its cooking word is that dish, not the food the other words name.
    @Test(arguments: [("a grilled cheese", "sandwich"), ("fried rice", "fried")])
    func aDishNamedWithItsCookingWordIsThatDish(said: String, dish: String) async throws {
        let parsed = try #require(RuleBasedFoodParser().parse(said).first)
        let resolved = await FoodResolver(database: database).resolve(parsed)
        let name = try #require(resolved.match?.name.lowercased())
        #expect(name.contains(dish), "\(said) → \(name)")
    }

    /// A bun named for what it holds is a bun: "a hamburger bun" had been a veggie burger on a bun.
    @Test(arguments: ["a hamburger bun", "a hot dog bun"])
    func aBunNamedForWhatItHoldsIsABun(_ said: String) async throws {
        let parsed = try #require(RuleBasedFoodParser().parse(said).first)
        let bun = await FoodResolver(database: database).resolve(parsed)
        #expect(bun.match?.name.hasPrefix("Rolls, hamburger or hotdog") == true, "\(bun.match?.name ?? "nothing")")
    }

    /// A later phrase of a record names a kind of the food: "on a warm white hamburger bun" had
    /// been a chicken burger on a bun (351 kcal, said after a chicken patty), as "Roll, white,
    /// hamburger bun" was refused for naming a roll nobody said.
    @Test func aRecordsLaterPhraseNamesAKindOfTheFood() async throws {
        #expect(FoodIndex.laterHeads(["Roll", " white", " hamburger bun"]) == [FoodIndex.stem("bun")])
        #expect(FoodIndex.laterHeads(["Turkey or chicken burger", " on white bun"]).isEmpty)
        let parsed = try #require(RuleBasedFoodParser().parse("a warm white hamburger bun").first)
        let bun = await FoodResolver(database: database).resolve(parsed)
        #expect(bun.match?.name.hasPrefix("Roll") == true, "\(bun.match?.name ?? "nothing")")
    }

    /// A piece is weighed by the alias for its head noun only when that food carries about the
    /// same energy: "a california roll" had weighed as a dinner roll, 25 g (23 kcal). "4 fried
    /// eggs" still weigh four eggs.
    @Test func aPieceIsNotWeighedAsAnotherFoodOfItsName() async throws {
        let resolver = FoodResolver(database: database)
        let roll = await resolver.resolve(try #require(RuleBasedFoodParser().parse("a california roll").first))
        #expect(roll.match?.name.contains("Sushi") == true, "\(roll.match?.name ?? "nothing")")
        #expect(roll.portionAssumption?.contains("Rolls, dinner") != true, "\(roll.portionAssumption ?? "")")
        let eggs = await resolver.resolve(try #require(RuleBasedFoodParser().parse("4 fried eggs").first))
        #expect(abs(eggs.grams - 4 * 46) < 1, "\(eggs.grams) g")
    }

    /// A brand people say for a food is that food: "a crepe filled with nutella" had been a Nutella
    /// sandwich of 150 g.
    @Test func nutellaIsTheHazelnutSpread() async throws {
        let parsed = try #require(RuleBasedFoodParser().parse("nutella").first)
        let spread = await FoodResolver(database: database).resolve(parsed)
        #expect(spread.match?.name == "Chocolate-flavored hazelnut spread", "\(spread.match?.name ?? "nothing")")
    }

    /// A dish no record names with what it holds is the food before its description, not
    /// unmatched: "a small tortilla filled with a delicious small fried steak" had been 0 kcal.
    @Test func aDishNoRecordNamesWithItsFillingIsTheFoodBeforeIt() async throws {
        let parsed = try #require(RuleBasedFoodParser().parse("a small tortilla filled with a delicious small fried steak").first)
        #expect(FoodResolver.nameBeforeDescription(parsed) == "tortilla")
        let resolved = await FoodResolver(database: database).resolve(parsed)
        #expect(resolved.match?.name.lowercased().contains("tortilla") == true, "\(resolved.match?.name ?? "nothing")")
    }

    @Test func aCountMultipliesTheWeightOfOnePieceNotAServing() async throws {
        // "Egg, whole, fried" lists no measure that counts eggs: one piece is the large egg of the alias.
        let parsed = try #require(RuleBasedFoodParser().parse("4 fried eggs with ham").first)
        let eggs = await FoodResolver(database: database).resolve(parsed)
        #expect(eggs.match?.name.lowercased().contains("fried") == true)
        #expect(eggs.grams == 200, "\(eggs.grams) g")
        #expect(eggs.portionAssumption?.contains("one piece") == true)
    }

    /// A count of small pieces multiplies one piece, not the serving an everyday word stands for:
    /// "25 grapes" had been 25 cups (3,775 g, 2,605 kcal), "50 peanuts" 50 ounces, "20 french
    /// fries" 20 servings of ten strips. Each piece is the record's own: a grape of its "10
    /// grapes", a peanut, a strip of fries, a medium strawberry, the "cherry" of a cherry tomato.
    @Test(arguments: [
        ("25 grapes", 4.9), ("50 peanuts", 1.0), ("20 french fries", 6.9), ("10 strawberries", 12.0),
        ("20 cherry tomatoes", 17.0), ("22 potato chips", 28.0 / 22), ("30 almonds", 1.2),
        // "40 goldfish crackers" had been 40 typical crackers (400 g, 1,956 kcal), "12 chicken
        // wings" 12 of a record's 85 g "piece" (1,020 g, 2,591 kcal).
        ("40 goldfish crackers", 0.52), ("12 chicken wings", 32.0),
    ] as [(String, Double)])
    func aCountOfSmallPiecesWeighsThosePieces(_ said: String, gramsInOne: Double) async throws {
        let parsed = try #require(RuleBasedFoodParser().parse(said).first)
        let food = await FoodResolver(database: database).resolve(parsed)
        let count = try #require(parsed.quantity)
        #expect(abs(food.grams - count * gramsInOne) < 1, "\(said) → \(food.grams) g of \(food.match?.name ?? "nothing")")
    }

    /// Everyday drinks by the words people say: "a bottle of 7UP" had matched nothing, "club soda"
    /// had been a sweet soft drink (42 kcal per 100 g), "sweet tea" a chamomile tea (1 kcal).
    @Test(arguments: [
        ("a bottle of 7UP", "lemon-lime"), ("a can of club soda", "club soda"), ("a large sweet tea", "sweetened"),
        // Had matched nothing, and an energy drink.
        ("a corona", "beer"), ("a can of mountain dew", "citrus soft drink with caffeine"),
        // An everyday word ending like a quality ("-ness") had been read as no food.
        ("a pint of guinness", "beer"),
    ])
    func everydayDrinksAreTheDrinksSaid(_ said: String, named: String) async throws {
        let parsed = try #require(RuleBasedFoodParser().parse(said).first)
        let drink = await FoodResolver(database: database).resolve(parsed)
        #expect(drink.match?.name.lowercased().contains(named.lowercased()) == true, "\(said) → \(drink.match?.name ?? "nothing")")
    }

    /// Vegetables said without naming one are mixed vegetables: "a chicken breast with steamed
    /// vegetables" had been "Macaroni, vegetable" (the record's second phrase names its kind).
    @Test(arguments: ["steamed vegetables", "some veggies", "mixed vegetables"])
    func vegetablesSaidWithoutNamingOneAreMixedVegetables(_ said: String) async throws {
        let food = await FoodResolver(database: database).resolve(try #require(RuleBasedFoodParser().parse(said).first))
        #expect(food.match?.name.hasPrefix("Vegetables, mixed") == true, "\(said) → \(food.match?.name ?? "nothing")")
    }

    /// One of a food is never a whole item several portions big: "a turkey" had been the record's
    /// "bird" (3,812 g, 6,061 kcal); a candy bar stays its bar.
    @Test(arguments: [("a turkey", 100.0), ("a milk chocolate candy bar", 42.0)])
    func oneOfAFoodIsNoWholeItemOfSeveralPortions(_ said: String, grams: Double) async throws {
        let food = await FoodResolver(database: database).resolve(try #require(RuleBasedFoodParser().parse(said).first))
        #expect(abs(food.grams - grams) < 1, "\(said) → \(food.grams) g of \(food.match?.name ?? "nothing")")
    }

    /// Coffee-shop sizes are drink sizes and a frappuccino is a frozen coffee drink: "a venti caramel
    /// frappuccino" had been 10 g of caramel candy; "an order of" is a serving; a slice of a food an
    /// everyday word names is a slice ("2 slices of turkey" had been two of the word's 3 oz, 170 g).
    @Test(arguments: [
        ("a venti caramel frappuccino", "Frozen coffee drink", 608.7), ("a tall latte", "Latte", 365.7),
        ("an order of fries", "french fried", 69.0), ("2 slices of turkey", "Turkey", 56.0),
    ] as [(String, String, Double)])
    func coffeeShopSizesOrdersAndSlicesAreWhatTheySay(_ said: String, named: String, grams: Double) async throws {
        let food = await FoodResolver(database: database).resolve(try #require(RuleBasedFoodParser().parse(said).first))
        #expect(food.match?.name.contains(named) == true, "\(said) → \(food.match?.name ?? "nothing")")
        #expect(abs(food.grams - grams) < 2, "\(said) → \(food.grams) g")
    }

    /// "a diet coke" had been a 240 ml cup, "two glasses of prosecco" 494 g and "an extra espresso
    /// shot" 247 g: a drink said by count, or by the glass it is poured in, is one as it is sold or
    /// poured (`Resources/drink-servings.tsv`), and a coffee-shop drink's size is a coffee cup's.
    /// A cup of coffee stays a cup.
    @Test(arguments: [
        ("a diet coke", 355.0), ("two beers", 710.0), ("two glasses of prosecco", 300.0), ("an extra espresso shot", 30.0),
        ("a large latte", 591.0), ("a coconut water", 330.0), ("a cup of coffee", 237.0),
    ] as [(String, Double)])
    func aDrinkSaidByCountIsOneAsItIsSoldOrPoured(_ said: String, milliliters: Double) async throws {
        let drink = await FoodResolver(database: database).resolve(try #require(RuleBasedFoodParser().parse(said).first))
        #expect(abs(drink.grams - milliliters) < milliliters * 0.1, "\(said) → \(drink.grams) g of \(drink.match?.name ?? "nothing")")
    }

    /// "chips and guacamole" had held 15 g of guacamole and "roast beef, potatoes and gravy" 15 g of
    /// gravy, a spread's tablespoon: a dip or sauce said without a measure is its everyday serving
    /// (`Resources/everyday-servings.tsv`), and so is a garnish ("thai basil" had been 100 g). "pan fried tofu" had been 28 g, the record's first measure
    /// ("oz"): a bare weight is no serving, so the kind's serving stands, up to 250 kcal.
    @Test(arguments: [
        ("chips and guacamole", "guacamole", 30.0), ("roast beef, potatoes and gravy", "gravy", 60.0),
        ("pan fried tofu", "pan fried tofu", 250 * 100 / 270.0), ("beef pho and thai basil", "thai basil", 3), ("a crepe and powdered sugar", "powdered sugar", 8),
    ] as [(String, String, Double)])
    func aDipOrAFoodWithoutAServingMeasureWeighsAServing(_ said: String, food: String, grams: Double) async throws {
        let items = await FoodParser(usesModel: false, database: database).parse(said).items
        let item = try #require(items.first { $0.name == food }, "\(items.map(\.name))")
        let resolved = await FoodResolver(database: database).resolve(item)
        #expect(abs(resolved.grams - grams) < 1, "\(said) → \(resolved.grams) g of \(resolved.match?.name ?? "nothing")")
    }

    /// A size said with a serving scales it: "a large order of fries" had been a plain serving (69 g).
    @Test func aSizeSaidWithAServingScalesIt() async throws {
        let fries = await FoodResolver(database: database).resolve(try #require(RuleBasedFoodParser().parse("a large order of fries").first))
        #expect(abs(fries.grams - 69 * 1.4) < 1, "\(fries.grams) g")
        #expect(fries.portionAssumption == "large serving")
        // Without an amount too: "large fries" had been a plain serving.
        let said = await FoodResolver(database: database).resolve(try #require(RuleBasedFoodParser().parse("large fries").first))
        #expect(said.grams == fries.grams, "\(said.grams) g")
    }

    /// A size said with a glass or a bowl scales it too: "a large glass of wine" had been a plain
    /// glass (148 g).
    @Test func aSizeSaidWithAGlassScalesIt() async throws {
        let wine = await FoodResolver(database: database).resolve(try #require(RuleBasedFoodParser().parse("a large glass of wine").first))
        #expect(abs(wine.grams - 148 * 1.4) < 2, "\(wine.grams) g")
        #expect(wine.portionAssumption == "large glass")
    }

    /// A bowl holds at least a cup: "a bowl of vanilla ice cream" had been the record's "serving
    /// 1/2 cup" (66 g).
    @Test func aBowlHoldsAtLeastACup() async throws {
        let iceCream = await FoodResolver(database: database).resolve(
            try #require(RuleBasedFoodParser().parse("a bowl of vanilla ice cream").first))
        #expect(abs(iceCream.grams - 132) < 2, "\(iceCream.grams) g")
        #expect(PortionConverter.cupsIn("serving 1/2 cup") == 0.5)
        #expect(PortionConverter.cupsIn("serving 1 cup") == 1)
        #expect(PortionConverter.cupsIn("slice") == nil)
    }

    /// A sandwich said by its initials is that sandwich: "a blt" had been left to a model estimate.
    @Test func aBLTIsABaconLettuceAndTomatoSandwich() async throws {
        let blt = await FoodResolver(database: database).resolve(try #require(RuleBasedFoodParser().parse("a blt").first))
        #expect(blt.match?.name.hasPrefix("Bacon, lettuce, tomato sandwich") == true, "\(blt.match?.name ?? "nothing")")
    }

    /// Snacks by their brand: "a small bag of m&ms" had matched nothing, "a bag of baked lays" a
    /// cooked cereal.
    @Test(arguments: [("a small bag of m&ms", "M&M's Milk Chocolate"), ("a bag of baked lays", "potato chips")])
    func snacksSaidByTheirBrandAreThoseSnacks(_ said: String, named: String) async throws {
        let parsed = try #require(RuleBasedFoodParser().parse(said).first)
        let snack = await FoodResolver(database: database).resolve(parsed)
        #expect(snack.match?.name.contains(named) == true, "\(said) → \(snack.match?.name ?? "nothing")")
    }

    /// A container said of a food an everyday word names is that container when the record lists
    /// none: "a bottle of water" had been the word's cup (237 g), "a bag of goldfish" its "10
    /// goldfish" (5.2 g). A bottle of a drink sold by the can is the can's size.
    @Test(arguments: [("a bottle of water", 515.0), ("a bag of goldfish", 30.0), ("a bottle of beer", 356.0)])
    func aContainerIsWeighedAsOneWhoeverNamedTheFood(_ said: String, grams: Double) async throws {
        let parsed = try #require(RuleBasedFoodParser().parse(said).first)
        let food = await FoodResolver(database: database).resolve(parsed)
        #expect(abs(food.grams - grams) < 1, "\(said) → \(food.grams) g of \(food.match?.name ?? "nothing")")
    }

    /// Yogurt is weighed as yogurt: its USDA group, "Dairy and Egg Products", had made a cup of
    /// Greek yogurt weigh as meat (142 g).
    @Test func aCupOfYogurtWeighsAsYogurt() async throws {
        let parsed = try #require(RuleBasedFoodParser().parse("a cup of greek yogurt").first)
        let yogurt = await FoodResolver(database: database).resolve(parsed)
        #expect(yogurt.grams > 230 && yogurt.grams < 260, "\(yogurt.grams) g of \(yogurt.match?.name ?? "nothing")")
        #expect(HouseholdPortions.Kind(category: "Dairy and Egg Products", description: "Yogurt, Greek, plain, nonfat") == .yogurt)
        #expect(HouseholdPortions.Kind(category: "Dairy and Egg Products", description: "Frozen yogurt, vanilla") == .frozenDessert)
    }

    /// A measure counts the noun it ends with: "half a cantaloupe" had been half of one of the
    /// record's "10 cantaloupe balls" (6.9 g); it is half a medium melon.
    @Test func halfACantaloupeIsHalfAMelonNotHalfABall() async throws {
        let parsed = try #require(RuleBasedFoodParser().parse("half a cantaloupe").first)
        let melon = await FoodResolver(database: database).resolve(parsed)
        #expect(melon.grams == 276, "\(melon.grams) g of \(melon.match?.name ?? "nothing")")
        #expect(PortionConverter.measureNoun(Portion(name: "cantaloupe balls", grams: 13.8)) == FoodIndex.stem("balls"))
    }

    /// A food served by the spoonful is counted in spoonfuls, and a shot is about an ounce: "a
    /// cup of coffee with two sugars" had held 30 g of sugar (two pieces of a spread), "a shot of
    /// tequila" a 240 ml drink (571 kcal).
    @Test(arguments: [("two sugars", 8.4), ("a shot of tequila", 29.6 * 1.03), ("two shots of espresso", 59.2)])
    func spoonfulsAndShotsAreSmall(_ said: String, grams: Double) async throws {
        let parsed = try #require(RuleBasedFoodParser().parse(said).first)
        let food = await FoodResolver(database: database).resolve(parsed)
        #expect(abs(food.grams - grams) < 1.5, "\(said) → \(food.grams) g of \(food.match?.name ?? "nothing")")
    }

    /// A plural counted once is the serving the word stands for: "a fries" is not one strip.
    @Test func aServingWordCountedOnceStaysAServing() async throws {
        let fries = await FoodResolver(database: database).resolve(try #require(RuleBasedFoodParser().parse("a fries").first))
        #expect(fries.grams == 69, "\(fries.grams) g")
    }

    @Test(arguments: [("a beer", 300.0), ("a glass of red wine", 120.0), ("a can of cola", 300.0)])
    func aDrinkWithoutAnAmountIsOneDrinkNotAFluidOunce(_ said: String, atLeast grams: Double) async throws {
        let parsed = try #require(RuleBasedFoodParser().parse(said).first)
        let drink = await FoodResolver(database: database).resolve(parsed)
        #expect(drink.grams >= grams, "\(said) → \(drink.grams) g of \(drink.match?.name ?? "nothing")")
    }

    @Test func everyAliasCitesAnExistingSR28FoodWithItsName() {
        let aliases = FoodAliasTable.bundled.aliases
        #expect(aliases.count >= 200)
        for alias in aliases {
            let food = database.food(ndb: alias.ndb)
            #expect(food?.name == alias.sr28Description, "alias \(alias.alias) → \(alias.ndb)")
            #expect(alias.portionGrams > 0)
        }
    }
}
