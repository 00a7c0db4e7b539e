import ArgumentParsing
import DialogueMemo
import Evaluation
import Foundation
import LanguageModels

/// `verbatim-eval layout --data FILE.jsonl`: lays out documents' sentences with every candidate
/// method and scores the groups against the true ones (Pk, WindowDiff), per language, next to
/// the product's choice for that language (``LayoutMethod/ranked(for:)``).
///
/// Each line is a ``SegmentedDocument``.
func layoutEvaluationCommand() -> Command {
    Command(
        name: "layout",
        abstract: "Score Dialogue Memo's note layout methods per language against true paragraph groups.",
        discussion: """
            The flattened sentences are the sources; each layout goes through the same check, retry and \
            local fallback as the product. k is half the mean true segment length of each document. \
            Methods: one group, lexical cohesion (word overlap), and sentence-embedding cohesion with \
            each installed encoder (nomic-embed-text-v1.5, EmbeddingGemma-300M); then the product's \
            choice per language, the first method of LayoutMethod.ranked(for:) whose encoder is \
            installed (one block per answer when none is ranked), and whether it beats one group by \
            the required 0.03 Pk. The repository's own dev documents \
            (\(LayoutEvaluation.ownDocuments), German, Spanish, French and Japanese) are added to \
            the --data files when run from the package root. Times are medians per document, wall \
            clock, on VERBATIM_THREADS threads (use 1).
            """,
        options: [
            .value("data", "FILE", help: "Documents, one JSON object per line (repeat for more files)."),
            .value("limit", "N", help: "Only the first N documents of each file."),
            .value("dump-scores", "FILE", help: "Write each document's boundary scores as JSON Lines (for tuning)."),
            .flag("verbose", help: "Print every document's Pk per method."),
        ]
    ) { arguments in
        var paths = arguments.values["data"] ?? []
        guard !paths.isEmpty else { throw UsageError.missingValue(option: "data") }
        if FileManager.default.fileExists(atPath: LayoutEvaluation.ownDocuments),
            !paths.contains(where: { URL(fileURLWithPath: $0).standardized == URL(fileURLWithPath: LayoutEvaluation.ownDocuments).standardized })
        {
            paths.append(LayoutEvaluation.ownDocuments)
        }
        let limit = try arguments.integer("limit")
        var documents: [SegmentedDocument] = []
        for path in paths {
            let lines = try JSONLines.read(SegmentedDocument.self, fromFile: path)
            documents += limit.map { Array(lines.prefix(max(0, $0))) } ?? lines
        }
        let threads = VerbatimConfiguration.current.threads
        var encoders: [(method: LayoutMethod, scorer: EmbeddingBreakScorer)] = []
        for method in LayoutMethod.allCases {
            guard let name = method.encoderName else { continue }
            do throws(EmbeddingError) {
                encoders.append((method, method.scorer(embedding: try EmbeddingModel(reference: name, threads: threads))))
            } catch {
                print("\(method.rawValue): not scored (\(error.description))")
            }
        }
        let methods: [LayoutMethod] = [.oneBlockPerAnswer, .lexicalCohesion] + encoders.map(\.method)
        if let dumpPath = arguments.value("dump-scores") {
            _ = FileManager.default.createFile(atPath: dumpPath, contents: nil)
        }
        var tally = LayoutEvaluation.Tally()
        for document in documents {
            let sources = document.sentences
            let truth = document.segmentSizes
            guard !sources.isEmpty else { continue }
            let k = SegmentationMetrics.window(forReference: truth)
            let language = MemoLanguage(code: document.lang)
            var dump: [String: [Double]] = [
                "truth": truth.map(Double.init), "cohesion": LexicalCohesion.depthScores(for: sources),
            ]
            var line: [String] = []
            for method in methods {
                let (note, record) = await NoteLayout.compose(
                    sources: sources, model: encoders.first { $0.method == method }?.scorer, language: language,
                    local: method == .oneBlockPerAnswer ? .oneBlockPerAnswer : .lexicalCohesion)
                let sizes = note.groups.map(\.count)
                let pk = SegmentationMetrics.pk(reference: truth, hypothesis: sizes, k: k)
                tally.add(
                    language: document.lang, method: method, pk: pk,
                    windowDiff: SegmentationMetrics.windowDiff(reference: truth, hypothesis: sizes, k: k),
                    groups: sizes.count, milliseconds: record.milliseconds, fellBack: record.localFallbacks > 0)
                line.append(String(format: "%@ %.3f", method.rawValue, pk))
                if let encoder = encoders.first(where: { $0.method == method }), arguments.value("dump-scores") != nil {
                    dump[method.encoderName ?? method.rawValue] = (try? await encoder.scorer.paragraphBreakScores(for: sources)) ?? []
                }
            }
            tally.trueGroups[document.lang, default: []].append(Double(truth.count))
            if let dumpPath = arguments.value("dump-scores"), let handle = FileHandle(forWritingAtPath: dumpPath) {
                handle.seekToEndOfFile()
                if let data = try? JSONEncoder().encode(dump) { handle.write(data + Data("\n".utf8)) }
                try? handle.close()
            }
            if arguments.flag("verbose") {
                print("\(document.id)\t\(document.lang)\tn=\(sources.count) k=\(k) true \(truth.count)\t" + line.joined(separator: "; "))
            }
        }
        print("Documents: \(documents.count) from \(paths.joined(separator: ", ")); \(threads) thread(s)")
        print("Pk and WindowDiff: mean over documents, lower is better; time: median per document.")
        print("A method is used for a language only when it beats one group by ≥ \(LayoutMethod.requiredGain) Pk.\n")
        print(LayoutEvaluation.row(["lang", "layout", "Pk", "WindowDiff", "groups/doc", "time/doc"]))
        for language in tally.languages {
            let code = MemoLanguage(code: language)
            for method in methods {
                print(LayoutEvaluation.row([language, method.rawValue] + tally.figures(language: language, method: method)))
            }
            // The product's choice for this language, as `verbatim memo` resolves it on this machine.
            let choice = LayoutChoice.resolve(for: code, threads: threads)
            let product = choice.method ?? .lexicalCohesion
            print(LayoutEvaluation.row([language, "product: \(product.rawValue)"] + tally.figures(language: language, method: product)))
            let documents = tally.documents(language: language)
            let oneGroup = tally.meanPk(language: language, method: .oneBlockPerAnswer)
            let gain = oneGroup - tally.meanPk(language: language, method: product)
            let verdict =
                product == .oneBlockPerAnswer
                ? "one block per answer (no method beats one group by \(LayoutMethod.requiredGain) Pk; no model pass)"
                : String(
                    format: "beats one group by %.3f Pk: %@", gain,
                    gain >= LayoutMethod.requiredGain ? "yes" : "NO (below \(LayoutMethod.requiredGain))")
            print("      \(documents) documents, \(String(format: "%.2f", tally.meanTrueGroups(language: language))) true groups each; product \(verdict)")
        }
        for method in methods where tally.fallbacks[method, default: 0] > 0 {
            print("\(method.rawValue): \(tally.fallbacks[method]!) document(s) fell back to the local layout")
        }
        return 0
    }
}

