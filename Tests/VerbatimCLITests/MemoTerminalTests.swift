import DialogueMemo
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `verbatim memo` driven through a pseudo-terminal, keystroke by keystroke, as a person uses it.
/// The model path is missing on purpose, so the questions come from the rules and the run is
/// the same on every machine; the expected questions come from the engine itself.
@Suite(.serialized) struct MemoTerminalTests {
    static let idea =
        "An app idea: a shared shopping list for flatmates that sorts items by the aisles of the nearest supermarket."
    static let answers = [
        "Nobody knows who already bought the milk.",
        "I waste money on things we already have at home.",
        "I could try it with my own flat for a month.",
    ]
    static let addition = "And it has to work offline inside the shop."

    /// A fresh data folder and the `verbatim` binary on a new terminal.
    struct Run {
        let terminal: PseudoTerminal
        let folder: URL

        init() throws {
            let binary = try #require(Self.verbatim(), "the verbatim executable is not built (run scripts/swiftpm.sh build)")
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-pty-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let environment = [
                "PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_DATA_HOME": folder.path, "LANG": "C.UTF-8",
                "TERM": "dumb", "VERBATIM_THREADS": "1",
            ]
            terminal = try PseudoTerminal(
                executable: binary,
                arguments: ["memo", "--lang", "en", "--model", folder.appendingPathComponent("no-model.gguf").path],
                environment: environment)
        }

