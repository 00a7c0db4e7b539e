import ArgumentParsing
import DialogueMemo
import Evaluation
import Foundation
import LanguageModels

/// `verbatim-bench note-search`: how long `memo search` takes over many saved notes, warm (the
/// index in memory, as in the web app) and in a fresh process (the index read from disk).
func noteSearchBenchmarkCommand() -> Command {
    Command(
        name: "note-search",
        abstract: "Time a note search over 1,000 notes (warm and from a fresh index load).",
        discussion: """
            Writes --notes notes (default 1,000) into a temporary notes folder: the note-search dev \
            set's notes (eval/memo/note-search-dev.jsonl) repeated, each copy with its own number line. \
            By default the dev notes are embedded once and each copy's index entry reuses its \
            original's vector (a search's cost does not depend on the numbers in the vectors); \
            --embed-all embeds every note and times that too. Then it times, over the dev queries: \
            a warm search (the index in memory; the files are stat'ed for changes), its query \
            embedding alone, and the first search of a new NoteSearch (the index read from disk). \
            Target: a warm search in ≤ 300 ms over 1,000 notes, on the threads of VERBATIM_THREADS (use 1).
            """,
        options: [
            .value("data", "FILE", help: "Notes and queries (default eval/memo/note-search-dev.jsonl)."),
            .value("notes", "N", help: "Notes to search (default 1000)."),
            .flag("embed-all", help: "Embed every note instead of reusing the dev notes' vectors."),
        ]
    ) { arguments in
        let path = arguments.value("data") ?? "eval/memo/note-search-dev.jsonl"
        let count = max(1, try arguments.integer("notes") ?? 1000)
        let lines = try JSONLines.read(NoteSearchCase.self, fromFile: path)
        let templates = lines.compactMap(\.markdown)
        let queries = lines.compactMap(\.query)
        guard !templates.isEmpty, !queries.isEmpty else {
            StandardError.write("verbatim-bench note-search: \(path) has no notes or no queries\n")
            return 1
        }
        let model: EmbeddingModel
        do throws(EmbeddingError) {
            model = try EmbeddingModel.multilingual()
        } catch {
            StandardError.write("verbatim-bench note-search: \(error)\n")
            return 1
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-bench-search-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = NoteStore(directory: directory)
        let clock = ContinuousClock()
        var copyOf: [String: Int] = [:]
        for i in 0..<count {
            let template = i % templates.count
            let markdown = templates[template] + "\nNote \(i + 1).\n"
            let id = try store.save(
                markdown: markdown, title: "note \(i + 1)", date: Date(timeIntervalSince1970: 1_780_000_000 + Double(i)))
            copyOf[id] = template
        }
        print("model: \(model.name ?? "?"), threads: \(model.threads); \(count) notes from \(templates.count) templates, \(queries.count) queries")
        if arguments.flag("embed-all") {
            let start = clock.now
            let refresh = try await NoteSearch(store: store, model: model).refresh()
            let seconds = (clock.now - start) / .seconds(1)
            print(String(format: "indexing %d notes: %.1f s (%.0f ms per note)", refresh.embedded, seconds, 1000 * seconds / Double(max(1, refresh.embedded))))
        } else {
            let vectors = try await model.vectors(
                for: templates.map(NoteSearchIndex.searchableText(ofMarkdown:)), purpose: .searchDocument, tokenLimit: 512)
            var index = NoteSearchIndex(model: NoteSearch.modelID(of: model))
            for file in try NoteSearchIndex.fileStates(of: store) {
                let markdown = try store.show(id: file.id)
                index.upsert(
                    NoteSearchIndex.Entry(
                        id: file.id, title: "note", size: file.size, modified: file.modified,
                        hash: NoteSearchIndex.hash(of: markdown), vector: vectors[copyOf[file.id] ?? 0]))
            }
            try index.save(to: directory)
        }
        let indexBytes = (try? FileManager.default.attributesOfItem(atPath: NoteSearchIndex.url(in: directory).path)[.size] as? NSNumber)?.intValue ?? 0
        print("index file: \(indexBytes / 1024) KiB")

        var fresh: [Double] = []
        for query in queries.prefix(5) {
            let search = NoteSearch(store: store, model: model)
            let start = clock.now
            let matches = try await search.search(query, limit: 3)
            fresh.append((clock.now - start) / .milliseconds(1))
            precondition(matches.count == 3)
        }
        let search = NoteSearch(store: store, model: model)
        let refreshed = try await search.refresh()
        precondition(refreshed.embedded == 0 && refreshed.total == count, "the benchmark's index was not current")
        var warm: [Double] = []
        var embedding: [Double] = []
        var statting: [Double] = []
        for query in queries {
            var start = clock.now
            _ = try await search.search(query, limit: 3)
            warm.append((clock.now - start) / .milliseconds(1))
            start = clock.now
            _ = try await model.vector(for: query, purpose: .searchQuery)
            embedding.append((clock.now - start) / .milliseconds(1))
            start = clock.now
            _ = try await search.refresh()
            statting.append((clock.now - start) / .milliseconds(1))
        }
        func figure(_ values: [Double]) -> String {
            String(format: "median %.0f ms, p95 %.0f ms", Statistics.median(values), Statistics.percentile(values, 95))
        }
        print("warm search over \(count) notes (\(warm.count) queries): \(figure(warm))")
        print("  of which the query's embedding: \(figure(embedding)); checking the notes for changes: \(figure(statting))")
        print("first search of a new NoteSearch (index read from disk, \(fresh.count) queries): \(figure(fresh))")
        return 0
    }
}
