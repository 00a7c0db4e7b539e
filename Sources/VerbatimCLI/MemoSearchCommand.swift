import ArgumentParsing
import DialogueMemo
import Foundation
import LanguageModels

/// `verbatim memo search QUERY`: saved notes ranked by closeness of meaning to the query.
func memoSearchCommand() -> Command {
    Command(
        name: "search",
        abstract: "Find saved notes by meaning, in any language (an English query finds a German note).",
        discussion: """
            Ranks the saved notes (title and blocks) by cosine similarity with the query, using the \
            multilingual embedding model EmbeddingGemma-300M (installed by setup). Notes are embedded \
            when saved into .search-index.json beside them; notes added, edited or deleted since are \
            brought up to date before searching. Prints one line per note: score, ID, title.
            """,
        options: [
            .value("limit", short: "n", "N", help: "Show at most N notes (default 5)."),
            .flag("json", help: "Print the matches as JSON."),
        ],
        arguments: [Argument("QUERY", help: "What the note is about, in your words.", isVariadic: true)]
    ) { arguments in
        let query = (arguments.positionals["QUERY"] ?? []).joined(separator: " ")
        var limit = 5
        if let text = arguments.value("limit") {
            guard let value = Int(text), value > 0 else {
                throw UsageError.invalidValue(option: "limit", value: text, expected: "a whole number above 0")
            }
            limit = value
        }
        guard !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw UsageError.missingArgument("QUERY")
        }
        let store = NoteStore(directory: NoteStore.defaultDirectory())
        do {
            guard try !store.list().isEmpty else {
                StandardError.write("verbatim memo search: no saved notes yet (save one with 'verbatim memo')\n")
                return 0
            }
            let search = NoteSearch(store: store, model: try EmbeddingModel.multilingual())
            let refresh = try await search.refresh()
            if refresh.embedded > 1 {
                StandardError.write("verbatim memo search: indexed \(refresh.embedded) notes\n")
            }
            let matches = try await search.search(query, limit: limit)
            if arguments.flag("json") {
                printMatches(matches)
            } else {
                for match in matches {
                    print(String(format: "%.3f", match.score) + "  \(match.id)  \(match.title)")
                }
            }
            return 0
        } catch {
            StandardError.write("verbatim memo search: \(error)\n")
            return 1
        }
    }
}

/// `verbatim memo delete ID`: deletes a saved note and its search index entry.
func memoDeleteCommand() -> Command {
    Command(
        name: "delete", abstract: "Delete a saved note (and its entry in the search index).",
        arguments: [Argument("ID", help: "The note's ID (see 'list').")]
    ) { arguments in
        let store = NoteStore(directory: NoteStore.defaultDirectory())
        let id = arguments.positional("ID") ?? ""
        do {
            try store.delete(id: id)
            StandardError.write("verbatim memo delete: deleted \(id)\n")
            return 0
        } catch {
            StandardError.write("verbatim memo delete: \(error)\n")
            return 1
        }
    }
}

/// Embeds a just-saved note into the search index. Without the multilingual model the note is
/// indexed later, by the first search once the model is installed; nothing is lost.
func indexSavedNotes(in store: NoteStore) async {
    guard let model = try? EmbeddingModel.multilingual() else { return }
    do {
        try await NoteSearch(store: store, model: model).refresh()
    } catch {
        StandardError.write("verbatim memo: the note is saved but not yet searchable (\(error))\n")
    }
}

private func printMatches(_ matches: [NoteSearch.Match]) {
    struct Row: Encodable {
        var id: String
        var title: String
        var score: Double
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let rows = matches.map { Row(id: $0.id, title: $0.title, score: ($0.score * 1000).rounded() / 1000) }
    guard let data = try? encoder.encode(rows) else { return }
    print(String(decoding: data, as: UTF8.self))
}
