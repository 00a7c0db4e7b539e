import ArgumentParsing
import DialogueMemo
import Evaluation
import Foundation
import QuickLog
import VerbatimPaths
import VerbatimWeb

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `web`: the web app over loopback against the CLI's in-process path. A page load (the food
/// page, its assets and the data it asks for on load; goal ≤ 200 ms) and a food log round trip
/// (analyze + save over HTTP, against `QuickLog.analyze` + `save` in process; goal ≤ CLI + 100 ms).
func webBenchmarkCommand() -> Command {
    Command(
        name: "web", abstract: "Page-load time and a food-log round trip over HTTP vs the CLI's in-process time.",
        options: [
            .value("runs", "N", help: "Runs of each measurement (default 20)."),
            .value("meal", "TEXT", help: "The meal to log (default: \"2 eggs, toast and a coffee\")."),
            .flag("browser", help: "Also time the page in headless Chromium (Tests/Browser/web_app_test.py --only pageload)."),
            .value("load", "TABS", help: "Instead: TABS tabs each logging a meal (analyze + save) once a second, default limits."),
            .value("seconds", "N", help: "How long the load runs (default 10)."),
        ],
        run: { arguments in
            let runs = max(1, try arguments.integer("runs") ?? 20)
            let meal = arguments.value("meal") ?? "2 eggs, toast and a coffee"
            if let tabs = try arguments.integer("load") {
                return try await webLoad(tabs: max(1, tabs), seconds: max(1, try arguments.integer("seconds") ?? 10), meal: meal)
            }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-bench-web-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }

            // Rules only on both paths: this measures the server, not the model.
            let web = try WebServer(
                port: 0, notes: folder.appendingPathComponent("notes"),
                diaryPath: folder.appendingPathComponent("web.sqlite").path, usesModel: false, changesPerSecond: 1_000,
                modelStepsPerSecond: 1_000)  // back-to-back analyses and saves
            defer { web.stop() }
            let client = BenchClient(base: web.url, token: web.token)
            let clock = ContinuousClock()

            // Page load: the page, then what it loads, one after another (a browser fetches in parallel).
            let page = ["food", "assets/app.css", "assets/common.js", "assets/food.js", "assets/icon.svg",
                        "api/food/day", "api/food/chart/day.svg", "api/food/chart/week.svg"]
            _ = try await client.get(page[0])
            var loads: [Double] = []
            for _ in 0..<runs {
                let start = clock.now
                for path in page { _ = try await client.get(path) }
                loads.append((clock.now - start) / .milliseconds(1))
            }

            // Food log round trip over HTTP (analyze, then save) and the CLI's in-process path
            // (`verbatim food log --yes` without printing), each warmed up once, then interleaved.
            let database = try? NutritionDatabase.installed()
            let quickLog = QuickLog(
                parser: FoodParser(usesModel: false, database: database), database: database,
                estimator: nil, diary: try Diary(path: folder.appendingPathComponent("cli.sqlite").path))
            var overHTTP: [Double] = []
            var inProcess: [Double] = []
            for run in 0...runs {
                var start = clock.now
                let review = try await client.post("api/food/analyze", ["text": meal])
                guard let id = review["id"] as? String else { throw WebError.failed("no review ID in \(review)") }
                _ = try await client.post("api/food/save", ["review": id])
                if run > 0 { overHTTP.append((clock.now - start) / .milliseconds(1)) }
                start = clock.now
                var local = await quickLog.analyze(meal)
                try quickLog.save(&local)
                if run > 0 { inProcess.append((clock.now - start) / .milliseconds(1)) }
            }
            let cli = Statistics.median(inProcess), http = Statistics.median(overHTTP)
            print("web app at \(web.url), \(runs) runs each, medians (p95):")
            print(String(
                format: "  page load (food page + 7 requests, sequential): %.1f ms (p95 %.1f ms)   goal ≤ 200 ms: %@",
                Statistics.median(loads), Statistics.percentile(loads, 95), Statistics.median(loads) <= 200 ? "met" : "MISSED"))
            print(String(format: "  food log, CLI in process (analyze + save):     %.1f ms (p95 %.1f ms)", cli, Statistics.percentile(inProcess, 95)))
            print(String(
                format: "  food log over HTTP (analyze + save):           %.1f ms (p95 %.1f ms)   goal ≤ CLI + 100 ms: %@ (+%.1f ms)",
                http, Statistics.percentile(overHTTP, 95), http <= cli + 100 ? "met" : "MISSED", http - cli))
            if arguments.flag("browser") { return await browserPageLoad(web.url) }
            return 0
        })
}

/// Runs the browser test script's page-load timing against the server (Selenium from the setup venv).
private func browserPageLoad(_ base: String) async -> Int32 {
    fflush(nil)  // every stream, so the figures above come first
    let cache = VerbatimPaths.current.cache.path
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/Browser/web_app_test.py").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: cache + "/venv/bin/python")
    process.arguments = [script, "--base", base, "--screenshots", FileManager.default.temporaryDirectory.path, "--only", "pageload"]
    do {
        try process.run()
    } catch {
        print("  page load in Chromium: cannot run \(script): \(error)")
        return 1
    }
    // The server in this process answers the browser meanwhile: wait without blocking a Swift thread.
    return await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            process.waitUntilExit()
            continuation.resume(returning: process.terminationStatus)
        }
    }
}

/// Requests as a page makes them: same origin, with the session token on changes.
struct BenchClient {
    let base: String
    let token: String

    func get(_ path: String) async throws -> Data {
        let (data, response) = try await URLSession.shared.data(for: URLRequest(url: URL(string: base + path)!))
        try check(response, path)
        return data
    }

    func post(_ path: String, _ body: [String: String]) async throws -> [String: Any] {
        let (status, object) = try await send(path, body)
        guard status == 200 else { throw WebError.failed("\(path) answered \(status)") }
        return object
    }

    /// A POST's status and JSON body, whatever the status.
    func send(_ path: String, _ body: [String: String]) async throws -> (status: Int, object: [String: Any]) {
        var request = URLRequest(url: URL(string: base + path)!)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(token, forHTTPHeaderField: RequestGuard.tokenHeader)
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
    }

    private func check(_ response: URLResponse, _ path: String) throws {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw WebError.failed("\(path) answered \(status)") }
    }
}
