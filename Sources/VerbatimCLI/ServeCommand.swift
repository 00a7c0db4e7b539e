import ArgumentParsing
import Foundation
import LanguageModels
import VerbatimWeb

/// `verbatim serve`: the local web app for memos and the food diary.
func serveCommand() -> Command {
    Command(
        name: "serve",
        abstract: "Serve the web app (memos, typed or spoken, and the food diary) on this machine.",
        discussion: """
            Listens on 127.0.0.1 only, at port 8080 or the next free one, and prints the address to \
            open. The pages use the same engines and storage as the other commands: notes under \
            ${XDG_DATA_HOME:-~/.local/share}/verbatim/notes/, the diary at \
            ${XDG_DATA_HOME:-~/.local/share}/verbatim/food/diary.sqlite. Requests must name this \
            address in their Host header, and every change needs the page's session token, so other \
            sites cannot use the server. Ctrl-C stops it.
            """,
        options: [
            .value("port", "N", help: "The port (default: 8080, or the next free one)."),
            .value("host", "ADDRESS", help: "An IPv4 address to listen on instead of 127.0.0.1, the one browsers will use (other machines could reach it)."),
            .flag("rules-only", help: "Load no model: memo questions by rules, no food estimates."),
        ] + ModelOptions.options,
        run: { arguments in try await serve(arguments) })
}

private func serve(_ arguments: ParsedArguments) async throws -> Int32 {
    let port = try arguments.integer("port")
    if let port, !(1...65_535).contains(port) {
        throw UsageError.invalidValue(option: "port", value: String(port), expected: "a port from 1 to 65535")
    }
    let host = arguments.value("host") ?? "127.0.0.1"
    if host != "127.0.0.1" {
        StandardError.write(
            "verbatim serve: warning: listening on \(host), not loopback: anyone who can reach this address can use "
                + "the app, and nothing is encrypted.\n")
    }
    let model = try ModelOptions.model(from: arguments)
    let web: WebServer
    do {
        web = try WebServer(host: host, port: port, model: model, usesModel: !arguments.flag("rules-only"))
    } catch {
        StandardError.write("verbatim serve: \(error)\n")
        return 1
    }
    // Ctrl-C, SIGTERM or SIGHUP end the server cleanly: requests in flight finish (new ones get
    // 503), then the process exits after the model work has ended.
    let stopSignal = SignalWaiter(signals: [SIGINT, SIGTERM, SIGHUP])
    FileHandle.standardOutput.write(Data("Verbatim is running at \(web.url) (Ctrl-C stops it)\n".utf8))
    let received = await stopSignal.next()
    StandardError.write("verbatim serve: stopping (signal \(received)); requests in flight finish first\n")
    await web.shutDown()
    return 0
}

/// Waits for the first of some signals, which no longer end the process by themselves.
private final class SignalWaiter {
    private let stream: AsyncStream<Int32>
    private let forwarder: SignalForwarder

    init(signals numbers: [Int32]) {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        self.stream = stream
        forwarder = SignalForwarder(numbers) { continuation.yield($0) }
    }

    /// The first signal received (0 if the waiting task is cancelled).
    func next() async -> Int32 {
        for await number in stream { return number }
        return 0
    }
}
