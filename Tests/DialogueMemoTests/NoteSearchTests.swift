import AssetRequirements
import DialogueMemo
import Foundation
import LanguageModels
import Testing

/// Runs only when setup has installed EmbeddingGemma-300M (and fails without it under
/// VERBATIM_REQUIRE_MODELS=1).
let multilingualEncoder = InstalledAsset(
    isInstalled: {
        guard let entry = VerbatimConfiguration.current.modelCatalog.model(named: EmbeddingModel.multilingualModelName),
            case .installed = entry.status
        else { return false }
        return true
    }(),
    missing: "EmbeddingGemma-300M is not installed (run make setup)")

private func temporaryStore() -> NoteStore {
    NoteStore(directory: FileManager.default.temporaryDirectory
        .appendingPathComponent("verbatim-search-\(UUID().uuidString)", isDirectory: true))
}

/// The index file's pieces, without a model.
@Suite struct NoteSearchIndexTests {
    @Test func theSearchableTextIsTheTitleAndTheBlocksWithoutQuestionsOrMarks() {
        let markdown = "# Water for grandma\n\nShe forgets to drink.\n\n## Who is it for?\n\n- My grandmother.\n- Her nurse.\n"
        #expect(NoteSearchIndex.searchableText(ofMarkdown: markdown) == "Water for grandma\nShe forgets to drink.\nMy grandmother.\nHer nurse.")
    }

    @Test func vectorsSurviveTheFileByteForByte() throws {
        let vector: [Float] = [0.25, -1, 3.5e-8, .pi]
        let entry = NoteSearchIndex.Entry(id: "a", title: "A", size: 3, modified: 12.5, hash: "ff", vector: vector)
        let index = NoteSearchIndex(model: "m", entries: [entry])
        let data = try JSONEncoder().encode(index)
        let decoded = try JSONDecoder().decode(NoteSearchIndex.self, from: data)
        #expect(decoded == index)
        #expect(decoded.entries[0].values == vector)
    }

    @Test func aNoteIsStaleWhenNewOrItsSizeOrTimeChanged() {
        let entries = [
            NoteSearchIndex.Entry(id: "same", title: "", size: 10, modified: 1, hash: "", vector: [1]),
            NoteSearchIndex.Entry(id: "edited", title: "", size: 10, modified: 1, hash: "", vector: [1]),
        ]
        let index = NoteSearchIndex(model: "m", entries: entries)
        let files = [
            NoteSearchIndex.FileState(id: "same", size: 10, modified: 1),
            NoteSearchIndex.FileState(id: "edited", size: 11, modified: 2),
            NoteSearchIndex.FileState(id: "new", size: 5, modified: 3),
        ]
        #expect(index.stale(notes: files) == ["edited", "new"])
        #expect(NoteSearchIndex.hash(of: "a") != NoteSearchIndex.hash(of: "b"))
    }

    @Test func anIndexOfAnotherModelOrAnUnreadableFileLoadsEmpty() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let entry = NoteSearchIndex.Entry(id: "n", title: "N", size: 1, modified: 1, hash: "1", vector: [1, 0])
        try NoteSearchIndex(model: "old-model", entries: [entry]).save(to: store.directory)
        #expect(NoteSearchIndex.load(from: store.directory, model: "old-model").entries.count == 1)
        #expect(NoteSearchIndex.load(from: store.directory, model: "new-model").entries.isEmpty)
        try Data("not json".utf8).write(to: NoteSearchIndex.url(in: store.directory))
        #expect(NoteSearchIndex.load(from: store.directory, model: "old-model").entries.isEmpty)
    }

    @Test func deletingANoteRemovesItsFileAndItsIndexEntry() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let kept = try store.save(markdown: "# Kept\n", title: "Kept", date: Date(timeIntervalSince1970: 1_780_000_000))
        let gone = try store.save(markdown: "# Gone\n", title: "Gone", date: Date(timeIntervalSince1970: 1_780_000_060))
        let entries = [kept, gone].map {
            NoteSearchIndex.Entry(id: $0, title: $0, size: 1, modified: 1, hash: "1", vector: [1])
        }
        try NoteSearchIndex(model: "m", entries: entries).save(to: store.directory)
        try store.delete(id: gone)
        #expect(try store.list().map(\.id) == [kept])
        #expect(NoteSearchIndex.load(from: store.directory, model: "m").entries.map(\.id) == [kept])
        #expect(throws: NoteStoreError.notFound(gone)) { try store.delete(id: gone) }
        #expect(throws: NoteStoreError.invalidID("../x")) { try store.delete(id: "../x") }
    }
}

