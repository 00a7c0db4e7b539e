import AssetRequirements
import Foundation
import LanguageModels
import Synchronization

/// LoRA adapters for the default model written at test time by `scripts/make-test-adapter.py`
/// (seeded random weights, no training), with setup's Python environment; nothing binary is
/// committed. Each distinct set of arguments is written once per test process.
enum TestAdapter {
    /// The setup venv's Python, which has numpy and gguf.
    static let python = VerbatimConfiguration.current.cacheDirectory.appendingPathComponent("venv/bin/python")

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/make-test-adapter.py")

    /// What the adapter tests need: the default model and the Python that writes adapters for it.
    static let tools = InstalledAsset(
        isInstalled: SystemLanguageModel.default.availability == .available
            && FileManager.default.isExecutableFile(atPath: python.path),
        missing: "the default model or setup's Python environment is not installed (run make setup)")

    /// A folder for this process's adapters.
    static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("verbatim-adapters-\(ProcessInfo.processInfo.processIdentifier)")

    private static let written = Mutex<[[String]: URL]>([:])

    struct ScriptFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// The adapter the script writes for the default model with `arguments` (e.g. `--seed 7`).
    /// - Throws: ``ScriptFailed`` with the script's output when it fails.
    static func make(_ arguments: [String] = []) throws -> URL {
        if let url = written.withLock({ $0[arguments] }) { return url }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = arguments.isEmpty ? "default" : arguments.joined(separator: "_").filter { $0.isLetter || $0.isNumber || $0 == "_" }
        let output = folder.appendingPathComponent("\(name).gguf")
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "--output", output.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ScriptFailed(description: "make-test-adapter.py \(arguments) exited \(process.terminationStatus): \(log)")
        }
        written.withLock { $0[arguments] = output }
        return output
    }
}
