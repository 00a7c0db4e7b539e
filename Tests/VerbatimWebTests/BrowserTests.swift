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

/// The web app in a real headless Chromium (Tests/Browser/web_app_test.py, Selenium), against the
/// built `verbatim serve` in its own process with the real model, database and speech models, over
/// a temporary data folder: a meal logged, edited and saved; a typed memo and a spoken one saved (a
/// failed upload keeps the typed words; a silent microphone gives up after 5 s); cross-origin and
/// wrong-Host requests refused. Screenshots go to `VERBATIM_SCREENSHOTS` (the README's come from
/// there).
@Suite(.serialized, .enabled(ifInstalled: webAppParts), .requires(webAppParts))
struct BrowserTests {
    @Test func aPersonLogsAMealAndSavesTypedAndSpokenMemosInChromium() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ServeCommandTests.binary.path), "build verbatim first")
        let server = try ServedProcess()
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
        print(output, terminator: "")  // the steps, with the timings and what was recognized
        #expect(status == 0, "the browser run failed:\n\(output)")
        #expect(output.contains("PASS"), "\(output)")

        // The notes and the diary the pages wrote are the CLI's kind of files, in the temporary folders.
        let notes = try NoteStore(directory: server.notes).list()
        #expect(notes.count == 2, "\(notes)")
        let texts = try notes.map { try NoteStore(directory: server.notes).show(id: $0.id) }
        for text in texts { #expect(text.contains("Edited in the browser.")) }
        // The spoken answer, after a failed upload kept the typed words, holds both (words the
        // recognizer has always heard: through the fake microphone its audio varies by run).
        #expect(texts.contains { $0.contains("Typed first.") && $0.lowercased().contains("people who like") }, "\(texts)")
        // Three entries were saved; the day view then doubled the first one's grams and deleted it.
        let entries = try Diary(path: server.diaryPath).entries(on: .today)
        #expect(entries.count == 2, "\(entries.map(\.mention))")
        #expect(!entries.contains { $0.mention == "2 eggs" }, "the deleted entry is still in the diary")
        #expect(entries.allSatisfy { $0.meal == .breakfast }, "the meal chosen in review was not used")
        for name in ["web-food-review", "web-food-day", "web-memo-review", "web-memo-saved", "web-memo-voice-review", "web-memo-watchdog"] {
            #expect(FileManager.default.fileExists(atPath: shots.appendingPathComponent(name + ".png").path), "\(name).png")
        }
    }
}
