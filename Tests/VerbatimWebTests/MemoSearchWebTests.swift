import AssetRequirements
import DialogueMemo
import Foundation
import LanguageModels
import Testing
@testable import VerbatimWeb

/// Runs only when setup has installed EmbeddingGemma-300M.
let noteSearchModel = InstalledAsset(
    isInstalled: {
        guard let entry = VerbatimConfiguration.current.modelCatalog.model(named: EmbeddingModel.multilingualModelName),
            case .installed = entry.status
        else { return false }
        return true
    }(),
    missing: "EmbeddingGemma-300M is not installed (run make setup)")

/// The memo page's search box behind `GET /api/memo/search`.
@Suite final class MemoSearchWebTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-search-web-\(UUID().uuidString)")
    var store: NoteStore { NoteStore(directory: folder) }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func searchIsUnavailableWhenTurnedOffAndAnEmptyQueryIsABadRequest() async throws {
        let service = MemoService(model: nil, store: store)
        await #expect(throws: WebError.unavailable("note search is off")) { try await service.search("garden", limit: 3) }
        await #expect(throws: WebError.badRequest("an empty search")) { try await service.search("  ", limit: 3) }
    }

    @Test(.enabled(ifInstalled: noteSearchModel), .requires(noteSearchModel))
    func aSpanishQueryFindsTheSavedEnglishNoteAndADeletedNoteIsGone() async throws {
        let garden = try store.save(markdown: "# Garden plans\n\nRaised beds for tomatoes next spring.\n", title: "Garden plans")
        let taxes = try store.save(markdown: "# Steuer\n\nDie Steuererklärung bis Juli abgeben.\n", title: "Steuer")
        let service = MemoService(model: nil, store: store, searchesNotes: true)
        let matches = try await service.search("plantar tomates en el jardín", limit: 2)
        #expect(matches.first?.id == garden, "\(matches)")
        #expect(matches.count == 2 && matches[0].score > matches[1].score)
        try store.delete(id: garden)
        #expect(try await service.search("plantar tomates en el jardín", limit: 5).map(\.id) == [taxes])
    }
}
