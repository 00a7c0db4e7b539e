import DialogueMemo
import Foundation
import Testing

@Suite struct NoteStoreTests {
    private func temporaryStore() -> NoteStore {
        NoteStore(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("verbatim-notes-\(UUID().uuidString)", isDirectory: true))
    }

    @Test func savesAtomicallyAndListsAndShows() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        let date = Date(timeIntervalSince1970: 1_780_000_000)
        let id = try store.save(markdown: "# Frozen meals.\n\n- For busy people.\n", title: "Frozen meals.", date: date)
        #expect(id == "20260528-202640-frozen-meals")
        #expect(try store.show(id: id) == "# Frozen meals.\n\n- For busy people.\n")
        // No temporary file is left behind.
        let names = try FileManager.default.contentsOfDirectory(atPath: store.directory.path)
        #expect(names == [id + ".md"])
        // The same second and title never overwrite: the second note gets a suffix.
        let second = try store.save(markdown: "# Frozen meals.\n\n- Again.\n", title: "Frozen meals.", date: date)
        #expect(second == id + "-2")
        #expect(try store.show(id: id) == "# Frozen meals.\n\n- For busy people.\n")
        let later = try store.save(markdown: "# メモ\n\n- 冷凍食品。\n", title: "メモ", date: date.addingTimeInterval(60))
        #expect(later == "20260528-202740-memo")
        let entries = try store.list()
        #expect(entries.map(\.id) == [later, second, id])
        #expect(entries.first?.title == "メモ")
    }

    @Test func rejectsUnknownAndUnsafeIDs() throws {
        let store = temporaryStore()
        defer { try? FileManager.default.removeItem(at: store.directory) }
        #expect(try store.list().isEmpty)
        #expect(throws: NoteStoreError.notFound("20260101-000000-nothing")) {
            try store.show(id: "20260101-000000-nothing")
        }
        #expect(throws: NoteStoreError.invalidID("../secret")) { try store.show(id: "../secret") }
        #expect(throws: NoteStoreError.invalidID(".tmp-x")) { try store.show(id: ".tmp-x") }
    }

    @Test func defaultFolderFollowsXDGDataHome() {
        #expect(NoteStore.defaultDirectory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path
            == "/data/verbatim/notes")
        #expect(NoteStore.defaultDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/verbatim/notes")
    }
}
