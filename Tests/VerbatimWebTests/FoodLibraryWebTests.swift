import AssetRequirements
import Foundation
import QuickLog
import Testing
@testable import VerbatimWeb

/// Custom foods, recipes and saved meals added from the food page match what is logged next.
@Suite(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
struct FoodLibraryWebTests {
    let server: TemporaryServer

    init() throws { server = try TemporaryServer() }

    private func post(_ path: String, _ body: String) async throws -> LoopbackClient.Reply {
        try await server.client.send("POST", path, headers: server.pageHeaders, body: Data(body.utf8))
    }

    @Test func aSavedEntryIsCorrectedFromTheDayViewAndTheTotalsFollow() async throws {
        let review = try JSONDecoder().decode(
            FoodReviewView.self, from: try await post("/api/food/analyze", #"{"text":"2 eggs and a banana"}"#).body)
        _ = try await post("/api/food/save", #"{"review":"\#(review.id)"}"#)
        let before = try JSONDecoder().decode(FoodDayView.self, from: try await server.client.send("GET", "/api/food/day").body)
        let egg = try #require(before.entries.first { $0.mention.contains("egg") })
        let banana = try #require(before.entries.first { $0.mention.contains("banana") })
        let doubled = try await post("/api/food/entry/amount", #"{"entry":\#(egg.id),"grams":\#(egg.grams * 2)}"#)
        #expect(doubled.status == 200)
        let afterChange = try JSONDecoder().decode(FoodDayView.self, from: doubled.body)
        #expect(abs(afterChange.totals.kcal - (before.totals.kcal + egg.kcal)) < 1)
        let deleted = try await post("/api/food/entry/delete", #"{"entry":\#(banana.id)}"#)
        let afterDelete = try JSONDecoder().decode(FoodDayView.self, from: deleted.body)
        #expect(afterDelete.entries.map(\.id) == [egg.id])
        #expect(abs(afterDelete.totals.kcal - 2 * egg.kcal) < 1)
        #expect(try await post("/api/food/entry/delete", #"{"entry":\#(banana.id)}"#).status == 404)
        #expect(try await post("/api/food/entry/amount", #"{"entry":\#(egg.id),"grams":0}"#).status == 400)
    }

    @Test func aRecipeAddedOnThePageMatchesWhenItsNameIsLogged() async throws {
        let added = try await post(
            "/api/food/recipe", #"{"name":"chili bowl","servings":2,"lines":["200 g cooked rice","1 cup black beans"]}"#)
        #expect(added.status == 200, "\(added.text)")
        let review = try JSONDecoder().decode(
            FoodReviewView.self, from: try await post("/api/food/analyze", #"{"text":"a chili bowl"}"#).body)
        let item = try #require(review.items.first)
        #expect(item.source == "your recipe", "\(item)")
        #expect(item.kcal > 100)
    }

    @Test func aSavedMealAndACustomFoodAreMatchedFromTheLibrary() async throws {
        #expect(try await post("/api/food/saved-meal", #"{"name":"usual breakfast","lines":["2 eggs","1 slice toast"]}"#).status == 200)
        #expect(
            try await post("/api/food/custom", #"{"name":"grandma's flapjack","kcal":450,"protein":6,"carbs":60,"fat":20}"#).status
                == 200)
        let review = try JSONDecoder().decode(
            FoodReviewView.self,
            from: try await post("/api/food/analyze", #"{"text":"my usual breakfast and 50g grandma's flapjack"}"#).body)
        let sources = review.items.compactMap(\.source)
        #expect(sources.contains("your saved meal"), "\(review.items)")
        #expect(sources.contains("your custom food"), "\(review.items)")
        let flapjack = try #require(review.items.first { $0.source == "your custom food" })
        #expect(abs(flapjack.kcal - 225) < 1)
    }

    @Test func aLibraryItemThatMatchesNothingIsRefusedWithItsWords() async throws {
        let reply = try await post("/api/food/recipe", #"{"name":"mystery","lines":["3 zzqx blorps"]}"#)
        #expect(reply.status == 400)
        #expect(reply.text.contains("zzqx"))
    }
}