        func files(in name: String) -> [URL] {
            let directory = folder.appendingPathComponent("verbatim/\(name)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0) }
        }

        var notes: [URL] { files(in: "notes") }
        var drafts: [URL] { files(in: "drafts") }

        static func verbatim() -> URL? {
            let candidates = [
                Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
                URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            ]
            return candidates.map { $0.appendingPathComponent("verbatim") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }
    }

    /// The questions the rules ask for the scripted answers, and why the exchange ends.
    static func expectedDialogue() async -> (questions: [String], notice: String?) {
        var engine = DialogueEngine(language: .english, access: .rulesOnly)
        engine.start(idea: idea)
        var questions: [String] = []
        var answers = Self.answers[...]
        while case .ask(_, let question) = await engine.nextQuestion() {
            questions.append(question)
            guard let answer = answers.popFirst() else { break }
            engine.answer(answer)
        }
        return (questions, engine.endingNotice)
    }

    /// Types the idea and every answer, and waits for the ending notice and the closing prompt.
    static func answerEveryQuestion(in run: Run) async throws {
        let (questions, notice) = await expectedDialogue()
        #expect(questions.count == answers.count, "the rules ask one question per scripted answer")
        let terminal = run.terminal
        try #require(terminal.waitFor(QuestionCatalog.opening(language: .english)), "\(terminal.output)")
        terminal.type(idea)
        for (question, answer) in zip(questions, answers) {
            try #require(terminal.waitFor(question), "\(terminal.output)")
            terminal.type(answer)
        }
        let line = try #require(notice, "the scripted dialogue ends by itself")
        try #require(terminal.waitFor(line), "\(terminal.output)")
        let closing = QuestionCatalog.closing(language: .english) + " " + QuestionCatalog.closingHint(language: .english)
        try #require(terminal.waitFor(closing), "\(terminal.output)")
    }

    /// Types the idea and the first answer, and waits for the second question.
    static func answerFirstQuestion(in run: Run) async throws {
        let (questions, _) = await expectedDialogue()
        try #require(questions.count >= 2)
        let terminal = run.terminal
        try #require(terminal.waitFor(QuestionCatalog.opening(language: .english)), "\(terminal.output)")
        terminal.type(idea)
        try #require(terminal.waitFor(questions[0]), "\(terminal.output)")
        terminal.type(answers[0])
        try #require(terminal.waitFor(questions[1]), "\(terminal.output)")
    }

    /// Every sentence of the idea and the first answer is in a note or draft.
    static func expectIdeaAndFirstAnswer(in text: String) {
        for sentence in SourceSentences.sources(from: [idea, answers[0]], language: "en") {
            #expect(text.contains(sentence), "\(sentence) missing from \(text)")
        }
    }

    @Test func nothingIsSavedUntilTheReviewGetsAnExplicitAccept() async throws {
        let run = try Run()
        defer { try? FileManager.default.removeItem(at: run.folder) }
        let terminal = run.terminal
        try await Self.answerEveryQuestion(in: run)
        terminal.type(Self.addition)
        let prompt = ReviewReply.prompt(language: .english)
        let reminder = ReviewReply.reminder(language: .english)
        try #require(terminal.waitFor(prompt), "\(terminal.output)")
        #expect(run.notes.isEmpty && run.drafts.isEmpty)

        // Replies that are not a choice — one starts with "a", as a late answer might — re-ask.
        for (index, reply) in ["and it should be free", "ok", "yes"].enumerated() {
            terminal.type(reply)
            try #require(terminal.waitFor(reminder, count: index + 1), "\(terminal.output)")
            try #require(terminal.waitFor(prompt, count: index + 2), "\(terminal.output)")
            #expect(run.notes.isEmpty, "saved after '\(reply)'")
        }
        #expect(run.notes.isEmpty && run.drafts.isEmpty)

        terminal.type("a")
        #expect(terminal.waitForExit() == 0, "\(terminal.output)")
        #expect(terminal.output.contains("Saved "))
        let notes = run.notes
        try #require(notes.count == 1, "\(terminal.output)")
        let saved = try String(contentsOf: notes[0], encoding: .utf8)
        for sentence in SourceSentences.sources(from: [Self.idea] + Self.answers + [Self.addition], language: "en") {
            #expect(saved.contains(sentence), "\(sentence) missing from \(saved)")
        }
        #expect(run.drafts.isEmpty)
    }

    @Test func discardSavesNothing() async throws {
        let run = try Run()
        defer { try? FileManager.default.removeItem(at: run.folder) }
        try await Self.answerEveryQuestion(in: run)
        run.terminal.type("")
        try #require(run.terminal.waitFor(ReviewReply.prompt(language: .english)), "\(run.terminal.output)")
        run.terminal.type("d")
        #expect(run.terminal.waitForExit() == 0)
        #expect(run.terminal.output.contains(ReviewMessage.discarded.text(language: .english)))
        #expect(run.notes.isEmpty && run.drafts.isEmpty)
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aStopSignalDuringTheDialogueKeepsTheWordsAsADraft(_ signal: Int32) async throws {
        let run = try Run()
        defer { try? FileManager.default.removeItem(at: run.folder) }
        let terminal = run.terminal
        try await Self.answerFirstQuestion(in: run)
        terminal.send(signal)
        #expect(terminal.waitForExit() == 128 + signal, "\(terminal.output)")
        #expect(run.notes.isEmpty, "a stop is not an accept")
        let drafts = run.drafts
        try #require(drafts.count == 1, "\(terminal.output)")
        Self.expectIdeaAndFirstAnswer(in: try String(contentsOf: drafts[0], encoding: .utf8))
    }

    @Test func aStopSignalBeforeAnyWordEndsWithItsStatusAndSavesNothing() async throws {
        let run = try Run()
        defer { try? FileManager.default.removeItem(at: run.folder) }
        try #require(run.terminal.waitFor(QuestionCatalog.opening(language: .english)), "\(run.terminal.output)")
        run.terminal.send(SIGTERM)
        #expect(run.terminal.waitForExit() == 128 + SIGTERM, "\(run.terminal.output)")
        #expect(run.notes.isEmpty && run.drafts.isEmpty)
    }

    @Test func ctrlCDuringTheDialogueGoesToTheReviewWithTheWordsSoFar() async throws {
        let run = try Run()
        defer { try? FileManager.default.removeItem(at: run.folder) }
        let terminal = run.terminal
        try await Self.answerFirstQuestion(in: run)
        terminal.send(SIGINT)
        try #require(terminal.waitFor(ReviewMessage.interrupted.text(language: .english)), "\(terminal.output)")
        try #require(terminal.waitFor(ReviewReply.prompt(language: .english)), "\(terminal.output)")
        #expect(run.notes.isEmpty && run.drafts.isEmpty)
        terminal.type("a")
        #expect(terminal.waitForExit() == 0, "\(terminal.output)")
        let notes = run.notes
        try #require(notes.count == 1, "\(terminal.output)")
        Self.expectIdeaAndFirstAnswer(in: try String(contentsOf: notes[0], encoding: .utf8))
    }

    @Test func aStopSignalAtTheReviewPromptKeepsTheWordsAsADraft() async throws {
        let run = try Run()
        defer { try? FileManager.default.removeItem(at: run.folder) }
        try await Self.answerEveryQuestion(in: run)
        run.terminal.type(Self.addition)
        try #require(run.terminal.waitFor(ReviewReply.prompt(language: .english)), "\(run.terminal.output)")
        run.terminal.send(SIGTERM)
        #expect(run.terminal.waitForExit() == 128 + SIGTERM, "\(run.terminal.output)")
        #expect(run.notes.isEmpty)
        let drafts = run.drafts
        try #require(drafts.count == 1, "\(run.terminal.output)")
        let draft = try String(contentsOf: drafts[0], encoding: .utf8)
        #expect(draft.contains(Self.addition))
    }
}
