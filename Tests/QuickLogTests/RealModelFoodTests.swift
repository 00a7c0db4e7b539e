import AssetRequirements
import LanguageModels
import Testing
@testable import QuickLog

/// The whole flow with the real default model; runs only when setup installed it. Greedy output
/// depends on thread count, so these assert invariants, not words.
@Suite(.enabled(ifInstalled: defaultModel), .requires(defaultModel))
struct RealModelFoodTests {
    let sentence = "2 eggs, 200g rice, and a coffee"

    @Test func theModelParsesWithExactMentions() async {
        let parser = FoodParser(usesModel: true)
        await parser.prewarm()
        let parse = await parser.parse(sentence)
        // The rules alone would also pass the checks below: the model must have produced it.
        #expect(parse.source != .rules, "the model's answers failed the checks; the rules parsed it")
        #expect(!parse.items.isEmpty)
        #expect(parse.items.allSatisfy { sentence.contains($0.mention) })
        #expect(FoodParser.problems(parse.items, in: sentence).isEmpty)
        parser.release()
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func analyzesReviewsAndSavesTheExample() async throws {
        let diary = try Diary(path: temporaryDiaryPath())
        let quickLog = QuickLog(parser: FoodParser(usesModel: true), database: installedDatabase, estimator: NutritionEstimator(), diary: diary)
        await quickLog.startLogging()
        var review = await quickLog.analyze(sentence, day: DiaryDay("2026-07-08")!, meal: .lunch)
        #expect(review.step == .review)
        #expect(try diary.entryCount() == 0)
        let count = try quickLog.save(&review)
        #expect(count == review.confirmedEntries.count)
        #expect(try diary.entryCount() == count)
        quickLog.release()
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func theModelEstimatesAFoodTheSearchRefusesFromANearbyRecord() async throws {
        // "eclair" alone names no record's head ("Cream puff, eclair, …"), so the search refuses it.
        let resolver = FoodResolver(database: installedDatabase, estimator: NutritionEstimator())
        let said = ParsedFoodItem(mention: "a 112g eclair", name: "eclair", quantity: 112, unit: .gram)
        #expect(resolver.resolveWithoutModel(said) == nil)
        let nearby = resolver.nearbyFoods("eclair").map(\.name)
        try #require(!nearby.isEmpty)
        // nil means the model did not read "eclair" as food, answered none, or gave no valid answer twice.
        let index = try #require(await NutritionEstimator().nearest(to: "eclair", among: nearby), "\(nearby)")
        #expect(nearby[index].lowercased().contains("eclair"), "\(nearby[index])")
        let eclair = await resolver.resolve(said)
        #expect(eclair.status == .estimated)
        #expect(eclair.grams == 112 && eclair.nutrition.kcal > 0)
    }

    @Test(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
    func aPieceOfASentenceIsNotEstimatedAsFood() async {
        // From a meal description: "16 fl oz, for breakfast to give me that extra boost I needed".
        // The branded "Let's give love a shot candy" holds "give"; the model must not make it food.
        #expect(await NutritionEstimator().namesFood("give me") == false)
        let resolver = FoodResolver(database: installedDatabase, estimator: NutritionEstimator())
        let piece = await resolver.resolve(ParsedFoodItem(mention: "16 fl oz, to give me", name: "give me", quantity: 16, unit: .fluidOunce))
        #expect(piece.status == .unmatched)
    }

    @Test func theModelChoosesTheInsightAmongTheKindsTheCodeAllows() async throws {
        // Over on energy and fat, protein met: three true kinds, so the model has a real choice.
        // (The figures this test used before allowed only one kind, so the model was never asked.)
        let consumed = NutritionFacts(kcal: 2600, protein: 170, carbs: 200, fat: 100)
        let targets = DailyTargets(kcal: 2200, protein: 160, carbs: 220, fat: 70)
        let valid = InsightKind.valid(consumed: consumed, targets: targets)
        try #require(valid.count > 1, "with one valid kind the model is never asked")
        // nil means the request failed and the service fell back to the first kind.
        let chosen = try #require(await InsightService().modelChoice(consumed: consumed, targets: targets, among: valid))
        #expect(valid.contains(chosen))
    }
}

/// The meal-parsing model setup installs, reading the everyday sentences the rules could not split:
/// every food the person named comes out in an item of its own, in the person's words.
@Suite(
    .enabled(ifInstalled: mealParsingModel), .requires(mealParsingModel), .enabled(ifInstalled: nutritionDatabase),
    .requires(nutritionDatabase))
struct RealModelMealParsingTests {
    /// Each sentence with the words of the foods it names.
    static let sentences: [(text: String, foods: [String])] = [
        ("a bowl of porridge with raspberries and an apple", ["porridge", "raspberries", "apple"]),
        ("two slices of white toast with strawberry jam and a large cappuccino", ["toast", "jam", "cappuccino"]),
        ("roast beef with boiled potatoes and gravy", ["beef", "potatoes", "gravy"]),
        ("a bowl of cottage cheese with honey and walnuts", ["cottage cheese", "honey", "walnuts"]),
        ("an english muffin with butter and a small apple juice", ["muffin", "butter", "apple juice"]),
    ]

    @Test func everyFoodNamedComesOutAsAnItemOfItsOwnInThePersonsWords() async {
        // The product's parser: with the database, the rules' reading stands where it matches as
        // said, and the model reads the rest.
        let parser = FoodParser(usesModel: true, database: installedDatabase)
        await parser.prewarm()
        var readByTheModel = 0
        for (text, foods) in Self.sentences {
            let parse = await parser.parse(text)
            #expect(parse.source != .rules && parse.source != .rulesModelUnavailable, "\(text): \(parse.source)")
            if parse.items.contains(where: { $0.readBy == .model }) { readByTheModel += 1 }
            #expect(parse.items.allSatisfy { text.contains($0.mention) }, "\(text): \(parse.items.map(\.mention))")
            let mentions = parse.items.map { $0.mention.lowercased() }
            for food in foods {
                let holding = mentions.filter { $0.contains(food) }
                #expect(holding.count == 1, "\(text): '\(food)' is in \(holding.count) items: \(mentions)")
            }
            #expect(parse.unaccounted.isEmpty, "\(text): \(parse.unaccounted)")
        }
        // The rules alone read each of these as one food or left words unread (the issue that
        // motivated the model path), so the model must have read most of them.
        #expect(readByTheModel >= 3, "the model read \(readByTheModel) of \(Self.sentences.count) sentences")
        parser.release()
    }

    @Test func theRulesReadALongSentenceWholeBeforeItIsCutIntoClauses() async {
        // 25 words: cut at its commas, "egg," and "cheese, and bacon griddle cake sandwich" would be
        // read apart; read whole, the rules name the one food the database knows.
        let text = "For breakfast today, I prepared a tasty 168g egg, cheese, and bacon griddle cake sandwich and "
            + "washed it down with 248g of rich chocolate milk."
        #expect(FoodParser.pieces(of: text).count > 1)
        let parser = FoodParser(usesModel: true, database: installedDatabase)
        let parse = await parser.parse(text)
        #expect(parse.source == .rulesMatchedEveryFood)
        #expect(parse.items.count == 2, "\(parse.items.map(\.mention))")
        #expect(parse.items.first?.mention.hasSuffix("egg, cheese, and bacon griddle cake sandwich") == true)
        parser.release()
    }
}
