import Testing
@testable import QuickLog

/// The code around the model's reading of a meal: pieces, checks, framing, and what the rules add.
/// The model's answers here are written by hand; the real model's path is in `RealModelFoodTests`.
@Suite struct ModelFirstParsingTests {
    let parser = FoodParser(usesModel: false)

    @Test func aShortSentenceIsOnePieceAndALongOneIsReadClauseByClause() {
        let short = "a bowl of porridge with raspberries and an apple"
        #expect(FoodParser.pieces(of: short).map { String(short[$0]) } == [short])
        let two = "Toast and jam. Then a coffee!"
        #expect(FoodParser.pieces(of: two).map { String(two[$0]) } == ["Toast and jam.", " Then a coffee!"])
        let long = "For my lunch after a very long morning at the office I sat down and had a large bowl of tomato soup, "
            + "a grilled cheese sandwich on sourdough bread, some carrot sticks with hummus, and a tall glass of iced tea"
        let pieces = FoodParser.pieces(of: long).map { String(long[$0]) }
        #expect(pieces.count > 1)
        #expect(pieces.joined() == long, "the pieces cover the text, in order")
        #expect(pieces.allSatisfy { $0.split(separator: " ").count <= FoodParser.pieceWordLimit })
    }

    @Test func framingStaysOutOfTheModelsMentionsAndEachItemSaysWhoReadIt() {
        let text = "At the movies I had a small popcorn and a sprite"
        let answer = [ParsedFoodItem(mention: "I had a small popcorn", name: "popcorn", quantity: nil, unit: .serving)]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["a small popcorn", "a sprite"])
        #expect(parse.items.map(\.readBy) == [.model, .rules])
        // "At the movies" is where, not what: no item, nothing unaccounted.
        #expect(parse.unaccounted.isEmpty)
    }

    @Test(arguments: [
        "ok so breakfast was um", "After the gym I drank a", "Last night I had", "For a snack this afternoon",
        "My dinner concluded",
    ])
    func spokenAndSituationalFramingIsNoFood(_ piece: String) {
        #expect(RuleBasedFoodParser.isFillerOnly(piece), "\(piece)")
        #expect(FoodParser.unaccounted(piece, items: []).isEmpty, "\(piece)")
    }

    @Test func aMentionOfFramingAloneOrAFoodTheModelDroppedIsAProblem() {
        let text = "Lunch today: a bowl of lentil soup and a bread roll"
        let ruled = RuleBasedFoodParser().parse(text)
        let framing = [ParsedFoodItem(mention: "Lunch today", name: "lunch", quantity: nil, unit: .serving)]
        #expect(FoodParser.problems(framing, in: text) == ["\"Lunch today\" is not a food"])
        let dropped = [ParsedFoodItem(mention: "a bowl of lentil soup", name: "lentil soup", quantity: 1, unit: .bowl)]
        #expect(FoodParser.problems(dropped, in: text).isEmpty)
        #expect(FoodParser.missing(dropped, in: text, ruled: ruled) == ["\"a bread roll\" is missing"])
        let both = dropped + [ParsedFoodItem(mention: "a bread roll", name: "bread roll", quantity: 1, unit: .piece)]
        #expect(FoodParser.missing(both, in: text, ruled: ruled).isEmpty)
    }

    /// "A pint of Guinness with a steak and ale pie" had become 306 g of steak and an unmatched
    /// "ale pie": a name the rules know as one food ("steak and ale pie", written otherwise in
    /// `query-rewrites.tsv`) is one item, whether the model cut it or the words it left out are
    /// read.
    @Test func aNameKnownAsOneFoodIsNotCut() {
        let text = "A pint of Guinness with a steak and ale pie"
        let cut = [
            ParsedFoodItem(mention: "A pint of Guinness", name: "guinness", quantity: 1, unit: .pint),
            ParsedFoodItem(mention: "a steak", name: "steak", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "ale pie", name: "ale pie", quantity: nil, unit: .serving),
        ]
        #expect(FoodParser.problems(cut, in: text).contains("\"steak and ale pie\" is one food"))
        #expect(FoodParser.problems(Array(cut.prefix(1)), in: text).isEmpty)
        #expect(FoodParser.unaccounted(text, items: Array(cut.prefix(1))) == ["a steak and ale pie"])
        #expect(RuleBasedFoodParser().parse("a can of coke and a bag of salt and vinegar crisps").count == 2)
    }

    @Test func wordsThatDescribeTheFoodBeforeThemJoinItsMention() {
        let text = "a mug of cocoa made with oat milk, and a cookie"
        let answer = [ParsedFoodItem(mention: "a mug of cocoa", name: "cocoa", quantity: 1, unit: .cup)]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.first?.mention == "a mug of cocoa made with oat milk")
        // How it was made is part of its name ("cream of wheat made with water" is not dry cereal).
        #expect(parse.items.first?.name.hasSuffix("made with oat milk") == true)
        #expect(parse.items.first?.quantity == 1)
        #expect(parse.items.last?.mention == "a cookie")
        #expect(parse.items.count == 2)
        // The same when the model reads the milk: "made with" between the two still describes the cocoa.
        let both = answer + [ParsedFoodItem(mention: "oat milk", name: "oat milk", quantity: nil, unit: .serving)]
        let read = parser.completing(both, in: text, source: .model)
        #expect(read.items.first?.mention == "a mug of cocoa made with", "\(read.items)")
        #expect(read.unaccounted.isEmpty, "\(read.unaccounted)")
    }

    /// Where a food came from is no food: the model had left "from a fast food joint" out, and the
    /// rules had read it as "Oatmeal, fast food", 220 g (a public meal description).
    @Test func wordsSayingWhereAFoodCameFromJoinIt() {
        let text = "88g of garlic bread with gooey melted cheese from a fast food joint."
        let answer = [
            ParsedFoodItem(mention: "88g of garlic bread", name: "garlic bread", quantity: 88, unit: .gram),
            ParsedFoodItem(mention: "gooey melted cheese", name: "cheese", quantity: nil, unit: .serving),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        // The weight holds the cheese too (``FoodParser/joiningUnweighed(_:in:)``).
        #expect(parse.items.map(\.mention) == ["88g of garlic bread with gooey melted cheese from a fast food joint"], "\(parse.items)")
        #expect(parse.unaccounted.isEmpty)
    }

    /// Words the model left between a food and a link that name no food themselves are part of
    /// the food before them: the real model (one thread) had answered "a bowl of spaghetti", and
    /// "bolognese" was in no item and no piece for review.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func wordsLeftBeforeALinkJoinTheFoodBeforeThem() {
        let text = "a bowl of spaghetti bolognese with garlic bread"
        let answer = [ParsedFoodItem(mention: "a bowl of spaghetti", name: "spaghetti", quantity: 1, unit: .bowl)]
        let parse = FoodParser(usesModel: false, database: installedDatabase).completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["a bowl of spaghetti bolognese", "garlic bread"], "\(parse.items)")
        #expect(parse.items.first?.name == "spaghetti bolognese")
        #expect(parse.unaccounted.isEmpty)
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aModelMentionThatIsOnlyAnAmountTakesTheAmountOfTheFoodAfterIt() {
        // The real model (one thread) had answered "1 cup" alone; the quinoa became one piece, 35 g.
        let text = "1 cup of cooked quinoa with black beans"
        let answer = [ParsedFoodItem(mention: "1 cup", name: "cup", quantity: 1, unit: .cup)]
        let parse = FoodParser(usesModel: false, database: installedDatabase).completing(answer, in: text, source: .model)
        #expect(parse.items.last?.name == "black beans", "\(parse.items)")
        #expect(parse.items.first?.mention == "1 cup of cooked quinoa", "\(parse.items)")
        #expect(parse.items.first?.name == "cooked quinoa")
        #expect(parse.items.first?.quantity == 1)
        #expect(parse.items.first?.unit == .cup, "\(parse.items)")
    }

    @Test func aMentionInsideAnotherIsTheSameFoodSaidOnce() {
        let text = "along with a 102g plain beef frankfurter sandwich on a white bun"
        let answer = [
            ParsedFoodItem(mention: "a 102g plain beef frankfurter sandwich", name: "frankfurter sandwich", quantity: 102, unit: .gram),
            ParsedFoodItem(mention: "a white bun", name: "white bun", quantity: 1, unit: .piece),
        ]
        // "a white bun" takes in the amount before it, so its mention holds the first one.
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["a 102g plain beef frankfurter sandwich on a white bun"])
    }

    @Test func inATextThatWeighsItsFoodsAnItemWithoutAnAmountDescribesTheOneBefore() {
        let text = "250g of fried rice with prawns, peas and a 330ml can of lemonade"
        let answer = [
            ParsedFoodItem(mention: "250g of fried rice", name: "fried rice", quantity: 250, unit: .gram),
            ParsedFoodItem(mention: "prawns", name: "prawns", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "peas", name: "peas", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a 330ml can of lemonade", name: "lemonade", quantity: 330, unit: .milliliter),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["250g of fried rice with prawns, peas", "a 330ml can of lemonade"])
        // The weight is the whole food's, named as the rules read the joined words.
        #expect(parse.items.first?.name.hasPrefix("fried rice") == true && parse.items.first?.quantity == 250)
        // Without weights, a topping stays a food of its own.
        let everyday = parser.completing(
            [ParsedFoodItem(mention: "a bowl of porridge", name: "porridge", quantity: 1, unit: .bowl),
             ParsedFoodItem(mention: "raspberries", name: "raspberries", quantity: nil, unit: .serving)],
            in: "a bowl of porridge with raspberries", source: .model)
        #expect(everyday.items.map(\.mention) == ["a bowl of porridge", "raspberries"])
    }

    @Test func theSourceOfATextSaysWhenTheRulesReadPartOfIt() {
        let model = ParsedFoodItem(mention: "toast", name: "toast", quantity: nil, unit: .serving, readBy: .model)
        let rules = ParsedFoodItem(mention: "jam", name: "jam", quantity: nil, unit: .serving, readBy: .rules)
        #expect(FoodParser.overallSource([.model, .model], items: [model]) == .model)
        #expect(FoodParser.overallSource([.model, .modelAfterReminder], items: [model]) == .modelAfterReminder)
        #expect(FoodParser.overallSource([.model], items: [model, rules]) == .modelWithRules)
        #expect(FoodParser.overallSource([.model, .rulesAfterInvalidAnswers], items: [model]) == .modelWithRules)
        #expect(FoodParser.overallSource([.rulesAfterInvalidAnswers], items: [rules]) == .rulesAfterInvalidAnswers)
        #expect(FoodParser.overallSource([.rulesMatchedEveryFood], items: [rules]) == .rulesMatchedEveryFood)
        #expect(FoodParser.overallSource([.rulesMatchedEveryFood, .model], items: [rules, model]) == .modelWithRules)
    }

    /// Words before a framing verb that ends a mention frame the food after it: "I prepared a
    /// classic dish featuring" had been a 220 g potato salad ("Side dishes, …").
    @Test func aMentionEndingWithAFramingVerbIsNoFood() {
        let text = "I prepared a classic dish featuring a ground chicken patty"
        let answer = [
            ParsedFoodItem(mention: "I prepared a classic dish featuring", name: "classic dish", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a ground chicken patty", name: "ground chicken patty", quantity: 1, unit: .piece),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["a ground chicken patty"])
        #expect(parse.unaccounted.isEmpty)
        #expect(RuleBasedFoodParser.droppingFraming("a nutritious lunch featuring").isEmpty)
        #expect(RuleBasedFoodParser.droppingFraming("2 cups of soup featuring") == "2 cups of soup featuring")
    }

    /// A model's item in words the rules read as no food must name a food: "juniors" in "both
    /// designed for juniors" had been 28 g of baby cookies (the record holds none of its words).
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aModelItemWhereTheRulesReadNoFoodMustNameOne() {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "a jar of applesauce, both designed for juniors"
        let answer = [
            ParsedFoodItem(mention: "a jar of applesauce", name: "applesauce", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "juniors", name: "juniors", quantity: nil, unit: .serving),
        ]
        #expect(parser.completing(answer, in: text, source: .model).items.map(\.mention) == ["a jar of applesauce"])
        // A count the model gave words the rules read as a comment keeps nothing: "making" had
        // been an unmatched item.
        let comment = "a bag of Doritos, making for a tasty combination"
        let counted = [
            ParsedFoodItem(mention: "a bag of Doritos", name: "Doritos", quantity: 1, unit: .serving),
            ParsedFoodItem(mention: "making", name: "making", quantity: 1, unit: .piece),
        ]
        #expect(parser.completing(counted, in: comment, source: .model).items.map(\.mention) == ["a bag of Doritos"])
    }

    /// "I opted for a cereal bar with fruit filling" had been a cereal bar and 75 g of fruit when
    /// the model's span ended at "bar": words "with" a food that a record names with the food just
    /// before are part of it, while a topping no record names with its dish stays a food of its own.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func whatARecordNamesWithTheFoodBeforeIsPartOfIt() {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "I opted for a cereal bar with fruit filling"
        let answer = [ParsedFoodItem(mention: "a cereal bar", name: "cereal bar", quantity: 1, unit: .piece)]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["a cereal bar with fruit filling"], "\(parse.items)")
        #expect(parse.items.first?.readBy == .model)
        let porridge = "a bowl of porridge with raspberries"
        let bowl = [ParsedFoodItem(mention: "a bowl of porridge", name: "porridge", quantity: 1, unit: .bowl)]
        #expect(parser.completing(bowl, in: porridge, source: .model).items.map(\.mention) == ["a bowl of porridge", "with raspberries"])
    }

    /// "For lunch I had a tuna sandwich" had been a tuna topping and a turkey sub: a record phrase
    /// ends at its own link, so "Tuna salad sandwich on white" names no other food than the
    /// sandwich said, while "…, PEANUT BUTTER TOAST CRUNCH" still names a cereal, not toast.
    @Test func whatARecordSaysAFoodIsServedOnIsNotAnotherFood() {
        #expect(!FoodParser.namesAnotherFood("Tuna salad sandwich on white", madeOf: ["tuna", "sandwich"]))
        #expect(FoodParser.namesAnotherFood(
            "Cereals ready-to-eat, GENERAL MILLS, PEANUT BUTTER TOAST CRUNCH", madeOf: Set(FoodIndex.stems("peanut butter toast"))))
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func anAndTheDatabaseNamesAsOneFoodJoinsTwoItems() {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "a plate of macaroni and cheese with peas"
        let answer = [
            ParsedFoodItem(mention: "macaroni", name: "macaroni", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "cheese", name: "cheese", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "peas", name: "peas", quantity: nil, unit: .serving),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["a plate of macaroni and cheese", "peas"])
        // Records say "cheese and tomato", but no record found for these words holds the cheese:
        // "grilled cheese and tomato soup" had become one tomato soup, the sandwich lost.
        let soup = "grilled cheese and tomato soup"
        let two = [
            ParsedFoodItem(mention: "grilled cheese", name: "grilled cheese", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "tomato soup", name: "tomato soup", quantity: nil, unit: .serving),
        ]
        #expect(parser.completing(two, in: soup, source: .model).items.map(\.mention) == ["grilled cheese", "tomato soup"])
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aDishAndTheBreadItIsServedOnAreOneFoodWhenARecordNamesThem() {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "a peanut butter and jelly sandwich on wheat bread"
        let answer = [
            ParsedFoodItem(mention: "a peanut butter and jelly sandwich", name: "pb&j", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "wheat bread", name: "wheat bread", quantity: nil, unit: .serving),
        ]
        #expect(parser.completing(answer, in: text, source: .model).items.map(\.mention) == [text])
        // No record says "on whole wheat bread", but sandwiches are served on bread.
        let wholeWheat = "I savored a peanut butter and jelly sandwich on whole wheat bread"
        let cut = [
            ParsedFoodItem(mention: "a peanut butter and jelly sandwich on", name: "pb&j", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "whole wheat bread", name: "whole wheat bread", quantity: nil, unit: .serving),
        ]
        #expect(
            parser.completing(cut, in: wholeWheat, source: .model).items.map(\.mention)
                == ["a peanut butter and jelly sandwich on whole wheat bread"])
        // No record serves peanut butter on bread: spread on a slice, it is two foods.
        let spread = "peanut butter on wheat bread"
        let two = [
            ParsedFoodItem(mention: "peanut butter", name: "peanut butter", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "wheat bread", name: "wheat bread", quantity: nil, unit: .serving),
        ]
        #expect(parser.completing(two, in: spread, source: .model).items.map(\.mention) == ["peanut butter", "wheat bread"])
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("a cup of fat-free skim milk to keep it light", "a cup of fat-free skim milk", "to keep it light"),
        ("a 238g pepperoni pizza, freshly heated from frozen", "a 238g pepperoni pizza", "freshly heated from frozen"),
    ])
    func wordsTheModelLeftOutAreNoFoodWhenTheyAreAComment(text: String, food: String, comment: String) {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let answer = [ParsedFoodItem(mention: food, name: food, quantity: nil, unit: .serving)]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == [food])
        #expect(parse.unaccounted == [comment], "kept for review, never lost")
    }

    /// The model's own span can be a comment too: "freshly heated from frozen" read as an item had
    /// become 147 g of frozen loganberries.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aModelItemThatOnlySaysHowTheFoodWasMadeIsNoFood() {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "a 238g pepperoni pizza, freshly heated from frozen"
        let answer = [
            ParsedFoodItem(mention: "a 238g pepperoni pizza", name: "pepperoni pizza", quantity: 238, unit: .gram),
            ParsedFoodItem(mention: "freshly heated from frozen", name: "frozen", quantity: nil, unit: .serving),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["a 238g pepperoni pizza"])
        #expect(parse.unaccounted == ["freshly heated from frozen"], "kept for review, never lost")
        // A comment no record names is no food either ("baked to retain …" had become a baked
        // potato); a comment that names one stays ("all coated in a cheese sauce").
        let salmon = "a cup of cooked salmon, baked to retain its natural flavors"
        let comment = [
            ParsedFoodItem(mention: "a cup of cooked salmon", name: "cooked salmon", quantity: 1, unit: .cup),
            ParsedFoodItem(mention: "baked to retain its natural flavors", name: "baked", quantity: nil, unit: .serving),
        ]
        #expect(parser.completing(comment, in: salmon, source: .model).items.map(\.mention) == ["a cup of cooked salmon"])
        let sauce = "a cup of chicken and rice, all coated in a delicious cheese sauce"
        let coated = [
            ParsedFoodItem(mention: "a cup of chicken and rice", name: "chicken and rice", quantity: 1, unit: .cup),
            ParsedFoodItem(mention: "all coated in a delicious cheese sauce", name: "cheese sauce", quantity: nil, unit: .serving),
        ]
        #expect(parser.completing(coated, in: sauce, source: .model).items.count == 2)
    }

    /// A state said after a food and left out by the model is part of that food's name: brewed
    /// iced tea is unsweetened, where "iced black tea" alone had matched bottled (sweetened) tea.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aStateSaidAfterAFoodIsPartOfItsName() throws {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "240g of bottled water and a hefty 720g of iced black tea, brewed and served without any sugar"
        let answer = [
            ParsedFoodItem(mention: "240g of bottled water", name: "bottled water", quantity: 240, unit: .gram),
            ParsedFoodItem(mention: "a hefty 720g of iced black tea", name: "iced black tea", quantity: 720, unit: .gram),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        let tea = try #require(parse.items.last)
        #expect(tea.mention == "a hefty 720g of iced black tea, brewed")
        #expect(tea.quantity == 720)
        let match = try #require(FoodResolver(database: installedDatabase!).resolveWithoutModel(tea)?.match)
        #expect(match.name.lowercased().contains("brewed"), "\(match.name)")
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("two poached eggs on toast", "two poached eggs", "on toast"),
        ("rye toast with mashed avocado", "rye toast", "with mashed avocado"),
        ("toast and a large cappuccino", "toast", "a large cappuccino"),
    ])
    func wordsTheModelLeftOutAreAFoodWhenSaidAsOne(text: String, food: String, left: String) {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let answer = [ParsedFoodItem(mention: food, name: food, quantity: nil, unit: .serving)]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.count == 2)
        #expect(parse.items.last.map { left.hasSuffix($0.mention) || $0.mention.hasSuffix(left) } == true, "\(parse.items)")
        #expect(parse.unaccounted.isEmpty)
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func foodsListedAfterAWithAreForTheModelToRead() {
        let resolver = FoodResolver(database: installedDatabase!)
        let turkey = RuleBasedFoodParser().parse("a turkey sandwich with lettuce and tomato")
        #expect(!turkey.allSatisfy { FoodParser.isMatchedAsSaid($0, by: resolver) }, "two foods follow its 'with'")
        let doughnut = RuleBasedFoodParser().parse("a doughnut with icing")
        #expect(doughnut.allSatisfy { FoodParser.isMatchedAsSaid($0, by: resolver) })
    }

    /// A record that names two foods together must hold the food words said before the link too.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aRecordNamingFoodsTogetherHoldsEveryFoodWordSaid() {
        let resolver = FoodResolver(database: installedDatabase!)
        let toast = RuleBasedFoodParser().parse("two slices of whole wheat toast with peanut butter")
        #expect(!toast.allSatisfy { FoodParser.isMatchedAsSaid($0, by: resolver) }, "\(toast)")
    }

    /// "two slices of toast with peanut butter" had been 70 g of a breakfast cereal, "Cereals
    /// ready-to-eat, GENERAL MILLS, PEANUT BUTTER TOAST CRUNCH": a record phrase holding the food
    /// said before the link and ending in a word nobody said names another food made of it.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aRecordPhraseEndingInAnotherFoodIsNotTheFoodSaid() throws {
        let resolver = FoodResolver(database: installedDatabase!)
        let toast = try #require(RuleBasedFoodParser().parse("two slices of toast with peanut butter").first)
        #expect(resolver.resolveWithoutModel(toast)?.match?.name.contains("TOAST CRUNCH") == true, "the rules' reading, whole")
        #expect(!FoodParser.isMatchedAsSaid(toast, by: resolver))
        let parts = FoodParser.cutAtLink(toast, by: resolver, reader: RuleBasedFoodParser())
        #expect(parts.map(\.mention) == ["two slices of toast", "peanut butter"], "\(parts)")
    }

    /// The model proposes a span; the code cuts a span holding two foods said "with" or "on" each
    /// other when no record names them together, and leaves a record's own pairing whole.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("a glass of wine and some grilled fish with rice", "some grilled fish with rice", ["some grilled fish", "rice"]),
        ("a doughnut with icing", "a doughnut with icing", ["a doughnut with icing"]),
        ("mashed potatoes with gravy", "mashed potatoes with gravy", ["mashed potatoes with gravy"]),
        ("i just had a bowl of cereal with milk", "a bowl of cereal with milk", ["a bowl of cereal", "milk"]),
        ("a frankfurter on a bun", "a frankfurter on a bun", ["a frankfurter", "a bun"]),
        // What covers a food is said "in" it as well as "with" (covering-openings.txt).
        ("263g succulent ham slathered in barbecue sauce", "263g succulent ham slathered in barbecue sauce",
         ["263g succulent ham slathered", "barbecue sauce"]),
        // Each side weighed on its own is a food of its own.
        ("a delicious 75g Polish sausage in a 45g wheat hot dog bun", "a delicious 75g Polish sausage in a 45g wheat hot dog bun",
         ["a delicious 75g Polish sausage", "a 45g wheat hot dog bun"]),
        ("170g of plain yogurt with 30g of granola", "170g of plain yogurt with 30g of granola", ["170g of plain yogurt", "30g of granola"]),
    ])
    func aModelSpanHoldingTwoFoodsIsCutAtItsLink(text: String, span: String, mentions: [String]) {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let answer = [ParsedFoodItem(mention: span, name: span, quantity: nil, unit: .serving, readBy: .model)]
        let cut = FoodParser.cutAtLink(answer[0], by: FoodResolver(database: installedDatabase!), reader: RuleBasedFoodParser())
        #expect(cut.map(\.mention) == mentions)
        #expect(cut.allSatisfy { text.contains($0.mention) }, "mentions stay the person's words")
        #expect(cut.first?.readBy == .model)
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(mentions.allSatisfy { mention in parse.items.contains { $0.mention.hasSuffix(mention) || mention.hasSuffix($0.mention) } }, "\(parse.items)")
    }

    /// An everyday word for a food names it as said, links and all: "a bowl of mac and cheese" had
    /// gone to the model (the record says "macaroni"), which read "a bowl of mac" (a Big Mac,
    /// 771 kcal) and "cheese".
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func anEverydayNameWithALinkIsMatchedAsSaid() throws {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let standing = try #require(parser.rulesReadingThatStands("a bowl of mac and cheese"))
        #expect(standing.map(\.mention) == ["a bowl of mac and cheese"])
    }

    /// A food said after a food measured by volume joins it only when the record the joined words
    /// find holds it: "1 cup of cooked quinoa with black beans" had been 185 g of "Quinoa, cooked",
    /// the beans lost; "203g of pizza with assorted meats" stays one pizza with meat. A mass holds
    /// the whole dish whatever the record names: "88g of garlic bread with gooey melted cheese"
    /// had been 88 g of garlic bread and a cheese portion on top (a public meal description; no
    /// record names garlic bread with cheese).
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("1 cup of cooked quinoa with black beans", "1 cup of cooked quinoa", "black beans",
         ["1 cup of cooked quinoa", "black beans"]),
        ("203g of pizza with assorted meats", "203g of pizza", "assorted meats", ["203g of pizza with assorted meats"]),
        ("88g of garlic bread with gooey melted cheese", "88g of garlic bread", "gooey melted cheese",
         ["88g of garlic bread with gooey melted cheese"]),
    ])
    func aFoodSaidAfterAMeasuredOneJoinsItWhenTheMassOrTheRecordHoldsIt(text: String, weighed: String, after: String, mentions: [String]) {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let items = [
            ParsedFoodItem(mention: weighed, name: weighed, quantity: nil, unit: .serving, readBy: .model),
            ParsedFoodItem(mention: after, name: after, quantity: nil, unit: .serving, readBy: .model),
        ]
        #expect(parser.joiningUnweighed(items, in: text).map(\.mention) == mentions)
    }

    /// A food said "in" a drink is a food of its own, put into it, when its record does not hold
    /// the drink: "two sugars in a cup of coffee" had been 30 g of sugar and "milk in my coffee" a
    /// cup of milk, the coffee lost. A drink put in without an amount is poured (a splash); a
    /// record that holds what the food is in keeps it whole, and so does a sauce.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("two sugars in a cup of coffee", ["two sugars", "a cup of coffee"]),
        ("milk in my coffee", ["milk", "my coffee"]),
        ("a can of tuna in water", ["a can of tuna in water"]),
        ("chicken in garlic sauce", ["chicken in garlic sauce"]),
    ])
    func aFoodSaidInADrinkIsAFoodOfItsOwn(text: String, mentions: [String]) throws {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let item = try #require(RuleBasedFoodParser().parseSegment(Substring(text)))
        let cut = parser.cuttingAtTheDrinkItIsIn(item)
        #expect(cut.map(\.mention) == mentions, "\(cut)")
        if text.hasPrefix("milk") { #expect(cut.first?.company == .pouredIntoADrink) }
    }

    /// The model may name a span by its first food alone ("cheerios" for "a bowl of cheerios with
    /// milk"): the span's own words are judged, so the milk is cut out as a food of its own (it had
    /// been lost, the sentence logged as 35 g of dry cereal).
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aSpanNamedByItsFirstFoodAloneIsStillCutAtItsLink() {
        let text = "a glass of orange juice and a bowl of cheerios with milk"
        let answer = [
            ParsedFoodItem(mention: "a glass of orange juice", name: "orange juice", quantity: 1, unit: .glass, readBy: .model),
            ParsedFoodItem(mention: "a bowl of cheerios with milk", name: "cheerios", quantity: 1, unit: .bowl, readBy: .model),
        ]
        let parse = FoodParser(usesModel: false, database: installedDatabase).completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["a glass of orange juice", "a bowl of cheerios", "milk"], "\(parse.items)")
        #expect(parse.items[1].name == "cheerios")
        let cut = FoodParser.cutAtLink(answer[1], by: FoodResolver(database: installedDatabase!), reader: RuleBasedFoodParser())
        #expect(cut.map(\.mention) == ["a bowl of cheerios", "milk"], "\(cut)")
    }

    /// A dish and the foods listed after it are one food as far as a record names them ("a flaky
    /// croissant sandwich with crispy bacon, a fluffy egg, and gooey cheese" had been a croissant
    /// egg sandwich plus bacon, an egg and cheese: 676 kcal for a 379 kcal sandwich; the egg and
    /// the bacon are the record's "Egg sandwich on croissant, with bacon"); a record naming another
    /// dish keeps the foods apart ("a bowl of porridge with raspberries, blueberries and honey"),
    /// and so does a record of another dish ("a turkey sandwich with lettuce and tomato" is no sub).
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aDishAndTheFoodsListedAfterItAreOneFoodAsFarAsARecordNamesThem() async throws {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "For breakfast, I enjoyed a flaky croissant sandwich with crispy bacon, a fluffy egg, and gooey cheese."
        func said(_ mention: String, _ name: String, _ quantity: Double?) -> ParsedFoodItem {
            ParsedFoodItem(mention: mention, name: name, quantity: quantity, unit: quantity == nil ? .serving : .piece, readBy: .model)
        }
        let answer = [
            said("a flaky croissant sandwich", "croissant sandwich", 1), said("crispy bacon", "bacon", nil),
            said("a fluffy egg", "egg", 1), said("gooey cheese", "cheese", nil),
        ]
        let joined = parser.joiningListedParts(answer, in: text)
        #expect(joined.map(\.mention) == ["a flaky croissant sandwich with crispy bacon, a fluffy egg", "gooey cheese"])
        #expect(joined.first?.quantity == 1 && joined.first?.unit == .piece && joined.first?.readBy == .model)
        let match = try #require(FoodResolver(database: installedDatabase!).resolveWithoutModel(joined[0])?.match)
        #expect(["croissant", "bacon", "egg"].allSatisfy(match.name.lowercased().contains), "\(match.name)")
        let rules = await parser.parse(text)
        #expect(rules.items.count == 2, "the rules' reading is joined the same way: \(rules.items.map(\.mention))")
        let porridge = "a bowl of porridge with raspberries, blueberries and honey"
        let foods = [said("a bowl of porridge", "porridge", 1), said("raspberries", "raspberries", nil),
            said("blueberries", "blueberries", nil), said("honey", "honey", nil)]
        #expect(parser.joiningListedParts(foods, in: porridge) == foods)
        let turkey = "a turkey sandwich with lettuce and tomato"
        let sandwich = [said("a turkey sandwich", "turkey sandwich", 1), said("lettuce", "lettuce", nil), said("tomato", "tomato", nil)]
        #expect(parser.joiningListedParts(sandwich, in: turkey) == sandwich, "no submarine sandwich")
    }

    /// Foods said after a link stay foods, whatever the model left out: an amount after the link
    /// is the food's own ("on a slice of …"), "in" a bread holds the food before it, a bread said
    /// by its kind after "on" is that bread, and a mention of only an amount ("a cup") measures
    /// what follows it.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("2 tbsp peanut butter on a slice of whole grain bread", ["2 tbsp peanut butter"],
            ["2 tbsp peanut butter", "on a slice of whole grain bread"]),
        ("falafel in a pita with tahini sauce", ["falafel"], ["falafel", "in a pita", "tahini sauce"]),
        ("tuna on whole wheat with mayo and a pickle", ["tuna"], ["tuna", "on whole wheat", "mayo", "a pickle"]),
        ("just a cup of black tea with a splash of milk", ["a cup"], ["a cup of black tea", "a splash of milk"]),
    ])
    func foodsSaidAfterALinkAreNeverLost(text: String, spans: [String], mentions: [String]) {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let answer = spans.map { ParsedFoodItem(mention: $0, name: $0, quantity: nil, unit: .serving, readBy: .model) }
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == mentions)
        #expect(parse.unaccounted.isEmpty)
    }

    /// "in" a container says how a food was served, not another food; "on rye" is rye bread.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aContainerAfterInIsNoFoodAndABreadKindAfterOnIsBread() {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let bowl = parser.completing(
            [ParsedFoodItem(mention: "falafel", name: "falafel", quantity: nil, unit: .serving)], in: "falafel in a bowl", source: .model)
        #expect(bowl.items.map(\.mention) == ["falafel"])
        #expect(bowl.unaccounted == ["in a bowl"])
        let rye = parser.completing(
            [ParsedFoodItem(mention: "a turkey sandwich", name: "turkey sandwich", quantity: 1, unit: .piece)],
            in: "a turkey sandwich on rye", source: .model)
        #expect(rye.items.map(\.name) == ["turkey sandwich", "rye bread"])
    }

    /// One food put "on" another is one record only when the record says so: "Crackers, cheese"
    /// are cheese-flavoured crackers, not cheese on crackers.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aRecordForOneFoodOnAnotherSaysOn() {
        let resolver = FoodResolver(database: installedDatabase!)
        let cheese = RuleBasedFoodParser().parse("some cheese on crackers")
        #expect(!cheese.allSatisfy { FoodParser.isMatchedAsSaid($0, by: resolver) }, "\(cheese)")
    }

    /// A food said after a dish whose record holds every word naming it is the dish said again;
    /// a food the record holds only in how it was prepared, or one with its own unit, is not.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("a peanut butter and jelly sandwich, made with regular peanut butter and regular jelly",
            ["a peanut butter and jelly sandwich", "regular peanut butter", "regular jelly"], 1),
        ("a flavorful cup of beef curry, a delightful combination of spices and tender beef",
            ["a flavorful cup of beef curry", "tender beef"], 1),
        ("a coffee and water", ["a coffee", "water"], 2),
        ("a cup of beef curry and a cup of milk", ["a cup of beef curry", "a cup of milk"], 2),
    ])
    func aFoodTheDishRecordHoldsIsTheDishSaidAgain(text: String, mentions: [String], count: Int) {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let reader = RuleBasedFoodParser()
        let items = mentions.compactMap { mention -> ParsedFoodItem? in
            guard var item = reader.parseSegment(Substring(mention)) else { return nil }
            item.mention = mention
            return item
        }
        let joined = parser.joiningWhatTheRecordHolds(items, in: text)
        #expect(joined.count == count, "\(joined.map(\.mention))")
        #expect(joined.first?.name == items.first?.name)
    }

    /// What a dish is topped or filled with is a food of its own, at a topping's portion, unless
    /// the dish's record holds it; words that name no food ("creamy goodness") describe the dish.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("toast topped with strawberry jam", "toast", ["toast", "topped with strawberry jam"]),
        ("a pizza topped with mushrooms", "a pizza", ["a pizza", "topped with mushrooms"]),
        ("pancakes topped with maple syrup and blueberries", "pancakes", ["pancakes", "topped with maple syrup", "blueberries"]),
        ("107g of medium crust pizza loaded with extra meat and vegetables", "107g of medium crust pizza",
            ["107g of medium crust pizza loaded with extra meat and vegetables"]),
        ("an eclair filled with creamy goodness", "an eclair", ["an eclair filled with creamy goodness"]),
        ("a medium pancake drizzled with rich chocolate", "a medium pancake", ["a medium pancake drizzled with rich chocolate"]),
    ])
    func whatADishIsToppedWithIsAFoodUnlessItsRecordHoldsIt(text: String, answer: String, mentions: [String]) throws {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let said = try #require(RuleBasedFoodParser().parseSegment(Substring(answer)))
        let parse = parser.completing([said], in: text, source: .model)
        #expect(parse.items.map(\.mention) == mentions)
        #expect(parse.items.dropFirst().allSatisfy { $0.readBy == .rules })
        #expect(parse.items.dropFirst().first?.isSaidWithAnotherFood ?? true)
    }

    /// A topping said after another food is still a food, and words that only open it ("sprinkled
    /// with") join the food after them: "… sprinkled with cinnamon and drizzled with honey" had
    /// lost the honey and kept "sprinkled with" as an unmatched item.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aToppingSaidAfterAnotherFoodIsAFood() {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "a bowl of oatmeal sprinkled with cinnamon and drizzled with honey"
        let answer = [
            ParsedFoodItem(mention: "a bowl of oatmeal", name: "oatmeal", quantity: 1, unit: .bowl),
            ParsedFoodItem(mention: "cinnamon", name: "cinnamon", quantity: nil, unit: .serving),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["a bowl of oatmeal", "sprinkled with cinnamon", "drizzled with honey"])
        #expect(parse.unaccounted.isEmpty, "\(parse.unaccounted)")
        // The same words as one span cut at its link keep the honey too.
        let resolver = FoodResolver(database: installedDatabase)
        let whole = ParsedFoodItem(mention: text, name: text, quantity: 1, unit: .bowl)
        let cut = FoodParser.cutAtLink(whole, by: resolver, reader: RuleBasedFoodParser(protectedPhrases: []))
        #expect(cut.map(\.mention) == ["a bowl of oatmeal sprinkled", "cinnamon", "drizzled with honey"])
    }

    /// When both model answers fail, the rules' reading stands, but what tops a dish is cut from
    /// it unless a record names the two together.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("greek yogurt topped with granola and honey", ["greek yogurt", "topped with granola", "honey"]),
        ("107g of medium crust pizza loaded with extra meat and vegetables", nil),
        ("a peanut butter and jelly sandwich on wheat bread", nil),
    ])
    func theRulesReadingCutsWhatTopsADish(text: String, mentions: [String]?) throws {
        let resolver = FoodResolver(database: installedDatabase)
        let item = try #require(RuleBasedFoodParser().parse(text).first)
        let cut = FoodParser.cuttingToppings(item, by: resolver, reader: RuleBasedFoodParser(protectedPhrases: []))
        #expect(cut?.map(\.mention) == mentions)
    }

    /// A weight or volume alone after a comma is the amount of the food the model read before it.
    @Test func anAmountLeftAfterAModelItemIsItsAmount() {
        let text = "a bagel, and an energy drink, 16 fl oz"
        let answer = [
            ParsedFoodItem(mention: "a bagel", name: "bagel", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "an energy drink", name: "energy drink", quantity: 1, unit: .piece),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention) == ["a bagel", "an energy drink, 16 fl oz"])
        #expect(parse.items.last?.quantity == 16)
        #expect(parse.items.last?.unit == .fluidOunce)
    }

    /// A record that puts a word not said before the food said, where the two name a food of
    /// their own, does not name that food: "two slices of toast with butter", read by the model as
    /// one item, had been "Fast foods, french toast with butter" (356 kcal).
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func toastWithButterIsNoFrenchToast() throws {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "two slices of toast with butter"
        let answer = [ParsedFoodItem(mention: text, name: "toast with butter", quantity: 2, unit: .slice)]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.name) == ["toast", "butter"], "\(parse.items.map(\.mention))")
        let database = try #require(installedDatabase)
        #expect(database.index.twoWordNames.contains("french toast"))
        #expect(!FoodParser.names("Fast foods, french toast with butter", saidBefore: ["toast"], said: ["toast", "butter"], in: database))
    }

    /// A word that opens what tops a food, said before "with", is no part of the food's name.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aFoodSpreadWithAnotherIsNotASpread() {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "a bagel spread with cream cheese"
        let answer = [
            ParsedFoodItem(mention: "a bagel spread", name: "bagel spread", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "with cream cheese", name: "cream cheese", quantity: nil, unit: .serving),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.name) == ["bagel", "cream cheese"], "\(parse.items.map(\.mention))")
        // The same words said twice are two foods.
        let twice = "a coffee in the morning and a coffee after lunch"
        let both = [ParsedFoodItem(mention: "a coffee", name: "coffee", quantity: 1, unit: .piece)]
        #expect(parser.completing(both + both, in: twice, source: .model).items.count == 2)
        #expect(FoodParser.droppingToppingOpening(from: "cheese spread", of: "cheese spread", in: "cheese spread on crackers") == "cheese spread")
    }

    /// A part of a food said after it (its crust, skin, bone or fat) describes the food and is no
    /// food of its own; a part said with a food word is a food.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("300g of pepperoni pizza with a thick crust and a glass of water", 2),
        ("a grilled chicken thigh, leaving the bone and the skin on the plate", 1),
        ("a slice of pie crust and a coffee", 2),
        ("a pork chop, trimmed of bone and fat, and a coffee", 2),
        // What tops the part tops the food: this had been a cheese pizza and a meat pizza.
        ("a piece of pizza with a medium crust topped with various meats", 1),
    ])
    func aPartOfAFoodSaidAfterItDescribesIt(text: String, count: Int) async {
        let parse = await FoodParser(usesModel: false, database: installedDatabase).parse(text)
        #expect(parse.items.count == count, "\(parse.items.map(\.mention))")
        #expect(parse.items.allSatisfy { text.contains($0.mention) })
        if text.contains("topped") { #expect(parse.items.first?.name.contains("meats") == true, "\(parse.items.map(\.name))") }
    }

    /// A weighed item the model cut at "and" is joined with the words after it, and the weight is
    /// the whole food's when the rules read the joined words as one: "a 480g ham and cheese
    /// submarine sandwich" is no 480 g of ham.
    @Test func theWeightOfAFoodCutAtAndIsTheWholeFoods() {
        let text = "a 480g ham and cheese submarine sandwich with lettuce, and a 330g cola"
        let answer = [
            ParsedFoodItem(mention: "a 480g ham", name: "ham", quantity: 480, unit: .gram),
            ParsedFoodItem(mention: "cheese submarine sandwich with lettuce", name: "cheese submarine sandwich", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a 330g cola", name: "cola", quantity: 330, unit: .gram),
        ]
        let joined = FoodParser(usesModel: false).joiningUnweighed(answer, in: text)
        #expect(joined.map(\.mention) == ["a 480g ham and cheese submarine sandwich with lettuce", "a 330g cola"])
        #expect(joined.first?.name.hasPrefix("ham and cheese submarine sandwich") == true, "\(joined.map(\.name))")
        #expect(joined.first?.quantity == 480)
    }

    /// Only the weighed food takes in the unweighed words after it: a food said after one the
    /// text does not weigh stays a food of its own, whatever else the text weighs.
    @Test func aFoodAfterAnUnweighedOneStaysItsOwn() {
        let text = "a medium wheat pita with hummus, and a hefty 720g of iced black tea, brewed"
        let answer = [
            ParsedFoodItem(mention: "a medium wheat pita", name: "wheat pita", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "hummus", name: "hummus", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a hefty 720g of iced black tea, brewed", name: "iced black tea, brewed", quantity: 720, unit: .gram),
        ]
        let joined = FoodParser(usesModel: false).joiningUnweighed(answer, in: text)
        #expect(joined.map(\.mention) == answer.map(\.mention))
    }

    /// What a dish is made with is its recipe: foods said after "made with" join the dish, up to
    /// a food said with an amount of its own, and a topping after it stays a food.
    @Test func whatADishIsMadeWithIsPartOfTheDish() {
        let text = "a delicious peanut butter and jelly sandwich, made with regular peanut butter and reduced sugar jelly on wheat bread, and a glass of milk"
        let answer = [
            ParsedFoodItem(mention: "a delicious peanut butter and jelly sandwich, made with regular peanut butter", name: "peanut butter and jelly sandwich", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "reduced sugar jelly", name: "reduced sugar jelly", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "wheat bread", name: "wheat bread", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a glass of milk", name: "milk", quantity: 1, unit: .glass),
        ]
        let joined = FoodParser(usesModel: false).joiningIngredients(answer, in: text)
        #expect(joined.map(\.mention) == [
            "a delicious peanut butter and jelly sandwich, made with regular peanut butter and reduced sugar jelly on wheat bread",
            "a glass of milk",
        ])
        #expect(joined.first?.name == "peanut butter and jelly sandwich")

        let omelet = "a 55g egg omelet made with margarine, 7g of butter, and oatmeal made with milk and topped with honey"
        let items = [
            ParsedFoodItem(mention: "a 55g egg omelet made with margarine", name: "egg omelet", quantity: 55, unit: .gram),
            ParsedFoodItem(mention: "7g of butter", name: "butter", quantity: 7, unit: .gram),
            ParsedFoodItem(mention: "oatmeal made with milk", name: "oatmeal", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "topped with honey", name: "honey", quantity: nil, unit: .serving),
        ]
        #expect(FoodParser(usesModel: false).joiningIngredients(items, in: omelet) == items)
    }

    /// Foods listed after "with" are had with the dish, however the model cut their mentions:
    /// "walnuts" in "greek yogurt with honey and walnuts" gets a topping's portion, as "with
    /// honey" does; the list ends at a food with an amount of its own.
    @Test func foodsListedAfterWithAreToppingsHoweverTheyWereCut() {
        let text = "greek yogurt with honey and walnuts, and an apple with peanut butter"
        let answer = [
            ParsedFoodItem(mention: "greek yogurt", name: "greek yogurt", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "honey", name: "honey", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "walnuts", name: "walnuts", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "an apple", name: "apple", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "peanut butter", name: "peanut butter", quantity: nil, unit: .serving),
        ]
        let marked = FoodParser.markingWhatIsListedAfterWith(answer, in: text)
        #expect(marked.map(\.isSaidWithAnotherFood) == [false, true, true, false, true])
        #expect(marked.map(\.mention) == answer.map(\.mention))
        let coffee = "eggs with toast, coffee"
        let items = [
            ParsedFoodItem(mention: "eggs", name: "eggs", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "toast", name: "toast", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "coffee", name: "coffee", quantity: nil, unit: .serving),
        ]
        #expect(FoodParser.markingWhatIsListedAfterWith(items, in: coffee).map(\.isSaidWithAnotherFood) == [false, true, false])
    }

    /// "… alongside a frozen peanut butter and jelly sandwich without crusts and …": the model read
    /// "a frozen peanut butter", and the words it left out were read as no food, because "crusts"
    /// is no word of "Jelly sandwich, NFS". What a food is said to be without names no food of it.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func whatAFoodIsWithoutIsNoWordItsRecordMustHold() throws {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let left = try #require(RuleBasedFoodParser().parse("jelly sandwich without crusts").first)
        #expect(parser.namesAFood(left))
        let without = ParsedFoodItem(mention: "without crusts", name: "without crusts", quantity: nil, unit: .serving)
        #expect(!parser.namesAFood(without), "nothing left to name a food")
    }

    /// "fish and chips with mushy peas": the model's answers failed, and the rules' reading kept
    /// "chips with mushy peas" as one bag of potato chips, the peas lost. When the model cannot
    /// read a piece, the rules' items are cut at "with" or "on" as the model's are.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func theRulesReadingAfterFailedAnswersIsCutAtItsLinks() {
        let resolver = FoodResolver(database: installedDatabase!)
        let ruled = RuleBasedFoodParser().parse("fish and chips with mushy peas")
        #expect(ruled.map(\.mention) == ["fish", "chips with mushy peas"], "the rules read it so")
        #expect(FoodParser.rulesReadingCut(ruled, by: resolver).map(\.mention) == ["fish", "chips", "mushy peas"])
        let doughnut = RuleBasedFoodParser().parse("a doughnut with icing")
        #expect(FoodParser.rulesReadingCut(doughnut, by: resolver) == doughnut, "a record names the two together")
        let weighed = RuleBasedFoodParser().parse("107g of medium crust pizza loaded with extra meat and vegetables")
        #expect(FoodParser.rulesReadingCut(weighed, by: resolver) == weighed, "the weight holds the toppings")
    }

    /// "an egg and sausage biscuit sandwich" had been an egg and a sausage biscuit sandwich, "a
    /// bacon and egg sandwich" a rasher of bacon and an egg white sandwich: a food said with its
    /// article alone, "and", then a filled dish said without one is what fills the dish, when a
    /// record for the joined words holds it. "a coffee and egg sandwich" stays two.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("an egg and sausage biscuit sandwich", ["an egg", "sausage biscuit sandwich"], ["an egg and sausage biscuit sandwich"]),
        ("a bacon and egg sandwich", ["a bacon", "egg sandwich"], ["a bacon and egg sandwich"]),
        ("a beef and bean burrito", ["a beef", "bean burrito"], ["a beef and bean burrito"]),
        ("a coffee and egg sandwich", ["a coffee", "egg sandwich"], ["a coffee", "egg sandwich"]),
        ("an apple and a ham sandwich", ["an apple", "a ham sandwich"], ["an apple", "a ham sandwich"]),
        // A drink blended from what names it ("filled-dishes.txt").
        ("a strawberry and banana smoothie", ["a strawberry", "banana smoothie"], ["a strawberry and banana smoothie"]),
    ])
    func whatFillsADishSaidBeforeItJoinsIt(text: String, mentions: [String], joined: [String]) {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let items = RuleBasedFoodParser().parse(text)
        #expect(items.map(\.mention) == mentions, "the rules cut it")
        let result = parser.joiningWhatFillsADish(items, in: text)
        #expect(result.map(\.mention) == joined)
        if result.count == 1 { #expect(result[0].quantity == 1 && result[0].unit == .piece) }
    }

    /// "avocado toast" had been French toast, "a chicken caesar salad" a salad without its
    /// chicken, "some peanut butter toast" a breakfast cereal: a food named before a dish named by
    /// what tops or fills it, which no record of the dish holds, is on or in it. A record that
    /// holds it, or a kind of it, keeps the item whole.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("avocado toast", ["avocado", "avocado toast"]),
        ("a chicken caesar salad", ["chicken", "a chicken caesar salad"]),
        ("a ham omelette", ["ham", "a ham omelette"]),
        ("a turkey sandwich", ["a turkey sandwich"]),
        ("three beef tacos", ["three beef tacos"]),
        ("some peanut butter toast", ["peanut butter", "some peanut butter toast"]),
        ("a blueberry muffin", ["a blueberry muffin"]),
        ("two slices of cinnamon toast", ["two slices of cinnamon toast"]),
    ])
    func aFoodNamedBeforeADishNoRecordOfItHoldsTopsIt(text: String, mentions: [String]) throws {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let item = try #require(RuleBasedFoodParser().parse(text).first)
        let items = parser.separatingWhatTopsADish(item)
        #expect(items.map(\.mention) == mentions, "\(items)")
        if items.count == 2 {
            #expect(items[0].company == .namedInTheDish && items[0].isSaidWithAnotherFood)
            #expect(items[1].quantity == item.quantity, "the dish keeps its amount")
        }
    }

    /// "a cup of green tea with honey" had been a bottled ginseng and honey tea, the honey lost
    /// in it: a record naming what was said after the link together with a food not said is no
    /// reading of it as said.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aRecordListingAFoodNotSaidBesideTheToppingIsNotTheFoodSaid() throws {
        let resolver = FoodResolver(database: installedDatabase!)
        let tea = try #require(RuleBasedFoodParser().parse("a cup of green tea with honey").first)
        #expect(!FoodParser.isMatchedAsSaid(tea, by: resolver))
        let parts = FoodParser.cutAtLink(tea, by: resolver, reader: RuleBasedFoodParser())
        #expect(parts.map(\.mention) == ["a cup of green tea", "honey"], "\(parts)")
    }

    /// "breakfast was two eggs over easy with bacon and toast" had lost the bacon and the toast
    /// when the model's span began at "over easy": words before the link that name no food say how
    /// the food before them was made, and the foods after the link are still cut out.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func wordsBeforeTheLinkThatNameNoFoodDoNotKeepTheFoodsAfterIt() {
        let resolver = FoodResolver(database: installedDatabase!)
        let span = ParsedFoodItem(mention: "over easy with bacon and toast", name: "over easy with bacon and toast", quantity: nil, unit: .serving)
        let parts = FoodParser.cutAtLink(span, by: resolver, reader: RuleBasedFoodParser())
        #expect(parts.map(\.mention) == ["bacon", "toast"], "\(parts)")
        let longer = ParsedFoodItem(mention: "cooked slowly in the oven for hours with bacon", name: "cooked slowly", quantity: nil, unit: .serving)
        #expect(FoodParser.cutAtLink(longer, by: resolver, reader: RuleBasedFoodParser()).count == 1, "more than a few words before the link stay whole")
        // Words that say an amount name a food, whether or not a word of theirs begins a record:
        // "a cereal bar" had been lost from "chips and a cereal bar with fruit filling".
        let bar = ParsedFoodItem(mention: "a cereal bar with fruit filling", name: "cereal bar with fruit filling", quantity: 1, unit: .piece)
        let kept = FoodParser.cutAtLink(bar, by: resolver, reader: RuleBasedFoodParser())
        #expect(kept.contains { $0.mention.hasPrefix("a cereal bar") }, "\(kept)")
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "chips and a cereal bar with fruit filling"
        let answer = [
            ParsedFoodItem(mention: "chips", name: "chips", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a cereal bar with fruit filling", name: "cereal bar with fruit filling", quantity: 1, unit: .piece),
        ]
        let mentions = parser.completing(answer, in: text, source: .model).items.map(\.mention)
        #expect(mentions.contains { $0.contains("cereal bar") }, "\(mentions)")
    }

    /// "two eggs over easy with bacon and toast" had been two raw eggs when the model read only
    /// "two eggs": words before a link that say how the food before was made ("over easy", which
    /// the database writes "fried") join it, and the foods after the link stay foods; "with toast"
    /// after "an egg sunny side up" is no part of the fried egg (it had been lost in it).
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func howAFoodWasMadeSaidBeforeALinkJoinsIt() {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        let text = "two eggs over easy with bacon and toast"
        let answer = [ParsedFoodItem(mention: "two eggs", name: "eggs", quantity: 2, unit: .piece)]
        let items = parser.completing(answer, in: text, source: .model).items
        #expect(items.first?.mention == "two eggs over easy", "\(items)")
        #expect(items.count == 3 && items.last?.mention == "toast", "\(items)")
        #expect(FoodParser.statesTheFood("over easy") && FoodParser.statesTheFood("sunny side up"))
        // The same when the model reads the bacon and the toast: "over easy with" is left between.
        let all = answer + ["bacon", "toast"].map { ParsedFoodItem(mention: $0, name: $0, quantity: nil, unit: .serving) }
        let read = parser.completing(all, in: text, source: .model)
        #expect(read.items.map(\.mention) == ["two eggs over easy", "bacon", "toast"], "\(read.items)")
        #expect(read.unaccounted.isEmpty, "\(read.unaccounted)")
        let sunny = "an egg sunny side up with toast"
        let egg = [ParsedFoodItem(mention: "an egg", name: "egg", quantity: 1, unit: .piece)]
        let mentions = parser.completing(egg, in: sunny, source: .model).items.map(\.mention)
        #expect(mentions == ["an egg sunny side up", "with toast"], "\(mentions)")
    }

    /// "we had tacos tonight three chicken tacos with salsa and guacamole" had been read by the
    /// rules alone as "tacos" (a name ends at "tonight"), the chicken, salsa and guacamole lost: a
    /// reading stands only when each name holds every food word of its mention.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aRulesReadingWhoseNameLeavesOutAFoodWordDoesNotStand() {
        let parser = FoodParser(usesModel: false, database: installedDatabase)
        #expect(parser.rulesReadingThatStands("we had tacos tonight three chicken tacos with salsa and guacamole") == nil)
        #expect(parser.rulesReadingThatStands("a coffee this morning")?.count == 1)
    }

    /// … and the model's reading of it had been five tacos: a food named without an amount or an
    /// article, then again at once with one, is the one food said twice.
    @Test func aFoodSaidAgainWithItsAmountIsOneFood() {
        let text = "we had tacos tonight three chicken tacos with salsa"
        let items = [
            ParsedFoodItem(mention: "we had tacos tonight", name: "tacos", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "three chicken tacos", name: "chicken tacos", quantity: 3, unit: .piece),
            ParsedFoodItem(mention: "with salsa", name: "salsa", quantity: nil, unit: .serving),
        ]
        let joined = FoodParser.joiningAFoodSaidAgain(items, in: text)
        #expect(joined.map(\.mention) == ["we had tacos tonight three chicken tacos", "with salsa"])
        #expect(joined[0].name == "chicken tacos" && joined[0].quantity == 3)
        let two = "a taco and two tacos"
        let said = [
            ParsedFoodItem(mention: "a taco", name: "taco", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "two tacos", name: "tacos", quantity: 2, unit: .piece),
        ]
        #expect(FoodParser.joiningAFoodSaidAgain(said, in: two).count == 2, "an amount or an article said first is a food of its own")
        // The name read from the joined mention ("tacos") adds nothing to the parsed one.
        #expect(FoodResolver.namesToTry(joined[0]) == ["chicken tacos"])
    }

    /// "a cup of beef curry, a delightful combination of spices and tender beef" had been, read by
    /// the model, the curry plus "Spices, cardamom" and 77 g of ground beef: the parts a collection
    /// lists after a food are that food's, whoever read them; an article or a number after the
    /// list starts another food, and a sentence's end closes it.
    @Test func theModelsPartsOfACollectionJoinTheFoodBeforeIt() {
        let curry = "For dinner I had a cup of beef curry, a delightful combination of spices and tender beef."
        let read = [
            ParsedFoodItem(mention: "a cup of beef curry", name: "beef curry", quantity: 1, unit: .cup),
            ParsedFoodItem(mention: "a delightful combination of spices", name: "spices", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "tender beef", name: "beef", quantity: nil, unit: .serving),
        ]
        let joined = FoodParser.joiningACollectionsParts(read, in: curry)
        #expect(joined.map(\.mention) == ["a cup of beef curry, a delightful combination of spices and tender beef"])
        #expect(joined.first?.name == "beef curry with spices and beef" && joined.first?.quantity == 1)
        let granola = "a bowl of granola with a mix of oats, nuts, and raisins, and a coffee. A mix of nuts"
        let items = [
            ParsedFoodItem(mention: "a bowl of granola", name: "granola", quantity: 1, unit: .bowl),
            ParsedFoodItem(mention: "a mix of oats", name: "oats", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "nuts", name: "nuts", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "raisins", name: "raisins", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a coffee", name: "coffee", quantity: 1, unit: .serving),
            ParsedFoodItem(mention: "A mix of nuts", name: "nuts", quantity: nil, unit: .serving),
        ]
        let listed = FoodParser.joiningACollectionsParts(items, in: granola)
        #expect(listed.map(\.mention) == ["a bowl of granola with a mix of oats, nuts, and raisins", "a coffee", "A mix of nuts"])
        #expect(listed.first?.name == "granola with oats, nuts, and raisins")
        let plain = [
            ParsedFoodItem(mention: "toast", name: "toast", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "jam", name: "jam", quantity: nil, unit: .serving),
        ]
        #expect(FoodParser.joiningACollectionsParts(plain, in: "toast with jam").count == 2)
        // "and a medley of …" is another food; "paired with" ends the list.
        let beef = "a cup of beef with potatoes and a medley of carrots and broccoli, paired with a cup of Ensure"
        let dinner = [
            ParsedFoodItem(mention: "a cup of beef", name: "beef", quantity: 1, unit: .cup),
            ParsedFoodItem(mention: "with potatoes", name: "potatoes", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a medley of carrots", name: "carrots", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "broccoli", name: "broccoli", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a cup of Ensure", name: "Ensure", quantity: 1, unit: .cup),
        ]
        #expect(FoodParser.joiningACollectionsParts(dinner, in: beef).count == 5)
        let burrito = "a large burrito with a delightful mix of meat, beans, and rice, washed down with a can of cola"
        let lunch = [
            ParsedFoodItem(mention: "a large burrito", name: "burrito", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "a delightful mix of meat", name: "meat", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "beans", name: "beans", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "rice", name: "rice", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a can of cola", name: "cola", quantity: 1, unit: .can),
        ]
        #expect(FoodParser.joiningACollectionsParts(lunch, in: burrito).map(\.name) == ["burrito with meat, beans, and rice", "cola"])
    }

    /// "a McDonald's McMuffin filled with egg, cheese, and ham" had been a McMuffin and a full
    /// serving each of cheddar and ham: what a dish is filled or topped with is listed through
    /// commas, also when the first filling joined the dish's mention. A food with its own amount
    /// ends the list, and what follows a bare "with" still ends at a comma.
    @Test func whatADishIsFilledWithIsListedThroughCommas() {
        let text = "a McMuffin filled with egg, cheese, and ham, a medium coffee and hash browns"
        let items = [
            ParsedFoodItem(mention: "a McMuffin filled with egg", name: "McMuffin filled with egg", quantity: 1, unit: .piece),
            ParsedFoodItem(mention: "cheese", name: "cheese", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "ham", name: "ham", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "a medium coffee", name: "coffee", quantity: 1, unit: .serving),
            ParsedFoodItem(mention: "hash browns", name: "hash browns", quantity: nil, unit: .serving),
        ]
        #expect(FoodParser.markingWhatIsListedAfterWith(items, in: text).map(\.isSaidWithAnotherFood) == [false, true, true, false, false])
        let sandwich = "a sandwich topped with cheese, lettuce, tomato, and mayo"
        let toppings = ["a sandwich", "cheese", "lettuce", "tomato", "mayo"].map {
            ParsedFoodItem(mention: $0, name: $0, quantity: nil, unit: .serving)
        }
        #expect(FoodParser.markingWhatIsListedAfterWith(toppings, in: sandwich).map(\.isSaidWithAnotherFood) == [false, true, true, true, true])
    }

    /// A second topping said after the first is a food too: the real model (one thread) had read
    /// "Vanilla ice cream" alone, and "sprinkled with crushed peanuts" was in no item and no piece
    /// for review (the rules read a piece opening "sprinkled" as a comment).
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aSecondToppingSaidAfterTheFirstIsAFoodToo() {
        let text = "Vanilla ice cream drizzled with chocolate sauce and sprinkled with crushed peanuts"
        let answer = [ParsedFoodItem(mention: "Vanilla ice cream", name: "vanilla ice cream", quantity: nil, unit: .serving)]
        let parse = FoodParser(usesModel: false, database: installedDatabase).completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.name).last == "peanuts", "\(parse.items)")
        #expect(parse.items.count == 3)
    }

    /// Left-out words the rules read as a food are one when the record holds the food said, a
    /// cooking state it lacks aside ("charred peppers": "Peppers, raw, NFS") or two words it
    /// writes as one ("soy milk": "Soymilk, …"); both had gone to review as unmatched pieces.
    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase), arguments: [
        ("grilled halloumi, charred peppers and toasted pitta", "grilled halloumi", ["charred peppers", "toasted pitta"]),
        ("a protein shake, a banana and soy milk", "a protein shake", ["a banana", "soy milk"]),
    ])
    func leftOutWordsNameAFoodWhenTheRecordHoldsItsNamingWords(text: String, answer: String, left: [String]) {
        let said = [ParsedFoodItem(mention: answer, name: answer, quantity: nil, unit: .serving)]
        let parse = FoodParser(usesModel: false, database: installedDatabase).completing(said, in: text, source: .model)
        #expect(Array(parse.items.map(\.mention).dropFirst()) == left, "\(parse.items)")
        #expect(parse.unaccounted.isEmpty, "\(parse.unaccounted)")
    }

    /// In speech without commas, a food the model read just after another does not take it in:
    /// "some bacon" had widened over "two eggs over easy", and the eggs were lost.
    @Test func anAmountBeforeAModelItemIsNotTakenFromAnotherItem() {
        let text = "hmm breakfast was uh two eggs over easy some bacon and um grits"
        let answer = [
            ParsedFoodItem(mention: "two eggs over easy", name: "eggs", quantity: 2, unit: .piece),
            ParsedFoodItem(mention: "some bacon", name: "bacon", quantity: nil, unit: .serving),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.map(\.mention).prefix(2) == ["two eggs over easy", "some bacon"], "\(parse.items)")
    }

    /// The amount of a topping the model read with its opening is read from the words after the
    /// opening: the real model (one thread) had answered "topped with a poached egg" as 1 g, and
    /// the rules, reading a piece opening "topped" as a comment, had left the model's amount.
    @Test func aToppingsAmountIsReadFromTheWordsAfterItsOpening() {
        let text = "Avocado toast sprinkled with chili flakes and topped with a poached egg"
        let answer = [
            ParsedFoodItem(mention: "Avocado toast", name: "avocado toast", quantity: nil, unit: .serving),
            ParsedFoodItem(mention: "sprinkled with chili flakes", name: "chili flakes", quantity: 1, unit: .gram),
            ParsedFoodItem(mention: "topped with a poached egg", name: "poached egg", quantity: 1, unit: .gram),
        ]
        let parse = parser.completing(answer, in: text, source: .model)
        #expect(parse.items.last?.name == "poached egg")
        #expect(parse.items.last?.unit == .piece, "\(parse.items)")
        #expect(parse.items.dropFirst().first?.quantity == nil, "\(parse.items)")
    }
}
