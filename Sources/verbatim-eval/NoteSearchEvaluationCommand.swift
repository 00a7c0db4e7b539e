import ArgumentParsing
import DialogueMemo
import Evaluation
import Foundation
import LanguageModels

/// `note-search --data FILE.jsonl`: recall@1/@3 and MRR of `memo search` over notes in five
/// languages, overall, by query language and across languages.
func noteSearchEvaluationCommand() -> Command {
    Command(
        name: "note-search", abstract: "Recall of semantic note search (memo search), across languages.",
        discussion: """
            Saves the file's notes into a temporary notes folder, indexes them as 'verbatim memo' does \
            and runs every query. A query counts as found at k when one of its relevant notes is \
            among the first k. Prints recall@1, recall@3 and MRR overall, by query language, and for \
            queries in the notes' own language against queries in another, with index and query times.
            """,
        options: [
            .value("data", "FILE", help: "Notes and queries, one JSON object per line."),
            .value("embedding", "NAME|PATH", help: "The embedding model (default: embeddinggemma-300m)."),
            .flag("verbose", help: "Print every query whose note is not first."),
        ]
    ) { arguments in
        guard let path = arguments.value("data") else { throw UsageError.missingValue(option: "data") }
        let cases = try JSONLines.read(NoteSearchCase.self, fromFile: path)
        let notes = cases.filter { $0.kind == "note" }
        let queries = cases.filter { $0.kind == "query" }
        let model: EmbeddingModel
        do throws(EmbeddingError) {
            model = try EmbeddingModel(reference: arguments.value("embedding") ?? EmbeddingModel.multilingualModelName)
        } catch {
            StandardError.write("verbatim-eval note-search: \(error)\n")
            return 1
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-note-search-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = NoteStore(directory: directory)
        var storeIDs: [String: String] = [:]  // the store's ID → the file's note ID
        var noteLanguage: [String: String] = [:]
        for (offset, note) in notes.enumerated() {
            guard let id = note.id, let markdown = note.markdown else { continue }
            let saved = try store.save(
                markdown: markdown, title: id, date: Date(timeIntervalSince1970: 1_780_000_000 + Double(offset)))
            storeIDs[saved] = id
            noteLanguage[id] = note.lang
        }
        let search = NoteSearch(store: store, model: model)
        let clock = ContinuousClock()
        let indexStart = clock.now
        try await search.refresh()
        let indexSeconds = (clock.now - indexStart) / .seconds(1)

        struct Score {
            var count = 0
            var at1 = 0
            var at3 = 0
            var reciprocal = 0.0
            mutating func add(rank: Int?) {
                count += 1
                if rank == 1 { at1 += 1 }
                if let rank, rank <= 3 { at3 += 1 }
                if let rank { reciprocal += 1 / Double(rank) }
            }
            func line(_ name: String) -> String {
                guard count > 0 else { return "\(name): no queries" }
                let n = Double(count)
                return String(
                    format: "%@ recall@1 %5.1f %%  recall@3 %5.1f %%  MRR %.3f  (%d queries)",
                    name.padding(toLength: 22, withPad: " ", startingAt: 0), 100 * Double(at1) / n, 100 * Double(at3) / n,
                    reciprocal / n, count)
            }
        }
        var overall = Score()
        var byLanguage: [String: Score] = [:]
        var same = Score()
        var across = Score()
        var milliseconds: [Double] = []
        for query in queries {
            guard let text = query.query, let relevant = query.relevant else { continue }
            let start = clock.now
            let matches = try await search.search(text, limit: notes.count)
            milliseconds.append((clock.now - start) / .milliseconds(1))
            let ranked = matches.map { storeIDs[$0.id] ?? $0.id }
            let rank = ranked.firstIndex(where: relevant.contains).map { $0 + 1 }
            overall.add(rank: rank)
            byLanguage[query.lang, default: Score()].add(rank: rank)
            if relevant.contains(where: { noteLanguage[$0] == query.lang }) {
                same.add(rank: rank)
            } else {
                across.add(rank: rank)
            }
            if arguments.flag("verbose"), rank != 1 {
                print("rank \(rank.map(String.init) ?? "-")  [\(query.lang)] \(text)  → want \(relevant.joined(separator: ", ")), got \(ranked.prefix(3).joined(separator: ", "))")
            }
        }
        let languages = Dictionary(grouping: notes, by: \.lang).map { "\($0.key) \($0.value.count)" }.sorted()
        print("note search: \(notes.count) notes (\(languages.joined(separator: ", "))), \(queries.count) queries, model \(model.name ?? model.url.lastPathComponent), \(model.threads) thread(s)")
        print(String(format: "indexed in %.2f s (%.0f ms per note)", indexSeconds, 1000 * indexSeconds / Double(max(1, notes.count))))
        print(overall.line("all"))
        for language in byLanguage.keys.sorted() { print(byLanguage[language]!.line("query in \(language)")) }
        print(same.line("same language"))
        print(across.line("across languages"))
        print("query time (warm, \(notes.count) notes): \(Latency.summary(milliseconds))")
        return 0
    }
}
