import AssetRequirements
import Testing
@testable import QuickLog

/// Ranking over SR28 and FoodData Central, on the real database setup builds.
@Suite(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
struct FoodRankingTests {
    let database = installedDatabase!
    var resolver: FoodResolver { FoodResolver(database: database) }

    func best(_ name: String) -> FoodMatch? { resolver.databaseCandidates(name, limit: 1).first }

    /// "charred peppers" had been "Soft drink, pepper type": charring and searing are cooking, so
    /// the cooked vegetable or fish is the food (`Resources/equivalents.tsv`).
    @Test(arguments: [("charred peppers", "Peppers"), ("seared salmon", "salmon")])
    func charredAndSearedFoodsAreCooked(_ said: String, record: String) throws {
        let match = try #require(best(said))
        #expect(match.name.hasPrefix(record) || match.name.contains(record), "\(said) → \(match.name)")
        #expect(!match.name.contains("raw") && !match.name.contains("Soft drink"), "\(said) → \(match.name)")
    }

    @Test func cookingStatesFindTheCookedFood() throws {
        let rice = try #require(best("boiled white rice"))
        #expect(rice.name.lowercased().contains("rice"))
        #expect(rice.name.lowercased().contains("cooked"))
        let carrots = try #require(best("fresh raw carrots"))
        #expect(carrots.name.lowercased().contains("raw"))
    }

    /// "150g of fried chicken breast with the coating eaten" had been "Chicken breast, stewed, skin
    /// eaten": a record cooked another way than the way said loses to one cooked that way.
    @Test func aRecordCookedAnotherWayLosesToTheWaySaid() throws {
        let breast = try #require(best("fried chicken breast with the coating eaten"))
        #expect(breast.name.lowercased().contains("fried"))
    }

    /// "a jar of squash baby food" had been "Baby Toddler food, NFS": "food" names no food of its
    /// own, so the word before it is the one a record must hold.
    @Test func foodIsNoHeadNoun() throws {
        let squash = try #require(best("squash baby food"))
        #expect(squash.name.lowercased().contains("squash"), "\(squash.name)")
        #expect(!squash.name.lowercased().contains("zucchini"), "\(squash.name)")
    }

    /// "a 50g fried chicken drumstick with its coating left behind" had been "POPEYES, Fried
    /// Chicken, Mild, Drumstick": a restaurant's or a brand's record comes after a generic one
    /// unless a word of its capitals is said; said, it is found ("a 2 oz SNICKERS bar"), and
    /// alone it is still found ("a cheese stick" has only "DENNY'S, mozzarella cheese sticks").
    @Test func aBrandNobodyNamedComesAfterTheGenericFood() throws {
        let drumstick = try #require(best("fried chicken drumstick"))
        #expect(FoodIndex.brandWords(drumstick.name).isEmpty, "\(drumstick.name)")
        let snickers = try #require(best("snickers bar"))
        #expect(snickers.name.contains("SNICKERS"))
        #expect(best("cheese stick") != nil)
        #expect(FoodIndex.brandWords("McDONALD'S, Double Cheeseburger") == ["mcdonald"])
        #expect(FoodIndex.brandWords("Bacon, NFS").isEmpty)
    }

    @Test func qualifiersNobodySaidLoseToThePlainFood() throws {
        let salmon = try #require(best("grilled salmon"))
        #expect(!salmon.name.lowercased().contains("canned"))
        let cola = try #require(best("diet cola"))
        #expect(cola.name.lowercased().hasPrefix("soft drink"))
    }

    /// A container word said after the food names its kind of dish: "a chicken burrito bowl" had
    /// been "Burrito, chicken, cheese", though "Burrito bowl, chicken" holds every word.
    @Test func aContainerSaidAfterTheFoodNamesTheDish() throws {
        #expect(best("chicken burrito bowl")?.name == "Burrito bowl, chicken")
        #expect(best("chicken burrito")?.name.hasPrefix("Burrito bowl") == false)
    }

    /// A food named by a word said only after "with" is what the dish was had with, not the dish:
    /// "spaghetti with meat sauce" had been "Spaghetti sauce with meat". A word that only describes
    /// ("fruit-filled cookie") is no such link.
    @Test func aFoodNamedByWhatTheDishWasHadWithLosesToTheDish() throws {
        let spaghetti = try #require(best("spaghetti with meat sauce"))
        #expect(spaghetti.name.lowercased().contains("spaghetti with meat sauce"), "\(spaghetti.name)")
        #expect(best("Little Debbie fruit-filled cookie")?.name.hasPrefix("Cookie") == true)
    }

    /// Dishes the database names otherwise: "chicken tikka masala" and "a tuna melt" had matched
    /// nothing.
    @Test(arguments: [("chicken tikka masala", "Chicken curry"), ("a tuna melt", "Tuna salad sandwich")])
    func dishesTheDatabaseNamesOtherwiseAreFound(_ said: String, named: String) throws {
        let dish = try #require(best(said))
        #expect(dish.name.hasPrefix(named), "\(dish.name)")
    }

    /// Everyday British, café and takeaway names the database writes otherwise, from sentences a
    /// helper wrote fresh ("Two pints of lager and a packet of dry roasted peanuts" had lost its
    /// beer, "An iced americano" had been iced green tea, "a jacket potato with tuna mayo" an
    /// unmatched topping, "two spring rolls" "Pork, roll", "chili flakes" wheat flakes; "roast beef
    /// with a yorkshire pudding" a chocolate pudding, "six pork dumplings" dumplings without meat,
    /// "spaghetti bolognese" spinach spaghetti; from a third fresh set, "a glass of pinot noir",
    /// "roast chicken", "mushy peas", "jeera rice", "some raita" and "a pot of earl grey" nothing,
    /// "a slice of sourdough toast" French toast, "a packet of crisps" an apple crisp; from a
    /// fourth, "masala chai" a soy milk, "marinara" nothing, "baby carrots" baby food, "waffle
    /// fries" and "egg tarts" nothing, "cheese curds" soybean curd, "toasted pitta" French toast, "an extra espresso shot" an
    /// alcoholic gelatin shot, "boba tea" chamomile tea, "brown sugar milk tea" and "poutine" nothing;
    /// from a sixth, "i had butter chicken" butter, "a café au lait" a yogurt, "a kitkat", "baba
    /// ganoush", "a doner kebab", "a croque monsieur" and "extra guac" nothing).
    @Test(arguments: [
        ("two pints of lager", "Beer"), ("an iced americano", "Iced Coffee"), ("a flat white", "Coffee, Latte"),
        ("a jacket potato", "Potato, baked"), ("tuna mayo", "Fish, tuna salad"), ("two spring rolls", "Egg roll"),
        ("a patty melt", "Cheeseburger"), ("a small side of elote", "Corn"), ("a drizzle of sriracha", "Sauce, hot chile, sriracha"),
        ("a pinch of chili flakes", "Spices, pepper, red"), ("roast potatoes", "Potato"), ("a garlic naan", "Bread, naan"),
        ("a yorkshire pudding", "Popover"), ("spaghetti bolognese", "Restaurant, Italian, spaghetti with meat sauce"),
        ("six pork dumplings", "Wonton, dumpling or pot sticker"), ("gyoza", "Wonton, dumpling or pot sticker"),
        ("a glass of merlot", "Wine, red"), ("a glass of sauvignon blanc", "Wine, white"), ("a glass of prosecco", "Wine, sparkling"),
        ("wholemeal toast", "Bread, whole wheat, toasted"), ("a slice of sourdough toast", "Bread, french or vienna, toasted"),
        ("roast chicken", "Chicken, roasting"), ("mushy peas", "Green peas"), ("jeera rice", "Rice, cooked"),
        ("some raita", "Vegetable dip, yogurt based"), ("a pot of earl grey", "Tea, hot, leaf, black"),
        ("a packet of crisps", "Potato chips"),
        ("a cup of masala chai", "Tea, hot, with milk"), ("a chai latte", "Tea, hot, with milk"),
        ("half a cup of marinara", "Sauce, pasta, spaghetti/marinara"), ("some baby carrots", "Carrots, baby, raw"),
        ("waffle fries", "Potato, french fries"), ("egg tarts", "Pie, custard"), ("cheese curds", "Cheese, cheddar"),
        ("a can of Irn-Bru", "Soft drink"), ("a poppadom", "Papad"), ("buttered corn on the cob", "Corn, fresh, cooked with butter"),
        ("a sausage roll", "Pig in a blanket"), ("toasted pitta", "Bread, pita"), ("an extra espresso shot", "Coffee, espresso"),
        ("a boba tea", "Tea, bubble"), ("a large brown sugar milk tea", "Tea, bubble"), ("poutine", "Potato, french fries, with cheese"),
        ("butter chicken", "Chicken curry"), ("a café au lait", "Coffee, Latte"), ("a kitkat", "Candies, KIT KAT"),
        ("baba ganoush", "Eggplant dip"), ("a doner kebab", "Gyro sandwich"), ("a croque monsieur", "Ham sandwich"),
        ("extra guac", "Guacamole"),
    ])
    func everydayNamesTheDatabaseWritesOtherwiseAreFound(_ said: String, named: String) throws {
        let food = try #require(best(said))
        #expect(food.name.hasPrefix(named), "\(food.name)")
    }

    /// "nachos smothered in melted cheese, jalapeños and guacamole" had lost the jalapeños: the
    /// database writes names without accents ("Peppers, jalapenos"), so accents are not compared.
    @Test func accentsAreNotCompared() throws {
        #expect(best("jalapeños")?.name.lowercased().contains("jalapeno") == true)
        #expect(best("jalapeños")?.name == best("jalapenos")?.name)
        #expect(best("crème brûlée")?.name == best("creme brulee")?.name)
    }

    /// "two eggs over easy" had been unmatched (no record says "easy"): a few words said at once
    /// are rewritten as the database writes them, the longest phrase first.
    @Test func eggsOverEasyAreFriedEggs() throws {
        let eggs = try #require(best("two eggs over easy"))
        #expect(eggs.name.lowercased().contains("egg") && eggs.name.lowercased().contains("fried"), "\(eggs.name)")
        let sunny = try #require(best("an egg sunny side up"))
        #expect(sunny.name.lowercased().contains("fried"), "\(sunny.name)")
    }

    /// A dish no record names with the words said before it, none naming a food, is that dish as
    /// the database knows it, a record before an estimate ("a sweet double stick Popsicle" had
    /// been unmatched); after a link or another food it is not: in "ham slathered in barbecue
    /// sauce" the sauce covers the ham, "seaweed salad" is no lettuce, "homemade lentil stew" no
    /// stew of any kind. Dish words are stems, as the index compares them.
    @Test func aDishNoRecordNamesWithTheWordsBeforeItIsThatDish() throws {
        func resolved(_ name: String) -> FoodMatch? {
            resolver.resolveWithoutModel(ParsedFoodItem(mention: name, name: name, quantity: nil, unit: .serving))?.match
        }
        let popsicle = try #require(resolved("sweet double stick Popsicle"))
        #expect(popsicle.name.lowercased().hasPrefix("popsicle"), "\(popsicle.name)")
        #expect(resolved("ham slathered in barbecue sauce") == nil)
        #expect(resolved("homemade lentil stew") == nil)
        #expect(resolved("seaweed salad").map { !$0.name.lowercased().contains("lettuce") } ?? true)
        #expect(FoodIndex.dishWords.allSatisfy { FoodIndex.stem($0) == $0 }, "\(FoodIndex.dishWords.filter { FoodIndex.stem($0) != $0 })")
    }

    /// A food no record names with the words said before it is the food said last, a record before
    /// an estimate: "a 57g cheese-filled frankfurter" and "a jar of Beech-Nut Stage 1 applesauce"
    /// had been unmatched, 0 kcal. Not when a word said changes what the food is or its energy
    /// ("sugar-free", "frozen"), nor after a link, nor for a dish word (see the test above).
    @Test func aFoodNoRecordNamesWithTheWordsBeforeItIsTheFoodSaidLast() throws {
        func resolved(_ name: String) -> FoodMatch? {
            resolver.resolveWithoutModel(ParsedFoodItem(mention: name, name: name, quantity: nil, unit: .serving))?.match
        }
        let frankfurter = try #require(resolved("cheese-filled frankfurter"))
        #expect(frankfurter.name.lowercased().hasPrefix("frankfurter"), "\(frankfurter.name)")
        let applesauce = try #require(resolved("Beech-Nut Stage 1 applesauce"))
        #expect(applesauce.name.lowercased().hasPrefix("applesauce"), "\(applesauce.name)")
        #expect(resolved("sugar-free cheese-filled frankfurter") == nil)
        #expect(resolved("frozen guava fruit") == nil)
        #expect(resolved("bok choy over steamed jasmine rice") == nil)
        // Not the food as said: a rules' reading resting on it is for the model to check ("Stir-fried
        // tofu and bok choy over steamed jasmine rice" had stood as tofu and rice).
        let said = ParsedFoodItem(mention: "cheese-filled frankfurter", name: "cheese-filled frankfurter", quantity: nil, unit: .serving)
        #expect(!FoodParser.isMatchedAsSaid(said, by: resolver))
    }

    /// A record that says the food is without something the person said is not what they had:
    /// "a frankfurter on a bun" is no "Chili hot dog, no bun".
    @Test func aRecordWithoutWhatWasSaidIsNotTheFood() throws {
        #expect(FoodIndex.leftOut(FoodIndex.stems("Chili hot dog, no bun")) == ["bun"])
        #expect(FoodIndex.leftOut(FoodIndex.stems("Eggplant, cooked, no added fat")) == [FoodIndex.stem("fat")])
        let frankfurter = try #require(best("frankfurter on a bun"))
        #expect(!frankfurter.name.lowercased().contains("no bun"), "\(frankfurter.name)")
        let plain = try #require(best("chili hot dog without a bun"))
        #expect(plain.name.lowercased().contains("no bun"), "\(plain.name)")
    }

    /// A seasoning is what flavours a food, not the food: "two tacos al pastor" had been "Al pastor
    /// taco seasoning", 10 g and 30 kcal.
    @Test func aSeasoningIsNotTheFoodItFlavours() throws {
        let tacos = try #require(RuleBasedFoodParser().parse("two tacos al pastor").first)
        let match = try #require(resolver.resolveWithoutModel(tacos)?.match)
        #expect(match.name.lowercased().contains("taco"))
        #expect(!match.name.lowercased().contains("seasoning"), "\(match.name)")
    }

    /// A meat substitute is another product, never meant unless said: "3 strips of bacon" is
    /// bacon, not "Bacon strip, meatless".
    @Test func aSubstituteIsNeverMeantUnlessSaid() throws {
        let bacon = try #require(RuleBasedFoodParser().parse("3 strips of bacon").first)
        let match = try #require(resolver.resolveWithoutModel(bacon)?.match)
        #expect(match.name.lowercased().contains("bacon"))
        #expect(!match.name.lowercased().contains("meatless"), "\(match.name)")
    }

    /// A name says what the food is before what it is served on: "Tuna salad sandwich on white"
    /// is a sandwich, as said; "Tuna salad sandwich wrap" is a wrap nobody said.
    @Test func whatAFoodIsServedOnIsNotWhatItIs() throws {
        let tuna = try #require(best("tuna sandwich"))
        #expect(!tuna.name.lowercased().contains("wrap"), "\(tuna.name)")
    }

    /// "a chicken patty on a warm white hamburger bun": a bun is not the burger a record serves on
    /// one. A head noun said that a record holds only after "on" is not held.
    @Test func theBreadAFoodIsServedOnIsNotThatFood() throws {
        #expect(FoodIndex.carrier(["Turkey or chicken burger", " on white bun"]) == ["white", "bun"])
        #expect(FoodIndex.carrier(["Hamburger", " on white bun", " 1 large patty"]) == ["white", "bun"])
        #expect(FoodIndex.carrier(["Bread", " white", " toasted"]).isEmpty)
        // "some meatballs" had been SpaghettiOs with Meatballs: what a food comes with is not it either.
        #expect(FoodIndex.carrier(["SpaghettiOs with Meatballs"]) == [FoodIndex.stem("meatballs")])
        #expect(FoodIndex.carrier(["Doughnut", " cake type", " with icing"]) == [FoodIndex.stem("icing")])
        let meatballs = try #require(best("meatballs"))
        #expect(!meatballs.name.contains("SpaghettiOs"), "\(meatballs.name)")
        func burger(_ said: String) -> FoodIndex.Scored? {
            database.rankedCandidates(said, limit: 10).first { database.food(id: $0.id)?.recordID == "fndds:248328" }
        }
        #expect(try #require(burger("white hamburger bun")).holdsTheHeadNoun == false)
        #expect(try #require(burger("chicken burger on a white bun")).holdsTheHeadNoun, "a burger said on a bun is that burger")
    }

    /// "a medium bag of nacho cheese Doritos" had been 220 g of fast-food nachos (755 kcal): a
    /// product the database names only in parentheses is no food that lacks it, however rare.
    @Test func aProductNamedInARecordIsNoFoodThatLacksIt() throws {
        #expect(FoodIndex.namesInParentheses("Tortilla chips, cool ranch flavor (Doritos)") == [FoodIndex.stem("doritos")])
        #expect(FoodIndex.namesInParentheses("Milk, reduced fat (2%)").isEmpty)
        #expect(database.index.productNames.contains(FoodIndex.stem("doritos")))
        #expect(!database.index.productNames.contains(FoodIndex.stem("milk")), "a word other records name is no product name")
        let doritos = database.rankedCandidates("nacho cheese Doritos", limit: 5)
        #expect(!FoodResolver.offered(doritos).contains { database.food(id: $0.id)?.name.lowercased().contains("nachos") == true })
    }

    /// "a blueberry smoothie" had been unmatched, 0 kcal: no smoothie record names blueberries, and
    /// "Fruit smoothie" was refused as naming a food nobody said. A kind word ("fruit") stands for
    /// the food of that kind said; "Fish, stick" still replaces "carrot sticks".
    @Test func aKindWordStandsForTheFoodSaid() throws {
        let smoothie = try #require(best("blueberry smoothie"))
        #expect(smoothie.name.lowercased().contains("smoothie"), "\(smoothie.name)")
        let sticks = try #require(best("carrot sticks"))
        #expect(sticks.name.lowercased().contains("carrot"), "\(sticks.name)")
    }

    /// "a coke zero" had been a regular cola, 104 kcal: "zero" finds the database's "diet".
    @Test func aZeroDrinkIsTheDietOne() throws {
        let cola = try #require(best("coke zero"))
        #expect(cola.name.lowercased().contains("diet"), "\(cola.name)")
    }

    /// "a pepsi zero sugar" had been 15 g of sugar: what "zero" says a drink is without is no
    /// food of it, and a pepsi is a cola.
    @Test func whatAZeroDrinkIsWithoutIsNoFoodOfIt() throws {
        let pepsi = try #require(best("pepsi zero sugar"))
        #expect(pepsi.name.lowercased().contains("cola") && pepsi.name.lowercased().contains("diet"), "\(pepsi.name)")
    }

    /// "a bagel with lox" had lost its lox: one word a record gives in parentheses names the food
    /// ("Fish, salmon, chinook, smoked, (lox), regular"), as a capitalized name does.
    @Test func oneWordInParenthesesNamesTheFood() throws {
        let item = ParsedFoodItem(mention: "lox", name: "lox", quantity: nil, unit: .serving)
        let lox = try #require(resolver.resolveWithoutModel(item)?.match)
        #expect(lox.name.lowercased().contains("(lox)"), "\(lox.name)")
        #expect(FoodIndex.namesInParentheses("Milk, nonfat (fat free or skim)", orOneWord: true).isEmpty)
    }

    @Test func genericFoodsComeBeforeBrandedOnes() throws {
        let cheese = try #require(best("cheddar cheese"))
        #expect(cheese.dataset != .branded)
        #expect(cheese.name.lowercased().contains("cheddar"))
    }

    @Test func britishNamesFindTheUSName() throws {
        let eggplant = try #require(best("aubergine"))
        #expect(eggplant.name.lowercased().contains("eggplant"))
        let zucchini = try #require(best("courgette"))
        #expect(zucchini.name.lowercased().contains("zucchini") || zucchini.name.lowercased().contains("squash"))
        // "whisky with coke" had been a cola alone, the whisky lost.
        let mixed = try #require(best("whisky with coke"))
        #expect(mixed.name.lowercased().contains("whiskey"))
    }

    @Test func mixedDishesComeFromSurveyFoods() throws {
        let dish = try #require(best("chicken noodle soup"))
        #expect(dish.name.lowercased().contains("noodle"))
        #expect(dish.name.lowercased().contains("chicken"))
    }

    @Test func surveyFoodsBorrowHouseholdMeasures() throws {
        let milk = try #require(database.search("Milk, whole").first { $0.dataset == .fndds && $0.portions.isEmpty })
        let measured = resolver.withHouseholdMeasures(milk, for: "whole milk")
        #expect(!measured.portions.isEmpty)
        #expect(measured.portionAssumption?.contains("SR28") == true)
        let cup = PortionConverter.grams(quantity: 1, unit: .cup, match: measured)
        #expect(abs(cup.grams - 244) < 10)
    }

    @Test func reviewAlternativesAreNeverOtherDishes() {
        let candidates = resolver.databaseCandidates("apple", limit: 8)
        #expect(!candidates.isEmpty)
        #expect(candidates.dropFirst().allSatisfy { !$0.name.lowercased().hasPrefix("pie") })
        #expect(candidates.first.map { !$0.name.lowercased().contains("pie") } == true)
    }

    /// A food named by another food's word is another food: refused when a food word said is
    /// missing from it or only qualifies it.
    @Test(arguments: [
        ("carrot sticks", "fish"), ("seaweed salad", "beef"), ("grilled cheese", "potato"),
    ])
    func aFoodNamedByAnotherFoodIsRefused(said: String, other: String) {
        let offered = resolver.databaseCandidates(said, limit: 5)
        #expect(offered.allSatisfy { !$0.name.lowercased().hasPrefix(other) }, "\(offered.map(\.name))")
    }

    /// A food word said that qualifies the food said qualifies the record too: "a medium wheat
    /// pita" is whole wheat pita bread, though "Bread" was not said and "wheat" is a food word.
    @Test func aFoodWordQualifyingTheHeadSaidKeepsTheRecordNamingThatHead() throws {
        let pita = try #require(best("wheat pita"))
        #expect(pita.name.lowercased().contains("pita") && pita.name.lowercased().contains("wheat"), "\(pita.name)")
    }

    /// Alcohol, a dry powder or baby food is never the food said without it ("a lemonade").
    @Test func alcoholAPowderOrBabyFoodNobodySaidIsAnotherProduct() throws {
        let lemonade = try #require(best("lemonade"))
        #expect(!lemonade.name.lowercased().contains("vodka"))
        #expect(!lemonade.name.lowercased().contains("powder"))
        let tea = try #require(best("iced tea"))
        #expect(!tea.name.lowercased().contains("powder"))
        let oatmeal = try #require(best("oatmeal with honey"))
        #expect(!oatmeal.name.lowercased().contains("baby"), "\(oatmeal.name)")
        // "Strained" is how baby food is said.
        let applesauce = try #require(best("sweet strained applesauce"))
        #expect(applesauce.name.lowercased().contains("baby"), "\(applesauce.name)")
    }

    /// A part of a food is another thing to eat: "a cheese pizza" had been "Topping from cheese
    /// pizza" (the topping of a pizza, weighed without its crust).
    @Test func aPartOfAFoodIsNotTheFoodUnlessSaid() throws {
        let pizza = try #require(best("a cheese pizza"))
        #expect(pizza.name.lowercased().hasPrefix("pizza"), "\(pizza.name)")
    }

    /// "i had four chicken nuggets" had been chicken tenders through an everyday alias written
    /// before the survey foods were in: a record naming the food as said beats an alias for another.
    @Test func chickenNuggetsAreNuggets() throws {
        let nuggets = try #require(RuleBasedFoodParser().parse("i had four chicken nuggets").first)
        let match = try #require(resolver.resolveWithoutModel(nuggets)?.match)
        #expect(match.name.lowercased().contains("nugget"), "\(match.name)")
    }

    /// The database writes some words as two ("Meat loaf").
    @Test func aCompoundWordFindsTheFoodWrittenAsTwoWords() throws {
        let meatloaf = try #require(best("meatloaf"))
        #expect(meatloaf.name.lowercased().hasPrefix("meat loaf"), "\(meatloaf.name)")
    }

    /// Pairs come from names and from flavors: "sour cream and onion chips and a soda" keeps its
    /// chips whole ("Potato chips, sour cream and onion flavored"), and no ingredient list joins.
    @Test func andPairsComeFromDatabaseNamesAndFlavors() {
        #expect(database.joinedPairs.contains("butter and jelly"))
        #expect(database.joinedPairs.contains("cream and onion"))
        let items = RuleBasedFoodParser(joinedPairs: database.joinedPairs).parse("sour cream and onion chips and a soda")
        #expect(items.map(\.mention) == ["sour cream and onion chips", "a soda"])
    }

    /// A preparation word the parser drops from the front of a name can be part of the food's own
    /// name: "Steak, mashed potatoes, green beans" had read "mashed potatoes" as a baked potato.
    @Test func aPreparationWordThatIsPartOfAnAliasStaysInTheName() throws {
        let items = RuleBasedFoodParser().parse("Steak, mashed potatoes, green beans")
        let potatoes = try #require(items.first { $0.mention.contains("mashed") })
        let match = try #require(FoodResolver(database: database).resolveWithoutModel(potatoes)?.match)
        #expect(match.name.lowercased().contains("mashed"), "\(match.name)")
    }
}

extension FoodRankingTests {
    /// A figure in a record ("2" in "Milk, reduced fat (2%)") specifies the food and names no
    /// other: unsaid, it costs like a word outside the food's name, so a flavour nobody said does
    /// not win ("a cup of reduced-fat milk" is no chocolate milk).
    @Test(arguments: ["reduced-fat milk", "low-fat milk", "reduced fat milk"])
    func aFigureInARecordNamesNoOtherFood(said: String) throws {
        let milk = try #require(best(said))
        #expect(milk.name.lowercased().hasPrefix("milk"), "\(milk.name)")
    }

    /// A record that shares only a cooking state with the words said is not the food: "grilled
    /// halloumi" (a cheese only branded records name) had been "Cereal, cooked, NFS".
    @Test func aRecordSharingOnlyACookingStateIsNoMatch() {
        let found = best("grilled halloumi")
        #expect(found.map { $0.name.lowercased().contains("halloumi") } ?? true, "\(found?.name ?? "")")
        #expect(best("grilled salmon")?.name.lowercased().contains("salmon") == true)
    }
}
