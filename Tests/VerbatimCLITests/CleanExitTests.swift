import AssetRequirements
import Foundation
import LanguageModels
import Testing

/// The real default model installed by setup.
let realModel = InstalledAsset(
    isInstalled: SystemLanguageModel.default.availability == .available,
    missing: "the default model is not installed (run make setup)")

/// `verbatim memo` with the real model, run as a script runs it, again and again: every run must
/// exit with status 0. The process used to exit while the model still computed in the background
/// (the next question's prompt, the layout's read-ahead), and about half of such runs ended in
/// SIGSEGV after printing the note.
@Suite(.serialized, .enabled(ifInstalled: realModel), .requires(realModel))
struct CleanExitTests {
    static let answers = [
        "An app idea: a shared shopping list for flatmates that sorts items by aisle. It should work offline.",
        "Mostly students who share a flat. They argue about who forgot the milk.",
        "It would learn each store's layout from the order items are ticked off. Nobody maps anything by hand.",
    ]

    @Test func scriptedMemoRunsAllExitWithStatusZero() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("verbatim")
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build verbatim first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let answers = folder.appendingPathComponent("answers.txt")
        try (Self.answers.joined(separator: "\n") + "\n").write(to: answers, atomically: true, encoding: .utf8)
        for run in 1...6 {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["memo", "--answers", answers.path, "--json", "--no-save", "--lang", "en"]
            process.environment = ProcessInfo.processInfo.environment.merging(["XDG_DATA_HOME": folder.path]) { _, new in new }
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "run \(run) ended by signal \(process.terminationStatus)")
            #expect(process.terminationStatus == 0, "run \(run) exited with \(process.terminationStatus)")
            #expect(String(decoding: printed, as: UTF8.self).contains("\"markdown\""), "run \(run) printed no note")
        }
    }
}
