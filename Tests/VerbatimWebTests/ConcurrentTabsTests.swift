import AssetRequirements
import DialogueMemo
import Foundation
import QuickLog
import Testing
@testable import VerbatimWeb

/// The nutrition database setup builds.
let nutritionDatabase = InstalledAsset(
    isInstalled: (try? NutritionDatabase.installed()) != nil,
    missing: "the nutrition database is not built: run scripts/setup.sh (scripts/setup-food.sh)")

/// Several tabs at once, over the real server: every write lands once and nothing is corrupted.
@Suite(.enabled(ifInstalled: nutritionDatabase), .requires(nutritionDatabase))
struct ConcurrentTabsTests {
    @Test func mealsSavedFromManyTabsAtOnceAllLandInTheDiary() async throws {
        let server = try TemporaryServer()
        let tabs = 8
        let saved = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<tabs {
                group.addTask {
                    let review = try await server.client.send(
                        "POST", "/api/food/analyze", headers: server.pageHeaders, body: Data(#"{"text":"2 eggs and a banana"}"#.utf8))
                    let id = try JSONDecoder().decode(FoodReviewView.self, from: review.body).id
                    let done = try await server.client.send(
                        "POST", "/api/food/save", headers: server.pageHeaders, body: Data(#"{"review":"\#(id)"}"#.utf8))
                    return try JSONDecoder().decode(FoodReviewView.self, from: done.body).saved ?? 0
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(saved == tabs * 2)
        let entries = try Diary(path: server.diaryPath).entries(on: .today)
        #expect(entries.count == tabs * 2)
        #expect(Set(entries.map(\.id)).count == entries.count)
        // The web's diary is the CLI's: the same file holds the same totals.
        let day = try JSONDecoder().decode(FoodDayView.self, from: try await server.client.send("GET", "/api/food/day").body)
        #expect(abs(day.totals.kcal - entries.reduce(0) { $0 + $1.nutrition.kcal }) < 1)
    }

    @Test func notesSavedFromManyTabsAtOnceAreEachKept() async throws {
        let server = try TemporaryServer()
        let tabs = 4
        try await withThrowingTaskGroup(of: Void.self) { group in
            for tab in 0..<tabs {
                group.addTask {
                    var session = try await post(server, "/api/memo/start", #"{"language":"en"}"#)
                    session = try await post(server, "/api/memo/answer", #"{"id":"\#(session.id)","text":"Idea number \#(tab) is a garden."}"#)
                    session = try await waitWhile(server, session, ["thinking"])
                    session = try await post(server, "/api/memo/finish", #"{"id":"\#(session.id)"}"#)
                    session = try await waitWhile(server, session, ["composing"])
                    #expect(session.phase == "review")
                    let blocks = try String(decoding: JSONEncoder().encode(session.note?.blocks ?? []), as: UTF8.self)
                    session = try await post(
                        server, "/api/memo/save", #"{"id":"\#(session.id)","title":"Garden \#(tab)","blocks":\#(blocks)}"#)
                    #expect(session.phase == "saved")
                }
            }
            try await group.waitForAll()
        }
        let notes = try NoteStore(directory: server.notes).list()
        #expect(notes.count == tabs)
        #expect(Set(notes.map(\.title)) == Set((0..<tabs).map { "Garden \($0)" }))
    }
}

private func post(_ server: TemporaryServer, _ path: String, _ body: String) async throws -> MemoSessionView {
    let reply = try await server.client.send("POST", path, headers: server.pageHeaders, body: Data(body.utf8))
    #expect(reply.status == 200, "\(path): \(reply.text)")
    return try JSONDecoder().decode(MemoSessionView.self, from: reply.body)
}

private func waitWhile(_ server: TemporaryServer, _ session: MemoSessionView, _ phases: Set<String>) async throws -> MemoSessionView {
    var session = session
    let deadline = ContinuousClock.now + .seconds(180)
    while phases.contains(session.phase), ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(50))
        let reply = try await server.client.send("GET", "/api/memo/session?id=\(session.id)")
        session = try JSONDecoder().decode(MemoSessionView.self, from: reply.body)
    }
    return session
}