/// The layout evaluation's tallies and table.
enum LayoutEvaluation {
    /// The repository's own multilingual segmentation dev documents, relative to the package root.
    static let ownDocuments = "eval/memo/segmentation-dev-multilingual.jsonl"

    struct Tally {
        struct Figures {
            var pk: [Double] = []
            var windowDiff: [Double] = []
            var groups: [Double] = []
            var milliseconds: [Double] = []
        }
        private var figures: [String: [LayoutMethod: Figures]] = [:]
        var trueGroups: [String: [Double]] = [:]
        var fallbacks: [LayoutMethod: Int] = [:]

        /// Languages in the order English, then the others alphabetically.
        var languages: [String] { figures.keys.sorted { ($0 == "en" ? 0 : 1, $0) < ($1 == "en" ? 0 : 1, $1) } }

        mutating func add(
            language: String, method: LayoutMethod, pk: Double, windowDiff: Double, groups: Int, milliseconds: Double,
            fellBack: Bool
        ) {
            var entry = figures[language, default: [:]][method, default: Figures()]
            entry.pk.append(pk)
            entry.windowDiff.append(windowDiff)
            entry.groups.append(Double(groups))
            entry.milliseconds.append(milliseconds)
            figures[language, default: [:]][method] = entry
            if fellBack { fallbacks[method, default: 0] += 1 }
        }

        func documents(language: String) -> Int { figures[language]?[.oneBlockPerAnswer]?.pk.count ?? 0 }

        func meanPk(language: String, method: LayoutMethod) -> Double {
            mean(figures[language]?[method]?.pk ?? [])
        }

        func meanTrueGroups(language: String) -> Double { mean(trueGroups[language] ?? []) }

        /// Pk, WindowDiff, groups per document and median time, formatted.
        func figures(language: String, method: LayoutMethod) -> [String] {
            guard let entry = figures[language]?[method] else { return ["-", "-", "-", "not run"] }
            let times = entry.milliseconds.sorted()
            let median = times.isEmpty ? 0 : times[times.count / 2]
            let time =
                method == .oneBlockPerAnswer ? "-" : median < 10 ? String(format: "%.1f ms", median) : String(format: "%.0f ms", median)
            return [
                String(format: "%.3f", mean(entry.pk)), String(format: "%.3f", mean(entry.windowDiff)),
                String(format: "%.2f", mean(entry.groups)), time,
            ]
        }

        private func mean(_ values: [Double]) -> Double {
            values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
        }
    }

    /// One table row: the language, the layout and four figures in fixed columns.
    static func row(_ cells: [String]) -> String {
        let widths = [6, 38, 7, 12, 12, 10]
        return zip(cells, widths).map { cell, width in
            cell.count >= width ? cell + " " : cell + String(repeating: " ", count: width - cell.count)
        }.joined().trimmingCharacters(in: .whitespaces)
    }
}
