import ArgumentParsing
import DialogueMemo
import Foundation
import LanguageModels
import Speech

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `verbatim memo`: speak (type) an unfinished idea, answer a few questions, review the note.
func memoCommand() -> Command {
    Command(
        name: "memo",
        abstract: "Turn an unfinished idea into a note by answering a few short questions.",
        discussion: """
            Interactive in a terminal: type the idea, answer each question (an empty line or \
            "that's all" finishes). When the questions end by themselves, you are told why and may add \
            one more thing. Then accept (a), edit (e: $VISUAL/$EDITOR, else vi) or discard (d) the note; \
            any other reply asks again, so nothing is saved without an accept. SIGTERM or SIGHUP keep \
            the words as a draft under ${XDG_DATA_HOME:-~/.local/share}/verbatim/drafts/. \
            The note holds your own sentences only; the model only picks questions (and a title from your words); a sentence encoder groups sentences.
            Scriptable: --answers FILE (first line the idea, then one answer per line, or a JSON array \
            of strings; a line left when the questions end is the one more thing), --json, --yes, --no-save. Notes are saved under \
            ${XDG_DATA_HOME:-~/.local/share}/verbatim/notes/.
            With --voice the questions are spoken and the answers recorded and transcribed on this \
            machine; in a terminal each recognized answer opens as an editable line (fix it in place, \
            Enter sends), unless --auto-send. If the audio fails, the dialogue continues by typing and keeps every \
            recognized word. --input-wav FILE (repeat it, one per answer) replaces the microphone.
            """,
        options: [
            .value("lang", "CODE", help: "Interface language: ja, en, es, fr or de (default: from LANG, else en)."),
            .value("answers", "FILE", help: "Read the idea and answers from a file instead of the terminal."),
            .flag("json", help: "Print the exchange record and the note as JSON."),
            .flag("yes", short: "y", help: "Save without review."),
            .flag("no-save", help: "Never save the note."),
            .flag("voice", help: "Ask aloud and listen to the answers."),
            .flag("auto-send", help: "With --voice: send recognized answers without confirmation."),
            .value("input-device", "NAME", help: "With --voice: ALSA capture device (default: default)."),
            .value("output-device", "NAME", help: "With --voice: ALSA playback device (default: default; null with --input-wav)."),
            .value("input-wav", "FILE", help: "With --voice: a recorded answer instead of the microphone (repeat, in order)."),
        ] + ModelOptions.options,
        subcommands: [memoListCommand(), memoShowCommand(), memoSearchCommand(), memoDeleteCommand()],
        run: { arguments in try await MemoRun(arguments: arguments).run() })
}

private func memoListCommand() -> Command {
    Command(name: "list", abstract: "List saved notes, newest first.") { _ in
        let store = NoteStore(directory: NoteStore.defaultDirectory())
        do {
            for entry in try store.list() { print("\(entry.id)  \(entry.title)") }
            return 0
        } catch {
            StandardError.write("verbatim memo list: \(error)\n")
            return 1
        }
    }
}

private func memoShowCommand() -> Command {
    Command(
        name: "show", abstract: "Print a saved note.", arguments: [Argument("ID", help: "The note's ID (see 'list').")]
    ) { arguments in
        let store = NoteStore(directory: NoteStore.defaultDirectory())
        do {
            print(try store.show(id: arguments.positional("ID") ?? ""), terminator: "")
            return 0
        } catch {
            StandardError.write("verbatim memo show: \(error)\n")
            return 1
        }
    }
}

/// One `verbatim memo` run: reads words, drives the engine, reviews and saves.
private struct MemoRun {
    let language: MemoLanguage
    let model: SystemLanguageModel
    let answersPath: String?
    let json: Bool
    let yes: Bool
    let noSave: Bool
    let interactive: Bool
    let voice: Bool
    let autoSend: Bool
    let inputDevice: String?
    let outputDevice: String?
    let inputWAVs: [String]

    init(arguments: ParsedArguments) throws(UsageError) {
        language = arguments.value("lang").map(MemoLanguage.init(code:))
            ?? MemoLanguage.fromEnvironment(ProcessInfo.processInfo.environment)
        model = try ModelOptions.model(from: arguments)
        answersPath = arguments.value("answers")
        json = arguments.flag("json")
        yes = arguments.flag("yes")
        noSave = arguments.flag("no-save")
        interactive = answersPath == nil && isatty(0) == 1
        voice = arguments.flag("voice")
        autoSend = arguments.flag("auto-send")
        inputDevice = arguments.value("input-device")
        outputDevice = arguments.value("output-device")
        inputWAVs = arguments.values["input-wav"] ?? []
    }

