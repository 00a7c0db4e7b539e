import AssetRequirements
import DialogueMemo
import Foundation
import LanguageModels
import QuickLog
import Speech
import Testing
@testable import VerbatimWeb

/// Chromium, chromedriver and Selenium, as `scripts/setup-web.sh` installs them.
let browserParts: InstalledAsset = {
    let python = BrowserRun.python
    let fileManager = FileManager.default
    let hasSelenium = BrowserRun.run(python, ["-c", "import selenium"]) == 0
    return InstalledAsset(
        isInstalled: fileManager.isExecutableFile(atPath: "/usr/bin/chromium")
            && fileManager.isExecutableFile(atPath: "/usr/bin/chromedriver") && hasSelenium,
        missing: "chromium, chromium-driver or selenium is missing (run scripts/setup.sh, which runs scripts/setup-web.sh)")
}()

/// Everything the real-browser run needs: the browser, the default model, the nutrition
/// database and the speech models.
let webAppParts = InstalledAsset(
    isInstalled: browserParts.isInstalled && SystemLanguageModel.default.availability == .available
        && (try? NutritionDatabase.installed()) != nil && (try? SpeechResources.load()) != nil,
    missing: "the browser, the model, the nutrition database or the speech setup is missing (run make setup)")

/// The web app in a real headless Chromium (Tests/Browser/web_app_test.py, Selenium), against a
/// real server with the real model, database and speech models, over temporary folders: a meal
/// logged, edited and saved; a typed memo and a spoken one saved (a failed upload keeps the typed
/// words; a silent microphone gives up after 5 s); cross-origin and wrong-Host requests refused. Screenshots go to `VERBATIM_SCREENSHOTS` (the README's come from there).
@Suite(.serialized, .enabled(ifInstalled: webAppParts), .requires(webAppParts))
struct BrowserTests {
    @Test func aPersonLogsAMealAndSavesTypedAndSpokenMemosInChromium() async throws {
        let server = try TemporaryServer(usesModel: true)
        let shots = ProcessInfo.processInfo.environment["VERBATIM_SCREENSHOTS"].map { URL(fileURLWithPath: $0) }
            ?? server.folder.appendingPathComponent("screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)

        // The spoken answer: espeak-ng renders it, with quiet before and after, as a person would
        // pause; Chromium plays the file as its microphone.
        let voice = SpeechSynthesizer(language: "en", outputSampleRate: 48_000)
        let speech = try voice.renderSpeech("It is for people who like to cook at home.").resampled(to: 48_000)
        var answer = PCMBuffer(silenceOf: 0.4, sampleRate: 48_000)
        answer.append(speech)
        answer.append(PCMBuffer(silenceOf: 3, sampleRate: 48_000))
        let wav = server.folder.appendingPathComponent("answer.wav")
        try WAVFile.write(answer, to: wav)
        let silent = server.folder.appendingPathComponent("silence.wav")
        try WAVFile.write(PCMBuffer(silenceOf: 2, sampleRate: 48_000), to: silent)

        let (status, output) = await BrowserRun.script(
            base: "http://127.0.0.1:\(server.port)/", screenshots: shots.path, wav: wav.path, silentWAV: silent.path)
        #expect(status == 0, "the browser run failed:\n\(output)")
        #expect(output.contains("PASS"), "\(output)")

        // The notes and the diary the pages wrote are the CLI's kind of files, in the temporary folders.
        let notes = try NoteStore(directory: server.notes).list()
        #expect(notes.count == 2, "\(notes)")
        let texts = try notes.map { try NoteStore(directory: server.notes).show(id: $0.id) }
        for text in texts { #expect(text.contains("Edited in the browser.")) }
        // The spoken answer, after a failed upload kept the typed words, holds both.
        #expect(texts.contains { $0.contains("Typed first.") && $0.lowercased().contains("cook at home") }, "\(texts)")
        let entries = try Diary(path: server.diaryPath).entries(on: .today)
        #expect(entries.count == 3)
        #expect(entries.contains { $0.mention == "2 eggs" && $0.quantity == 3 }, "the edited amount was not saved")
        for name in ["web-food-review", "web-food-day", "web-memo-review", "web-memo-saved", "web-memo-voice-review", "web-memo-watchdog"] {
            #expect(FileManager.default.fileExists(atPath: shots.appendingPathComponent(name + ".png").path), "\(name).png")
        }
    }
}

/// Runs the Python browser script from the project's environment.
enum BrowserRun {
    static var python: String {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["VERBATIM_CACHE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.cache") + "/verbatim"
        return cache + "/venv/bin/python"
    }

    static var scriptPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/web_app_test.py").path
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
