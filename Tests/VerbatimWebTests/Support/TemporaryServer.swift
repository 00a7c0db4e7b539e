import DialogueMemo
import Foundation
import QuickLog
@testable import VerbatimWeb

/// A real web server on a free loopback port over temporary notes and diary folders.
final class TemporaryServer: Sendable {
    let folder: URL
    let server: HTTPServer
    let app: WebApp
    let checks: RequestGuard
    var port: Int { server.port }
    var notes: URL { folder.appendingPathComponent("notes") }
    var diaryPath: String { folder.appendingPathComponent("diary.sqlite").path }

    /// Rules only by default (no model), so the security tests are fast.
    init(
        usesModel: Bool = false, requestsPerSecond: Double = 100, changesPerSecond: Double = 20,
        modelStepsPerSecond: Double = 10
    ) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let food = try FoodService.standard(diaryPath: folder.appendingPathComponent("diary.sqlite").path, usesModel: usesModel)
        let memo = MemoService(
            model: usesModel ? .configured() : nil, store: NoteStore(directory: folder.appendingPathComponent("notes")))
        app = try WebApp(food: food, memo: memo, voice: VoiceService())
        server = try HTTPServer(host: "127.0.0.1", port: 0, responder: app)
        checks = RequestGuard(
            host: "127.0.0.1", port: server.port, requestsPerSecond: requestsPerSecond, changesPerSecond: changesPerSecond,
            modelStepsPerSecond: modelStepsPerSecond)
        app.protect(with: checks)
    }

    var client: LoopbackClient { LoopbackClient(port: port) }

    /// Headers of a same-origin request from one of the app's pages.
    var pageHeaders: [String: String] {
        ["Origin": "http://127.0.0.1:\(port)", RequestGuard.tokenHeader: checks.token, "Content-Type": "application/json"]
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}
