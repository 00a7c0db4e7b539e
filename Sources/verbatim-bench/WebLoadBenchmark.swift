import Evaluation
import Foundation
import QuickLog
import VerbatimWeb

/// `web --load TABS`: several tabs logging meals at once over loopback with the server's default
/// rate limits (rules only, so the server is what is measured): requests per second, p95
/// latency, how many were refused with 429, and whether every accepted save is in the diary.
func webLoad(tabs: Int, seconds: Int, meal: String) async throws -> Int32 {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-bench-load-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let diaryPath = folder.appendingPathComponent("load.sqlite").path
    let web = try WebServer(port: 0, notes: folder.appendingPathComponent("notes"), diaryPath: diaryPath, usesModel: false)
    let client = BenchClient(base: web.url, token: web.token)
    let clock = ContinuousClock()
    let start = clock.now
    let end = start + .seconds(seconds)

    struct Tab: Sendable {
        var latencies: [Double] = []
        var refused = 0
        var failed = 0
        var savedEntries = 0
    }
    /// One meal logged from a tab: analyze, then save what it read.
    @Sendable func logOnce(_ tab: inout Tab) async {
        func timed(_ path: String, _ body: [String: String]) async -> (status: Int, object: [String: Any]) {
            let sent = clock.now
            let reply: (status: Int, object: [String: Any]) = (try? await client.send(path, body)) ?? (0, [:])
            tab.latencies.append((clock.now - sent) / .milliseconds(1))
            if reply.status == 429 { tab.refused += 1 } else if reply.status != 200 { tab.failed += 1 }
            return reply
        }
        let review = await timed("api/food/analyze", ["text": meal])
        guard review.status == 200, let id = review.object["id"] as? String else { return }
        let saved = await timed("api/food/save", ["review": id])
        if saved.status == 200 { tab.savedEntries += saved.object["saved"] as? Int ?? 0 }
    }
    let results = try await withThrowingTaskGroup(of: Tab.self) { group in
        for _ in 0..<tabs {
            group.addTask {
                var tab = Tab()
                var next = clock.now
                while clock.now < end {
                    await logOnce(&tab)
                    next = next + .seconds(1)
                    try await Task.sleep(until: next, clock: clock)
                }
                return tab
            }
        }
        return try await group.reduce(into: [Tab]()) { $0.append($1) }
    }
    let elapsed = (clock.now - start) / .seconds(1)
    await web.shutDown()
    let latencies = results.flatMap(\.latencies)
    let saved = results.reduce(0) { $0 + $1.savedEntries }
    let inDiary = try Diary(path: diaryPath).entryCount()
    print("web load: \(tabs) tabs, each logging \"\(meal)\" (analyze + save) once a second for \(seconds) s, default rate limits")
    print(String(format: "  %d requests in %.1f s: %.1f requests/s; latency median %.1f ms, p95 %.1f ms, max %.1f ms",
        latencies.count, elapsed, Double(latencies.count) / elapsed, Statistics.median(latencies),
        Statistics.percentile(latencies, 95), latencies.max() ?? 0))
    print("  refused with 429: \(results.reduce(0) { $0 + $1.refused }); other failures: \(results.reduce(0) { $0 + $1.failed })")
    print("  entries saved: \(saved); in the diary: \(inDiary); lost: \(saved - inDiary)")
    return saved == inDiary ? 0 : 1
}