    func run() async -> Int32 {
        var input: AnswerSource
        if let answersPath {
            guard let data = FileManager.default.contents(atPath: answersPath) else {
                StandardError.write("verbatim memo: cannot read '\(answersPath)'\n")
                return 1
            }
            input = .scripted(Self.answers(fromFile: data)[...])
        } else {
            input = .standardInput(LineReader())
        }
        let access = ModelAccess.resolve(model, language: language)
        if let notice = access.notice { StandardError.write("verbatim memo: \(notice)\n") }

        // The dialogue runs in its own task, so Ctrl-C can cancel it between steps (or stop a
        // model request between tokens); the engine then finishes locally and the words stay. The
        // signals are watched before it asks anything.
        let signals = SignalWatcher(interruptsDialogue: interactive, language: language)
        let voiceTaker = voice ? makeVoiceTaker() : nil
        let dialogue = Task { [input] in
            let typed = TypedAnswers(source: input, show: say)
            if let voiceTaker {
                var answers = VoiceAnswers(
                    taker: voiceTaker, typing: typed, autoSend: autoSend || !interactive, showsPartials: interactive,
                    show: say)
                answers.editsInPlace = interactive && EditableLine.isInteractive
                var engine = await MemoDialogue.run(language: language, access: access, answers: &answers)
                let note = await engine.finish()
                return (engine, note, answers.typing?.source ?? input)
            }
            var answers = typed
            var engine = await MemoDialogue.run(language: language, access: access, answers: &answers)
            let note = await engine.finish()
            return (engine, note, answers.source)
        }
        signals.watch(dialogue)
        let (engine, note, remainingInput) = await dialogue.value
        signals.dialogueFinished()
        input = remainingInput
        var shown = note.note
        var savedID: String?
        var status: Int32 = 0
        if !json { print("\n" + shown.markdown, terminator: "") }

        let consent: SaveDecision.Consent =
            noSave ? .off : yes ? .inAdvance : interactive && !json ? .askable : .none
        var decision = SaveDecision.decide(
            hasWords: !note.sources.isEmpty, declinedToRecord: engine.finishReason == .declinedToRecord,
            personPresent: interactive, stopped: signals.termination != nil, consent: consent)
        var reviewed = false
        if decision == .review {
            // The review runs in its own task too, so SIGTERM or SIGHUP at the prompt stops it and
            // the note is kept as a draft; nothing is saved without an explicit accept.
            let reviewing = Task { [shown, input] in
                var note = shown
                var input = input
                let reply = review(&note, input: &input)
                return (reply, note)
            }
            signals.watch(reviewing)
            let reply: Review
            (reply, shown) = await reviewing.value
            reviewed = true
            decision = SaveDecision.decide(
                hasWords: !note.sources.isEmpty, declinedToRecord: engine.finishReason == .declinedToRecord,
                personPresent: true,
                stopped: reply == .ended && signals.termination != nil,
                consent: reply == .accept ? .accepted : reply == .discard ? .discarded : .none)
        }
        switch decision {
        case .save: (savedID, status) = save(shown)
        case .draft: status = keepDraft(shown, signal: signals.termination ?? SIGTERM)
        case .review: break  // decided again after the review
        case .nothing(.empty):
            StandardError.write("verbatim memo: nothing to save.\n")
            // Stopped before a word was said: still the status of a run ended by that signal.
            if let signal = signals.termination { status = 128 + signal }
        case .nothing(.savingOff): break  // Kept on screen only.
        case .nothing(.declinedToRecord):
            StandardError.write("verbatim memo: not saved, because you asked not to record this.\n")
        case .nothing(.discarded): StandardError.write(ReviewMessage.discarded.text(language: language) + "\n")
        case .nothing(.notAccepted) where reviewed:
            StandardError.write(ReviewMessage.notSaved.text(language: language) + "\n")
        case .nothing(.notAccepted):
            StandardError.write("verbatim memo: not saved (use --yes to save without review).\n")
        }
        // Saved notes are searchable at once (`memo search`); without the embedding model, later.
        if savedID != nil { await indexSavedNotes(in: NoteStore(directory: NoteStore.defaultDirectory())) }
        if json { printJSON(record: engine.record, note: note, shown: shown, savedID: savedID) }
        return status
    }

    /// The voice loop's devices and models, or `nil` (with the reason shown) when speech is not
    /// available; the dialogue then runs by typing.
    private func makeVoiceTaker() -> VoiceTurnTaker? {
        do {
            let resources = try SpeechResources.load()
            let code = language.rawValue
            guard inputWAVs.isEmpty else {
                var buffers: [PCMBuffer] = []
                for path in inputWAVs { buffers.append(try WAVFile.read(from: URL(fileURLWithPath: path))) }
                return VoiceTurnTaker(
                    synthesizer: SpeechSynthesizer(language: code, mecabDictionary: resources.mecabDictionary),
                    transcriber: try SpeechRecognizer(resources: resources, options: .init(language: code)),
                    output: ALSAOutput(device: outputDevice ?? "null"),
                    input: WAVPlaylistMicrophone(buffers: buffers))
            }
            return try VoiceTurnTaker.live(
                language: code, resources: resources, outputDevice: outputDevice ?? "default",
                inputDevice: inputDevice ?? "default")
        } catch {
            StandardError.write("verbatim memo: voice unavailable (\(error)); continue by typing.\n")
            return nil
        }
    }

