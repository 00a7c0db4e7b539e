import ArgumentParsing
import DialogueMemo
import Evaluation
import Foundation
import LanguageModels
import VerbatimCLI

/// `verbatim-eval memos --data FILE.jsonl`: runs scripted dialogues (an idea and answers) through
/// the whole engine, as `verbatim memo --answers` does, and prints what a reader of the notes gets.
///
/// Each line is a ``ScriptedDialogue``. A question whose intent has an answer in `byIntent` gets
/// it; any other question gets the next of `answers`, and when those run out the person presses
/// Enter (the exchange ends). When the dialogue ends by itself, `more` (else the next of `answers`)
/// is the "one more thing". Answers never given are counted as unused.
func memosEvaluationCommand() -> Command {
    Command(
        name: "memos",
        abstract: "Run scripted dialogues through Dialogue Memo and score the notes.",
        discussion: """
            Prints: sentences kept (must be 100 %), groups and blocks per note, the share of notes \
            with more than one group and of notes of two or more answers with more than one block \
            (must be 100 %), title kinds (first sentence, a span of the idea, fallback) and titles holding \
            words the person did not say (must be 0), the title choice's requests and time, questions asked, repeated questions and time per note.
            """,
        options: [
            .value("data", "FILE", help: "Scripted dialogues, one JSON object per line."),
            .flag("rules-only", help: "No model: rules choose the questions, the layout is local."),
            .value("limit", "N", help: "Only the first N dialogues."),
            .flag("verbose", help: "Print every dialogue's figures and note."),
            .flag(
                "without-title-spans",
                help: "The model does not choose titles (a long first sentence gives the dated title), to measure what choosing costs."),
        ] + ModelOptions.options
    ) { arguments in
        guard let path = arguments.value("data") else { throw UsageError.missingValue(option: "data") }
        var dialogues = try JSONLines.read(ScriptedDialogue.self, fromFile: path)
        if let limit = try arguments.integer("limit") { dialogues = Array(dialogues.prefix(max(0, limit))) }
        let model = try ModelOptions.model(from: arguments)
        let rulesOnly = arguments.flag("rules-only")
        if !rulesOnly, case .unavailable(let reason) = model.availability {
            print("model unavailable (\(reason.description)): rules-only questions and local layout")
        }
        var tally = MemoTally()
        for dialogue in dialogues {
            let language = MemoLanguage(code: dialogue.lang)
            var access = rulesOnly ? ModelAccess.rulesOnly : ModelAccess.resolve(model, language: language)
            if arguments.flag("without-title-spans"), let advising = access.model {
                access.model = WithoutTitleSpans(base: advising)
            }
            let outcome = await run(dialogue, language: language, access: access)
            tally.add(outcome)
            if arguments.flag("verbose") {
                print(
                    "\(dialogue.id)\t\(dialogue.lang)\tquestions \(outcome.questions.map(\.rawValue).joined(separator: ","))"
                        + "\tend \(outcome.finishReason?.rawValue ?? "-")\tkept \(outcome.kept)/\(outcome.sentences)"
                        + "\tgroups \(outcome.note.groups.count) blocks \(outcome.note.blockCount)"
                        + String(format: "\t%.0f ms", outcome.milliseconds)
                        + "\ttitle \(outcome.titleKind) (\(outcome.titleRecord.modelRequests) requests"
                        + String(format: ", %.0f ms)", outcome.titleRecord.milliseconds)
                        + outcome.titleRecord.failures.map { "\n  rejected: " + $0 }.joined())
                print(outcome.note.markdown)
            }
        }
        tally.print(count: dialogues.count, path: path)
        return 0
    }
}

/// What one dialogue produced.
private struct MemoOutcome {
    var note: MemoNote
    var sentences: Int
    var kept: Int
    var answerBlocks: Int
    var questions: [QuestionChoice]
    var finishReason: FinishReason?
    var addedAfterEnding: Bool
    var unusedAnswers: Int
    var titleKind: String
    var titleRecord: TitleRecord
    /// The title is the fallback, or a substring of the idea whose every word the person said.
    var titleFromPerson: Bool
    var modelUsed: Bool
    var milliseconds: Double
    /// Finishing the note: its layout and, at the same time, its title.
    var finishMilliseconds: Double
}

