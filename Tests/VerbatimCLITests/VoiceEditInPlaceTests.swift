import AssetRequirements
import DialogueMemo
import Foundation
import Speech
import Testing
import VerbatimPaths

/// A recognized answer opens as an editable line in a terminal: the person fixes it in place and
/// Enter sends the edited words. Real parts: espeak-ng speaks the idea into a WAV file, whisper.cpp
/// transcribes it inside `verbatim memo --voice` on a pseudo-terminal, GNU readline edits it.
let speechParts = InstalledAsset(
    isInstalled: (try? SpeechResources.load()) != nil, missing: "the speech models are missing (run make setup)")

@Suite(.serialized, .enabled(ifInstalled: speechParts), .requires(speechParts))
struct VoiceEditInPlaceTests {
    @Test func aRecognizedAnswerIsEditedInPlaceAndTheEditIsWhatIsSaved() async throws {
        let binary = try #require(MemoTerminalTests.Run.verbatim(), "the verbatim executable is not built")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let idea = folder.appendingPathComponent("idea.wav")
        let voice = SpeechSynthesizer(language: "en", outputSampleRate: 22_050)
        try WAVFile.write(try voice.renderPrompt("I have an idea for a cooking club at work.", isFirst: false), to: idea)

        let terminal = try PseudoTerminal(
            executable: binary,
            arguments: [
                "memo", "--voice", "--lang", "en", "--model", folder.appendingPathComponent("no-model.gguf").path,
                "--input-wav", idea.path,
            ],
            environment: [
                "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_DATA_HOME": folder.path, "LANG": "C.UTF-8",
                "TERM": "dumb", "VERBATIM_THREADS": "1",
                // A fresh home for the data, the installed speech models from the real cache.
                "VERBATIM_CACHE": VerbatimPaths.current.cache.path,
            ])
        try #require(terminal.waitFor("Heard (edit it, Enter sends):", timeout: .seconds(180)), "\(terminal.output)")
        // The heard words are on the line already, after readline's prompt (typing earlier would go
        // to the terminal's own line editing, not readline's).
        try #require(terminal.waitFor("> "), "\(terminal.output)")
        try #require(terminal.waitFor("cooking", count: 2), "\(terminal.output)")
        // Ctrl-U clears the line, then the corrected words; Enter sends them.
        let edited = "A supper club for the whole office on Fridays."
        terminal.type("\u{15}" + edited)
        // The one recording is used up: the next question hears nothing, and the review opens.
        try #require(terminal.waitFor(ReviewReply.prompt(language: .english), timeout: .seconds(180)), "\(terminal.output)")
        terminal.type("a")
        #expect(terminal.waitForExit(timeout: .seconds(180)) == 0, "\(terminal.output)")

        let notes = folder.appendingPathComponent("verbatim/notes")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: notes.path))?.filter { $0.hasSuffix(".md") } ?? []
        try #require(names.count == 1, "\(terminal.output)")
        let saved = try String(contentsOf: notes.appendingPathComponent(names[0]), encoding: .utf8)
        #expect(saved.contains(edited), "\(saved)")
        #expect(!saved.lowercased().contains("cooking"), "the heard words were replaced: \(saved)")
    }
}
