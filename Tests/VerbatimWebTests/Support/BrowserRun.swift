import Foundation

/// Runs the Python browser script from the project's environment.
enum BrowserRun {
    static var python: String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["VERBATIM_CACHE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.cache") + "/verbatim"
        return cache + "/venv/bin/python"
    }

    static var scriptPath: String {
        // Tests/VerbatimWebTests/Support/BrowserRun.swift → Tests/Browser/web_app_test.py
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Browser/web_app_test.py").path
    }

    /// Runs a command and waits (for quick checks only).
    static func run(_ executable: String, _ arguments: [String]) -> Int32 {
        guard FileManager.default.isExecutableFile(atPath: executable) else { return -1 }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs the browser script without blocking a Swift concurrency thread (the server in this
    /// process answers the browser meanwhile); stops it after 10 minutes.
    static func script(base: String, screenshots: String, wav: String, silentWAV: String) async -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [scriptPath, "--base", base, "--screenshots", screenshots, "--wav", wav, "--silent-wav", silentWAV]
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-browser-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        guard let handle = try? FileHandle(forWritingTo: output) else { return (-1, "cannot write \(output.path)") }
        process.standardOutput = handle
        process.standardError = handle
        let status: Int32 = await withCheckedContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: -1)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 600) { if process.isRunning { process.terminate() } }
        }
        try? handle.close()
        return (status, (try? String(contentsOf: output, encoding: .utf8)) ?? "")
    }
}