/// The dialogue loop of `verbatim memo --answers`, with the clock running.
private func run(_ dialogue: ScriptedDialogue, language: MemoLanguage, access: ModelAccess) async -> MemoOutcome {
    let clock = ContinuousClock()
    let start = clock.now
    var engine = DialogueEngine(language: language, access: access)
    engine.start(idea: dialogue.idea)
    var keyed = dialogue.byIntent ?? [:]
    var answers = (dialogue.answers ?? [])[...]
    var more = dialogue.more
    var questions: [QuestionChoice] = []
    while case .ask(let intent, _) = await engine.nextQuestion() {
        questions.append(intent)
        guard let answer = keyed.removeValue(forKey: intent.rawValue) ?? answers.popFirst(),
            !DialogueEngine.isBlank(answer)
        else {
            engine.end(.endedByPerson)
            break
        }
        engine.answer(answer)
    }
    var added = false
    if engine.endingNotice != nil, let addition = more ?? answers.popFirst() {
        if more != nil { more = nil }
        engine.addAfterEnding(addition)
        added = !DialogueEngine.isBlank(addition)
    }
    let finishing = clock.now
    let note = await engine.finish()
    let finishMilliseconds = (clock.now - finishing).milliseconds
    let elapsed = (clock.now - start).components
    let milliseconds = Double(elapsed.seconds) * 1_000 + Double(elapsed.attoseconds) / 1e15
    let sources = SourceSentences.sources(from: engine.turns.map(\.answer), language: language.rawValue)
    let holds = LayoutPropertyCheck.holdsEverySentence(
        note.markdown, sources: sources, language: language, structure: note.structure)
    let titleRecord = engine.record.title ?? TitleRecord(kind: note.titleIsFirstSource ? .firstSentence : .fallback)
    let titleKind: String
    switch titleRecord.kind {
    case .firstSentence: titleKind = "first sentence"
    case .span: titleKind = "span of the idea"
    case .fallback:
        titleKind = note.title == language.genericTitle ? "generic" : "dated \(engine.record.noteKind.rawValue)"
    }
    // Every title but the fallback must be the person's words: a substring of the idea, every word said.
    let idea = engine.turns.first?.answer ?? ""
    let isFallback = titleRecord.kind == .fallback && note.title == note.structure?.fallbackTitle
    let saidWords = Set(spokenWords(of: engine.turns.map(\.answer).joined(separator: " ")))
    let unsaid = isFallback ? [] : spokenWords(of: note.title).filter { !saidWords.contains($0) }
    let titleFromPerson = isFallback || (idea.contains(note.title) && unsaid.isEmpty)
    return MemoOutcome(
        note: note, sentences: sources.count, kept: holds ? sources.count : keptInOrder(sources, in: note.markdown),
        answerBlocks: note.structure?.blocks.filter { $0.label != nil }.count ?? 0, questions: questions,
        finishReason: engine.finishReason, addedAfterEnding: added,
        unusedAnswers: keyed.count + answers.count + (more == nil ? 0 : 1),
        titleKind: titleKind, titleRecord: titleRecord, titleFromPerson: titleFromPerson,
        modelUsed: engine.record.modelUsed, milliseconds: milliseconds, finishMilliseconds: finishMilliseconds)
}

/// A model that advises as its base does but chooses no titles (``MemoModel``'s default).
private struct WithoutTitleSpans: MemoModel {
    let base: any MemoModel

    func chooseQuestion(prompt: String) async throws -> QuestionChoice {
        try await base.chooseQuestion(prompt: prompt)
    }

    func chooseQuestion(prompt: String, among allowed: [QuestionChoice]) async throws -> QuestionChoice {
        try await base.chooseQuestion(prompt: prompt, among: allowed)
    }

    func prepareQuestion(promptPrefix: String) async {
        await base.prepareQuestion(promptPrefix: promptPrefix)
    }
}

extension Duration {
    fileprivate var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}

/// Lowercased runs of letters and digits (for Japanese, whole runs between punctuation).
private func spokenWords(of text: String) -> [String] {
    text.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "'") }.map(String.init)
}

/// Sources found in the Markdown in order, each after the previous one (for a note that broke the
/// promise: how much of it survived).
private func keptInOrder(_ sources: [String], in markdown: String) -> Int {
    var rest = markdown[...]
    var kept = 0
    for source in sources {
        guard let range = rest.range(of: source) else { continue }
        kept += 1
        rest = rest[range.upperBound...]
    }
    return kept
}

