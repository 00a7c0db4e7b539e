import ArgumentParsing
import DialogueMemo
import Evaluation
import Foundation
import LanguageModels

/// `verbatim-bench memo-speed`: what a person waits for in Dialogue Memo — the layout of a
/// six-answer memo and of 48 sentences (cold, and at the end of a dialogue whose long idea was
/// read while the first question was answered) with each layout the languages use
/// (``LayoutChoice``: a sentence encoder, no language model), and a warm question decision with
/// the default model (after it prepared the next prompt's start, and with the answer given at once).
func memoSpeedBenchmarkCommand() -> Command {
    Command(
        name: "memo-speed",
        abstract: "Time the memo layout (six answers, 48 sentences) per chosen encoder and a warm question decision.",
        discussion: """
            Sentences come from the memos dev set (eval/memo/memos-dev.jsonl): the six-answer memo is \
            the first English dialogue's idea and six answers; the 48 sentences are the English, \
            Spanish, French and German dialogues' sentences in file order; they are also timed as one \
            long idea whose paragraph breaks the engine reads while the first question is answered \
            (the wait at the end). Each layout the interface languages use (LayoutChoice.resolve: \
            the first installed method of LayoutMethod.ranked) is timed on the same sentences; cold \
            means nothing was read ahead (the encoder is loaded). The warm decision is timed after the \
            engine has evaluated the next prompt's start (what it does while a person answers) and, \
            separately, with the answer given at once. Targets: six-answer layout ≤ 1 s, 48 sentences \
            ≤ 3 s, question decision ≤ 400 ms, all on the threads given by VERBATIM_THREADS (use 1).
            """,
        options: [
            .value("data", "FILE", help: "Scripted dialogues (default eval/memo/memos-dev.jsonl)."),
            .value("model", "PATH", help: "GGUF model for the question decisions (default: the configured default model)."),
            .value("runs", "N", help: "Repetitions per figure (default 5)."),
        ]
    ) { arguments in
        let runs = max(1, try arguments.integer("runs") ?? 5)
        let path = arguments.value("data") ?? "eval/memo/memos-dev.jsonl"
        let model = arguments.value("model").map { SystemLanguageModel(url: URL(fileURLWithPath: $0)) } ?? .default
        guard case .available = model.availability else {
            StandardError.write("verbatim-bench: model unavailable: \(model.availability)\n")
            return 1
        }
        let dialogues = try MemoSpeedData.dialogues(path)
        guard let memo = dialogues.first(where: { $0.lang == "en" && $0.turns.count >= 7 }) else {
            StandardError.write("verbatim-bench: no English dialogue with six answers in \(path)\n")
            return 1
        }
        let turns = Array(memo.turns.prefix(7))
        let memoSources = SourceSentences.sources(from: turns.map(\.answer), language: "en")
        let date = Date(timeIntervalSince1970: 1_764_547_200)
        let structure = NoteStructure(turns: turns, language: .english, date: date)
        let long = Array(
            dialogues.filter { ["en", "es", "fr", "de"].contains($0.lang) }
                .flatMap { SourceSentences.sources(from: $0.turns.map(\.answer), language: $0.lang) }.prefix(48))
        let memoModel = LanguageModelMemoModel(model: model, questionAdapter: QuestionAdapter.fitting(model))
        // Each layout some interface language uses, once, with the languages that use it.
        var layouts: [(choice: LayoutChoice, languages: [MemoLanguage])] = []
        for language in MemoLanguage.allCases {
            let choice = LayoutChoice.resolve(for: language, threads: model.threads)
            if let index = layouts.firstIndex(where: { $0.choice.method == choice.method }) {
                layouts[index].languages.append(language)
            } else {
                layouts.append((choice, [language]))
            }
        }
        print("model: \(model.url!.lastPathComponent), threads: \(model.threads), runs: \(runs)")
        for layout in layouts {
            let encoder = (layout.choice.scorer as? EmbeddingBreakScorer)?.embedding.url.lastPathComponent ?? "no encoder"
            print("layout for \(layout.languages.map(\.rawValue).joined(separator: ", ")): \(layout.choice.method?.rawValue ?? "-") (\(encoder))")
        }
        print("six-answer memo: \(memo.id), \(memoSources.count) sentences; long note: \(long.count) sentences\n")

        // Load the question model before any figure.
        var warmUp = DialogueEngine(language: .english, access: ModelAccess(model: memoModel))
        warmUp.start(idea: turns[0].answer)
        _ = await warmUp.nextQuestion()

        // Wall-clock milliseconds, and the process's CPU milliseconds in `cpu` (on a shared
        // machine the wall figure includes waiting for a core; the CPU figure is what an idle core
        // would take, since llama.cpp runs on one thread).
        var cpu: [Double] = []
        func time(_ body: () async throws -> Void) async rethrows -> Double {
            let clock = ContinuousClock()
            let start = clock.now
            let cpuStart = MemoSpeedData.processCPUMilliseconds()
            try await body()
            cpu.append(MemoSpeedData.processCPUMilliseconds() - cpuStart)
            let elapsed = clock.now - start
            return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        }
        func layoutTimes(_ sources: [String], structure: NoteStructure?, layout: LayoutChoice) async
            -> (times: [Double], record: LayoutRecord)
        {
            var times: [Double] = []
            var last = LayoutRecord()
            cpu.removeAll()
            for _ in 0..<runs {
                times.append(
                    await time {
                        last = await NoteLayout.compose(
                            sources: sources, model: layout.scorer, language: .english, structure: structure,
                            local: layout.local
                        ).record
                    })
            }
            return (times, last)
        }

        print("1. Layout (ms), cold: nothing read ahead")
        print(Table.row(["layout", "note", "sentences", "score requests", "median", "p95", "CPU median", "target"]))
        for layout in layouts {
            for (name, sources, target, note) in [
                ("six answers", memoSources, 1000.0, structure), ("same, read whole", memoSources, 1000.0, nil),
                ("48 sentences", long, 3000.0, nil),
            ] {
                let (times, record) = await layoutTimes(sources, structure: note, layout: layout.choice)
                let median = Statistics.median(times)
                print(Table.row([
                    layout.choice.method?.rawValue ?? "-", name, "\(sources.count)", "\(record.modelRequests)",
                    Table.number(median, digits: 0), Table.number(Statistics.percentile(times, 95), digits: 0),
                    Table.number(Statistics.median(cpu), digits: 0),
                    median <= target ? "met (≤ \(Int(target)))" : "MISSED (≤ \(Int(target)))",
                ]))
                if record.localFallbacks > 0 { print("   (\(name): \(record.localFallbacks) window(s) fell back: \(record.failures))") }
            }
        }
        let english = layouts.first { $0.languages.contains(.english) }?.choice ?? .lexicalCohesion

        // What a person waits for at the end of a dialogue: the engine reads a long answer's
        // paragraph breaks while the next question is answered, so the wait at the end is what is
        // still unread. Here the 48 sentences are the idea, and the answer comes only after the
        // reading ended (a person who takes that long to answer).
        var reading: [Double] = []
        var finishing: [Double] = []
        var readAheadRecord = LayoutRecord()
        for _ in 0..<runs {
            var engine = DialogueEngine(language: .english, access: ModelAccess(model: memoModel, layout: english))
            engine.start(idea: long.joined(separator: " "))
            _ = await engine.nextQuestion()
            reading.append(await time { await engine.readingAhead() })
            engine.answer(turns[1].answer)
            engine.end()
            finishing.append(await time { _ = await engine.finish(date: date) })
            readAheadRecord = engine.record.layout ?? LayoutRecord()
        }
        let finishMedian = Statistics.median(finishing)
        print(String(
            format: "   48 sentences as the idea, read while the first question is answered: reading %.0f ms (median), "
                + "then the layout at the end %.0f ms (median, p95 %.0f; %d sentences, %d score request(s)) %@",
            Statistics.median(reading), finishMedian, Statistics.percentile(finishing, 95), readAheadRecord.sourceCount,
            readAheadRecord.modelRequests, finishMedian <= 3000 ? "met (≤ 3000)" : "MISSED (≤ 3000)"))

        print("\n2. Question decision (ms): cold (first request of a new dialogue) vs warm (same dialogue, next turn)")
        print("   warm: the person answers after the model has evaluated the next prompt's start (about a tenth")
        print("   of a second); at once: the answer comes the moment the question is shown")
        var cold: [Double] = []
        var warm: [Double] = []
        var warmCPU: [Double] = []
        var atOnce: [Double] = []
        for _ in 0..<runs {
            for answersAtOnce in [false, true] {
                var engine = DialogueEngine(language: .english, access: ModelAccess(model: memoModel))
                engine.start(idea: turns[0].answer)
                let first = await time { _ = await engine.nextQuestion() }
                if !answersAtOnce {
                    cold.append(first)
                    await engine.readingAhead()
                }
                engine.answer(turns[1].answer)
                let next = await time { _ = await engine.nextQuestion() }
                if answersAtOnce {
                    atOnce.append(next)
                } else {
                    warm.append(next)
                    warmCPU.append(cpu.last ?? .nan)
                }
            }
        }
        let warmMedian = Statistics.median(warm)
        print(Table.row(["cold median", "warm median", "warm p95", "warm CPU median", "at once median", "cold / warm", "target"]))
        print(Table.row([
            Table.number(Statistics.median(cold), digits: 0), Table.number(warmMedian, digits: 0),
            Table.number(Statistics.percentile(warm, 95), digits: 0), Table.number(Statistics.median(warmCPU), digits: 0),
            Table.number(Statistics.median(atOnce), digits: 0), Table.number(Statistics.median(cold) / warmMedian, digits: 1) + "×",
            warmMedian <= 400 ? "met (≤ 400)" : "MISSED (≤ 400)",
        ]))
        // Where a next-turn decision's time goes: the same two requests, read from the session's
        // metrics, the second after the start of its prompt was evaluated (as while the person answers).
        for (index, count) in [1, 2].enumerated() {
            let session = LanguageModelSession(model: model, instructions: MemoPrompts.questionInstructions)
            let context = DialogueContext(turns: Array(turns.prefix(count)))
            if index == 1, let intent = context.turns.last?.intent {
                let earlier = DialogueContext(turns: Array(context.turns.dropLast()))
                await session.prewarm(
                    promptPrefix: MemoPrompts.questionPromptPrefix(for: earlier, asking: intent, language: .english),
                    schema: QuestionSelection.generationSchema)
            }
            let metrics = try await session.respond(
                to: MemoPrompts.questionPrompt(for: context, language: .english), generating: QuestionSelection.self,
                options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 60)
            ).metrics
            print(String(
                format: "   %@ decision: %d prompt tokens, %d evaluated (%.0f ms), %d sampled + %d forced tokens (%.0f ms)",
                index == 0 ? "first" : "next", metrics.promptTokens, metrics.evaluatedPromptTokens,
                metrics.promptSeconds * 1000, metrics.sampledTokens, metrics.forcedTokens, metrics.generationSeconds * 1000))
        }
        return 0
    }
}

/// The benchmark's dialogues and its baseline.
enum MemoSpeedData {
    struct Dialogue {
        var id: String
        var lang: String
        var turns: [DialogueTurn]
    }

    /// Each scripted dialogue's idea, then its answers by intent (alphabetically) and its other answers.
    static func dialogues(_ path: String) throws -> [Dialogue] {
        try JSONLines.read(ScriptedDialogue.self, fromFile: path).map { line in
            // Intents in alphabetical order: a fixed order is all a timing needs.
            var turns = [DialogueTurn(intent: nil, answer: line.idea)]
            let byIntent = line.byIntent ?? [:]
            for key in byIntent.keys.sorted() {
                turns.append(DialogueTurn(intent: QuestionChoice(rawValue: key), answer: byIntent[key]!))
            }
            turns += (line.answers ?? []).map { DialogueTurn(intent: .moreDetails, answer: $0) }
            if let more = line.more { turns.append(DialogueTurn(intent: nil, answer: more)) }
            return Dialogue(id: line.id, lang: line.lang, turns: turns)
        }
    }

    /// CPU time the process has used, in milliseconds (all threads).
    static func processCPUMilliseconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
        let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
        return user + system
    }
}
