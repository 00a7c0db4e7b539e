import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built `verbatim serve` as a person starts it: it prints the address, serves the app there,
/// refuses bad options, and stops on SIGINT.
@Suite(.serialized) struct ServeCommandTests {
    /// `verbatim`, built next to this test bundle.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("verbatim")

    /// A port nothing listens on now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    @Test func servePrintsItsAddressServesTheAppThereAndStopsOnSIGINT() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build verbatim first")
        let server = try ServedProcess(arguments: ["--rules-only"])
        // The first line names the address.
        #expect(server.firstLine.hasPrefix("Verbatim is running at http://127.0.0.1:\(server.port)/"), "\(server.firstLine)")

        let page = try await LoopbackClient(port: server.port).send("GET", "/memo")
        #expect(page.status == 200)
        #expect(page.text.contains("verbatim-token"))
        #expect(try await LoopbackClient(port: server.port).send("GET", "/memo", host: "evil.example:\(server.port)").status == 421)

        #expect(!server.interrupt())
        #expect(server.exitStatus == 0, "a clean shutdown exits with 0")
        #expect(!FileManager.default.fileExists(atPath: server.notes.path), "nothing was saved")
    }

    @Test func aRequestIsAnsweredWithoutWaitingForIdleConnectionsToTimeOut() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build verbatim first")
        let server = try ServedProcess(arguments: ["--rules-only"])
        // Idle sockets such as browsers keep open: with a thread per connection, 100 of them
        // stalled every other request for the 30 s idle timeout.
        let idle = try (0..<300).map { _ in try IdleConnection(port: server.port) }
        defer { idle.forEach { $0.close() } }
        let reply = try await LoopbackClient(port: server.port).send("GET", "/api/status")
        #expect(reply.status == 200)
        // Blocked behind them, the request would be answered only once the server had timed the
        // idle connections out and closed them; answered first, it finds them all still open. (No
        // bound in seconds: a fully loaded test run took 12 s to answer at all.)
        let closed = idle.filter { !$0.isOpen }.count
        #expect(closed == 0, "\(closed) of 300 idle connections were closed before GET /api/status was answered")
        #expect(!server.interrupt())
        #expect(server.exitStatus == 0)
    }

    @Test func badOptionsAreUsageErrors() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build verbatim first")
        for arguments in [["serve", "--port", "70000"], ["serve", "--port", "http"], ["serve", "extra"]] {
            let (process, _, errors) = try run(arguments)
            process.waitUntilExit()
            #expect(process.terminationStatus == 64, "\(arguments)")
            #expect(!errors.fileHandleForReading.readDataToEndOfFile().isEmpty, "\(arguments) said nothing")
        }
        let (help, output, _) = try run(["serve", "--help"])
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        help.waitUntilExit()
        #expect(help.terminationStatus == 0)
        for option in ["--port", "--host", "--rules-only", "127.0.0.1"] { #expect(text.contains(option), "\(option)") }
    }
}