/// Search with the real multilingual encoder.
@Suite(.serialized, .enabled(ifInstalled: multilingualEncoder), .requires(multilingualEncoder))
struct NoteSearchTests {
    private let model: EmbeddingModel

    init() throws {
        model = try EmbeddingModel.multilingual(threads: 1)
    }

    private func save(_ notes: [(String, String)], in store: NoteStore) throws -> [String] {
        try notes.enumerated().map { offset, note in
            try store.save(
                markdown: "# \(note.0)\n\n\(note.1)\n", title: note.0,
                date: Date(timeIntervalSince1970: 1_780_000_000 + Double(offset) * 60))
        }
    }

    @Test func anEnglishQueryFindsTheGermanNoteAndAJapaneseQueryTheSpanishOne() async throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let ids = try save(
            [
                ("Wasser für Oma", "Oma soll jeden Nachmittag ans Trinken erinnert werden."),
                ("Reparar la bicicleta", "El freno trasero chirría y necesita pastillas nuevas."),
                ("Réunion budget", "Préparer les chiffres du trimestre pour jeudi."),
                ("Garden plans", "Raised beds for tomatoes next spring."),
                ("引っ越しの準備", "来月の引っ越しのために段ボールを集める。"),
            ], in: store)
        let search = NoteSearch(store: store, model: model)
        let water = try await search.search("water reminder for my grandmother", limit: 3)
        #expect(water.first?.id == ids[0], "\(water)")
        let bike = try await search.search("自転車のブレーキの修理", limit: 3)
        #expect(bike.first?.id == ids[1], "\(bike)")
        #expect(bike.count == 3 && bike[0].score >= bike[1].score && bike[1].score >= bike[2].score)
    }

    @Test func theIndexFollowsNewEditedAndDeletedNotes() async throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let ids = try save([("Dentist", "Book a check-up with the dentist in March."), ("Taxes", "File the tax return.")], in: store)
        let search = NoteSearch(store: store, model: model)
        let first = try await search.refresh()
        #expect(first == NoteSearch.Refresh(embedded: 2, removed: 0, total: 2))
        #expect(FileManager.default.fileExists(atPath: NoteSearchIndex.url(in: store.directory).path))
        // Nothing changed: nothing is embedded again.
        #expect(try await search.refresh() == NoteSearch.Refresh(embedded: 0, removed: 0, total: 2))
        // An edited note is embedded again and found by its new words.
        try Data("# Taxes\n\nRepaint the kitchen walls in a light green.\n".utf8).write(to: store.url(for: ids[1]))
        let edited = try await search.search("painting the kitchen", limit: 1)
        #expect(edited.first?.id == ids[1])
        // A deleted note is never found again; a fresh search (a new process) reads the saved index.
        try store.delete(id: ids[0])
        let fresh = NoteSearch(store: store, model: model)
        #expect(try await fresh.refresh() == NoteSearch.Refresh(embedded: 0, removed: 0, total: 1))
        let dentist = try await fresh.search("dentist appointment", limit: 5)
        #expect(dentist.map(\.id) == [ids[1]])
    }

    @Test func aMissingIndexIsRebuiltAndAnEmptyQueryIsRefused() async throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let ids = try save([("Call the plumber", "The kitchen sink leaks.")], in: store)
        try await NoteSearch(store: store, model: model).refresh()
        try FileManager.default.removeItem(at: NoteSearchIndex.url(in: store.directory))
        let search = NoteSearch(store: store, model: model)
        #expect(try await search.search("leaking sink", limit: 2).map(\.id) == ids)
        #expect(NoteSearchIndex.load(from: store.directory, model: NoteSearch.modelID(of: model)).entries.count == 1)
        await #expect(throws: NoteSearchError.emptyQuery) { try await search.search("   ") }
    }
}
