import AssetRequirements
import Testing
@testable import QuickLog

/// Ranking over SR28 and FoodData Central, on the real database setup builds.
@Suite(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
struct FoodRankingTests {
    let database = installedDatabase!
    var resolver: FoodResolver { FoodResolver(database: database) }

    func best(_ name: String) -> FoodMatch? { resolver.databaseCandidates(name, limit: 1).first }

    @Test func cookingStatesFindTheCookedFood() throws {
        let rice = try #require(best("boiled white rice"))
        #expect(rice.name.lowercased().contains("rice"))
        #expect(rice.name.lowercased().contains("cooked"))
        let carrots = try #require(best("fresh raw carrots"))
        #expect(carrots.name.lowercased().contains("raw"))
    }

    @Test func qualifiersNobodySaidLoseToThePlainFood() throws {
        let salmon = try #require(best("grilled salmon"))
        #expect(!salmon.name.lowercased().contains("canned"))
        let cola = try #require(best("diet cola"))
        #expect(cola.name.lowercased().hasPrefix("soft drink"))
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

    @Test func andPairsComeFromDatabaseNames() {
        #expect(database.joinedPairs.contains("butter and jelly"))
    }
}
