import DialogueMemo
import Evaluation
import Foundation
@_spi(Benchmarks) import LanguageModels

extension GuidedBenchmark {
    /// The enum decision of section 2 with and without a LoRA adapter, in the same run and
    /// alternating which goes first: cold (nothing cached) and warm (the dialogue's earlier
    /// turns cached, computed with the same adapters), with the prompt's and the sampled tokens'
    /// cost per token. The adapter is a per-request option on the same model, so both paths share
    /// everything but the adapter.
    /// - Parameter adapterPath: A LoRA GGUF for the model; `nil` takes Dialogue Memo's bundled
    ///   question adapter when it fits the model, else writes the test adapter with
    ///   `scripts/make-test-adapter.py` (random weights: the cost, not the quality, of an adapter).
    mutating func adapterCost(model: SystemLanguageModel, adapterPath: String?) async throws {
        let bundled = adapterPath == nil ? QuestionAdapter.fitting(model)?.fileURL : nil
        let written = adapterPath == nil && bundled == nil ? Self.writeTestAdapter(for: model) : nil
        guard let url = adapterPath.map({ URL(fileURLWithPath: $0) }) ?? bundled ?? written else { return }
        defer { if let written { try? FileManager.default.removeItem(at: written) } }
        let adapter = SystemLanguageModel.Adapter(fileURL: url)
        if case .unavailable(let reason) = model.adapted(by: [adapter]).availability {
            print("   adapter unusable: \(reason)")
            return
        }
        print("   adapter: \(url.lastPathComponent), \(Self.fileSize(url) / 1024) KB")
        var cold: [Bool: [Double]] = [:]
        var warm: [Bool: [Double]] = [:]
        var promptPerToken: [Bool: [Double]] = [:]
        var generationPerToken: [Bool: [Double]] = [:]
        var agree = 0
        for run in 0..<runs {
            let idea = Self.dialogues[run % Self.dialogues.count]
            var choices: [Bool: String] = [:]
            for adapted in run % 2 == 0 ? [false, true] : [true, false] {
                let options = GenerationOptions(maximumResponseTokens: 60, adapters: adapted ? [adapter] : [])
                let first = LanguageModelSession(model: model, instructions: Self.instructions)
                first.reusesCache = false
                var start = ContinuousClock.now
                let coldResponse = try await first.respond(to: Self.conversation(idea), schema: Self.enumSchema, options: options)
                cold[adapted, default: []].append(ContinuousClock.now.millisecondsSince(start))
                let metrics = coldResponse.metrics
                promptPerToken[adapted, default: []].append(metrics.promptSeconds * 1000 / Double(metrics.evaluatedPromptTokens))
                // The next decision of the same dialogue in a new session, which finds the
                // instructions and the earlier turns in a cache computed with the same adapters.
                start = ContinuousClock.now
                let warmResponse = try await LanguageModelSession(model: model, instructions: Self.instructions).respond(
                    to: Self.conversation(idea, extraTurn: true), schema: Self.enumSchema, options: options)
                warm[adapted, default: []].append(ContinuousClock.now.millisecondsSince(start))
                let sampled = warmResponse.metrics.sampledTokens + coldResponse.metrics.sampledTokens
                generationPerToken[adapted, default: []].append(
                    (warmResponse.metrics.generationSeconds + coldResponse.metrics.generationSeconds) * 1000 / Double(max(1, sampled)))
                choices[adapted] = warmResponse.rawContent
            }
            if choices[false] == choices[true] { agree += 1 }
        }
        func median(_ figures: [Bool: [Double]], _ adapted: Bool) -> Double { Statistics.median(figures[adapted] ?? []) }
        print(Table.row(["path", "cold", "warm", "ms/prompt token", "ms/sampled token"]))
        for (name, adapted) in [("without adapter", false), ("with adapter", true)] {
            print(Table.row([name, Table.number(median(cold, adapted)), Table.number(median(warm, adapted)),
                Table.number(median(promptPerToken, adapted), digits: 2), Table.number(median(generationPerToken, adapted), digits: 2)]))
        }
        print(Table.row(["ratio (with / without)",
            Table.number(median(cold, true) / median(cold, false), digits: 2),
            Table.number(median(warm, true) / median(warm, false), digits: 2),
            Table.number(median(promptPerToken, true) / median(promptPerToken, false), digits: 2),
            Table.number(median(generationPerToken, true) / median(generationPerToken, false), digits: 2)]))
        print("   warm decision with the adapter: \(Table.number(median(warm, true) / median(warm, false), digits: 2))× without; "
            + "same choice in \(agree)/\(runs) runs")
    }

    /// Writes the test adapter for `model` with setup's Python into a temporary folder.
    private static func writeTestAdapter(for model: SystemLanguageModel) -> URL? {
        let python = VerbatimConfiguration.current.cacheDirectory.appendingPathComponent("venv/bin/python")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/make-test-adapter.py")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "verbatim-bench-adapter-\(ProcessInfo.processInfo.processIdentifier).gguf")
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "--output", output.path] + (model.url.map { ["--model", $0.path] } ?? [])
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            print("   (no adapter: \(error); pass --adapter PATH)")
            return nil
        }
        guard process.terminationStatus == 0 else {
            print("   (no adapter: make-test-adapter.py exited \(process.terminationStatus); pass --adapter PATH)")
            return nil
        }
        return output
    }

    private static func fileSize(_ url: URL) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
    }
}