    /// Typed (or scripted) answers: each question is shown, the next line is the answer.
    struct TypedAnswers: AnswerProvider {
        var source: AnswerSource
        let show: @Sendable (String) -> Void

        mutating func answer(to question: String, isFirst: Bool) async -> String? {
            show(question)
            return source.next()
        }

        /// Typed, the closing prompt says that Enter skips it.
        mutating func answerClosing(_ prompt: String, language: MemoLanguage) async -> String? {
            await answer(to: prompt + " " + QuestionCatalog.closingHint(language: language), isFirst: false)
        }
    }

    /// Where answers come from: a file's lines or standard input (EOF ends the dialogue).
    enum AnswerSource: Sendable {
        case scripted(ArraySlice<String>)
        case standardInput(LineReader)

        mutating func next() -> String? {
            switch self {
            case .scripted(var rest):
                let line = rest.popFirst()
                self = .scripted(rest)
                return line
            case .standardInput(var reader):
                let line = reader.next()
                self = .standardInput(reader)
                return line
            }
        }
    }

    /// A JSON array of strings, else one answer per line (the idea first).
    static func answers(fromFile data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        if text.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("["),
            let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
        {
            return array
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        }
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    @Sendable private func say(_ text: String) {
        if json || !interactive && answersPath != nil {
            StandardError.write(text + "\n")
        } else {
            print(text)
        }
    }

    /// What the review ended with: an explicit accept or discard, or the end of input (or a
    /// stop signal) with no choice made.
    private enum Review { case accept, discard, ended }

    /// Asks until the reply is one of the choices; anything else re-asks, so a late answer or a
    /// stray word never saves the note.
    private func review(_ note: inout Note, input: inout AnswerSource) -> Review {
        while true {
            // Unbuffered, so the prompt shows before the reply is read.
            FileHandle.standardOutput.write(Data(("\n" + ReviewReply.prompt(language: language)).utf8))
            guard let line = input.next() else { return .ended }
            switch ReviewReply(line) {
            case .accept: return .accept
            case .discard: return .discard
            case .edit:
                if let edited = edit(note) {
                    note = edited
                    print("\n" + note.markdown, terminator: "")
                }
            case nil:
                FileHandle.standardOutput.write(Data((ReviewReply.reminder(language: language) + "\n").utf8))
            }
        }
    }

    /// Opens the note's Markdown in `$VISUAL`, `$EDITOR` or `vi`, like `git commit`, and reads
    /// the edited note back; `nil` when it fails.
    private func edit(_ note: Note) -> Note? {
        let environment = ProcessInfo.processInfo.environment
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-memo-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try Data(note.markdown.utf8).write(to: file)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", editor + " \"$@\"", editor, file.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: file.path) else {
                StandardError.write("verbatim memo: the editor failed; the note is unchanged.\n")
                return nil
            }
            return Note(markdown: String(decoding: data, as: UTF8.self))
        } catch {
            StandardError.write("verbatim memo: cannot run '\(editor)': \(error.localizedDescription)\n")
            return nil
        }
    }

    private func save(_ note: Note) -> (String?, Int32) {
        let store = NoteStore(directory: NoteStore.defaultDirectory())
        do {
            let id = try store.save(note)
            StandardError.write(ReviewMessage.saved(id: id).text(language: language) + "\n")
            return (id, 0)
        } catch {
            StandardError.write("verbatim memo: \(error)\n")
            return (nil, 1)
        }
    }

    /// Keeps the words of a stopped run as a draft (not a note: `memo list` does not show it)
    /// and returns the exit status of a run ended by `signal`.
    private func keepDraft(_ note: Note, signal: Int32) -> Int32 {
        let store = NoteStore(directory: NoteStore.defaultDraftsDirectory())
        do {
            let id = try store.save(note)
            StandardError.write(ReviewMessage.keptAsDraft(path: store.url(for: id).path).text(language: language) + "\n")
            return 128 + signal
        } catch {
            // The note was printed (or is in the JSON); say why it is not on disk as well.
            StandardError.write("verbatim memo: \(error)\n")
            return 1
        }
    }

    private struct Output: Encodable {
        var record: ExchangeRecord
        var note: MemoNote
        var savedID: String?
    }

    /// Prints the record and the note as it was shown last (edited, when it was).
    private func printJSON(record: ExchangeRecord, note: MemoNote, shown: Note, savedID: String?) {
        var note = note
        note.note = shown
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Output(record: record, note: note, savedID: savedID)) else { return }
        print(String(decoding: data, as: UTF8.self))
    }
}

/// Reads lines from standard input without blocking cancellation: it polls, so a cancelled task
/// stops waiting (as at the end of input). Invalid UTF-8 is repaired with U+FFFD, never fatal.
private struct LineReader: Sendable {
    private var buffer: [UInt8] = []
    private var atEnd = false

    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == 0x0D { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            if Task.isCancelled { return nil }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            if ready < 0 {
                atEnd = true
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 4_096)
            let count = read(0, &chunk, chunk.count)
            if count > 0 {
                buffer += chunk[..<count]
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                atEnd = true
            }
        }
    }
}
