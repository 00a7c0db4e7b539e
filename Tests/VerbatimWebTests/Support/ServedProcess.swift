import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The built `verbatim serve` in its own process, over a temporary `XDG_DATA_HOME`, as a person
/// starts it. Its requests run on its own cooperative threads, so the other suites of this test
/// process (which may keep the test process's threads busy for seconds) cannot stall its pages.
final class ServedProcess: Sendable {
    let folder: URL
    let port: Int
    /// The first line it printed (the address to open).
    let firstLine: String
    private let process: Process
    var notes: URL { folder.appendingPathComponent("verbatim/notes") }
    var diaryPath: String { folder.appendingPathComponent("verbatim/food/diary.sqlite").path }

    /// Starts the server and waits until it prints its address.
    /// - Throws: when the binary is missing or the server does not start within 30 s.
    init(arguments: [String] = []) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-served-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        port = try ServeCommandTests.freePort()
        process = Process()
        process.executableURL = ServeCommandTests.binary
        process.arguments = ["serve", "--port", String(port)] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": folder.path]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        let deadline = Date().addingTimeInterval(120)
        while !line.contains(0x0A), Date() < deadline, process.isRunning {
            line.append(output.fileHandleForReading.availableData)
        }
        firstLine = String(decoding: line, as: UTF8.self)
        guard firstLine.hasPrefix("Verbatim is running at") else {
            if process.isRunning { process.terminate() }
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "verbatim serve did not start: \(firstLine)"])
        }
    }

    /// Stops it as Ctrl-C does and waits until it has exited.
    /// - Returns: Whether it is still running (it should not be).
    func interrupt() -> Bool {
        if process.isRunning {
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
        }
        return process.isRunning
    }

    /// The exit status once it has exited (a signal's number when one ended it).
    var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    deinit {
        _ = interrupt()
        try? FileManager.default.removeItem(at: folder)
    }
}
