public import DialogueMemo
public import Foundation
public import LanguageModels
public import QuickLog

/// `verbatim serve`: the web app on an HTTP server, over the same engines and storage as the CLI.
public final class WebServer: Sendable {
    /// The default port; the next free one is taken when it is in use.
    public static let defaultPort = 8080
    /// The server.
    public let server: HTTPServer
    /// The app and its checks.
    public let app: WebApp
    /// The session token pages carry.
    public let token: String

    /// The address to open in a browser.
    public var url: String { "http://\(server.host):\(server.port)/" }

    /// Starts the app.
    /// - Parameters:
    ///   - host: The address to bind (loopback unless the person asked otherwise).
    ///   - port: An exact port (0: any free one), or `nil` for ``defaultPort`` or the next free one.
    ///   - model: The model memo questions and food estimates use.
    ///   - notes: The notes folder.
    ///   - diaryPath: The food diary.
    ///   - usesModel: Whether to load the model at all (`false`: rules only, and no note search).
    ///   - changesPerSecond: The sustained rate of state-changing requests allowed per client (see ``RequestGuard``).
    ///   - modelStepsPerSecond: The sustained rate of requests that may run a model, per client.
    /// - Throws: ``WebError`` when no port can be bound or the diary cannot be opened.
    public init(
        host: String = "127.0.0.1", port: Int? = nil, model: SystemLanguageModel = .configured(),
        notes: URL = NoteStore.defaultDirectory(), diaryPath: String = Diary.defaultPath(), usesModel: Bool = true,
        changesPerSecond: Double = 20, modelStepsPerSecond: Double = 10
    ) throws(WebError) {
        let food: FoodService
        do {
            food = try FoodService.standard(diaryPath: diaryPath, usesModel: usesModel)
        } catch {
            throw .failed("cannot open the food diary at \(diaryPath): \(error)")
        }
        let memo = MemoService(model: usesModel ? model : nil, store: NoteStore(directory: notes), searchesNotes: usesModel)
        let app = try WebApp(food: food, memo: memo, voice: VoiceService())
        let candidates = port.map { [$0] } ?? Array(Self.defaultPort..<(Self.defaultPort + 100))
        var started: HTTPServer?
        for candidate in candidates {
            if let server = try? HTTPServer(host: host, port: candidate, responder: app) {
                started = server
                break
            }
        }
        guard let started else { throw .cannotListen(host: host, port: port ?? Self.defaultPort) }
        let checks = RequestGuard(
            host: host, port: started.port, changesPerSecond: changesPerSecond, modelStepsPerSecond: modelStepsPerSecond)
        app.protect(with: checks)
        self.server = started
        self.app = app
        self.token = checks.token
    }

    /// Stops the server at once (requests in flight are cancelled).
    public func stop() { server.stop() }

    /// Stops taking requests (new ones get 503), lets those in flight finish for up to `grace`,
    /// then stops the server.
    public func shutDown(grace: Duration = .seconds(10)) async { await server.shutDown(grace: grace) }
}