/// The figures over all dialogues.
private struct MemoTally {
    var sentences = 0
    var kept = 0
    var groups: [Int] = []
    var blocks: [Int] = []
    var multiGroupNotes = 0
    var multiAnswerNotes = 0
    var multiAnswerNotesWithBlocks = 0
    var titleKinds: [String: Int] = [:]
    var titleSources: [TitleRecord.Kind: Int] = [:]
    var titlesNotFromPerson = 0
    var titleRequests = 0
    var titleRetries = 0
    var titleMilliseconds: [Double] = []
    var modelFinishMilliseconds: [Double] = []
    var questions: [Int] = []
    var repeatedQuestions = 0
    var finishReasons: [String: Int] = [:]
    var additions = 0
    var unusedAnswers = 0
    var modelDialogues = 0
    var milliseconds: [Double] = []

    mutating func add(_ outcome: MemoOutcome) {
        sentences += outcome.sentences
        kept += outcome.kept
        groups.append(outcome.note.groups.count)
        blocks.append(outcome.note.blockCount)
        if outcome.note.groups.count > 1 { multiGroupNotes += 1 }
        if outcome.answerBlocks >= 2 {
            multiAnswerNotes += 1
            if outcome.note.blockCount > 1 { multiAnswerNotesWithBlocks += 1 }
        }
        titleKinds[outcome.titleKind, default: 0] += 1
        titleSources[outcome.titleRecord.kind, default: 0] += 1
        if !outcome.titleFromPerson { titlesNotFromPerson += 1 }
        titleRequests += outcome.titleRecord.modelRequests
        if outcome.titleRecord.retried { titleRetries += 1 }
        if outcome.titleRecord.modelRequests > 0 { titleMilliseconds.append(outcome.titleRecord.milliseconds) }
        questions.append(outcome.questions.count)
        repeatedQuestions += outcome.questions.count - Set(outcome.questions).count
        finishReasons[outcome.finishReason?.rawValue ?? "-", default: 0] += 1
        if outcome.addedAfterEnding { additions += 1 }
        unusedAnswers += outcome.unusedAnswers
        if outcome.modelUsed { modelDialogues += 1 }
        milliseconds.append(outcome.milliseconds)
        if outcome.modelUsed { modelFinishMilliseconds.append(outcome.finishMilliseconds) }
    }

    func print(count: Int, path: String) {
        func mean(_ values: [Int]) -> String {
            values.isEmpty ? "-" : String(format: "%.2f", Double(values.reduce(0, +)) / Double(values.count))
        }
        func percent(_ part: Int, _ whole: Int) -> String {
            whole == 0 ? "-" : String(format: "%.1f %%", 100 * Double(part) / Double(whole))
        }
        Swift.print("Dialogues: \(count) from \(path); the model advised \(modelDialogues) (the rest: its language is not declared, or --rules-only)")
        Swift.print("Sentences kept: \(kept) of \(sentences) (\(percent(kept, sentences)))")
        Swift.print("Groups per note: mean \(mean(groups)); notes with more than one group: \(percent(multiGroupNotes, count))")
        Swift.print(
            "Blocks per note: mean \(mean(blocks)); notes of two or more answers with more than one block: "
                + "\(multiAnswerNotesWithBlocks) of \(multiAnswerNotes) (\(percent(multiAnswerNotesWithBlocks, multiAnswerNotes)))")
        Swift.print(
            "Title kinds: first sentence \(percent(titleSources[.firstSentence] ?? 0, count)), "
                + "a span of the idea \(percent(titleSources[.span] ?? 0, count)), "
                + "generic or dated fallback \(percent(titleSources[.fallback] ?? 0, count)) ("
                + titleKinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ") + ")")
        Swift.print(
            "Titles holding words the person did not say (fallback aside): \(titlesNotFromPerson) of \(count)")
        Swift.print(
            "Title spans asked for: \(titleMilliseconds.count) notes, \(titleRequests) requests, \(titleRetries) retried; "
                + "time per note asked: " + (titleMilliseconds.isEmpty ? "-" : Latency.summary(titleMilliseconds)))
        Swift.print("Questions asked: mean \(mean(questions)) per note; repeated questions: \(repeatedQuestions)")
        Swift.print("Endings: " + finishReasons.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            + "; one more thing added: \(additions); scripted answers unused: \(unusedAnswers)")
        Swift.print("Time per note: \(Latency.summary(milliseconds))")
        Swift.print(
            "Finishing a note the model advised (layout, with the title chosen meanwhile): "
                + (modelFinishMilliseconds.isEmpty ? "-" : Latency.summary(modelFinishMilliseconds)))
    }
}
