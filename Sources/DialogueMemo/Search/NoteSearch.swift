public import Foundation
public import LanguageModels

/// Finds saved notes by meaning, in any of the interface languages and across them (an English
/// query finds a German note): each note's title and blocks are embedded once by the multilingual
/// encoder and kept in a ``NoteSearchIndex`` beside the notes; a query is ranked against them by
/// cosine.
///
/// The index is brought up to date before every search (notes added, edited or deleted since are
/// embedded again or dropped; the files are only stat'ed when nothing changed), and it stays in
/// memory between searches, so a warm search costs one query embedding and a pass over the vectors.
public actor NoteSearch {
    /// A note that matches a query.
    public struct Match: Sendable, Equatable {
        /// The note's ID.
        public var id: String
        /// Its title.
        public var title: String
        /// The cosine of its vector and the query's, in −1…1.
        public var score: Double

        /// Creates a match.
        public init(id: String, title: String, score: Double) {
            self.id = id
            self.title = title
            self.score = score
        }
    }

    /// What ``refresh()`` changed.
    public struct Refresh: Sendable, Equatable {
        /// Notes embedded (new or edited).
        public var embedded: Int
        /// Entries dropped because their note is gone.
        public var removed: Int
        /// Notes in the index now.
        public var total: Int

        /// Creates a summary.
        public init(embedded: Int, removed: Int, total: Int) {
            self.embedded = embedded
            self.removed = removed
            self.total = total
        }
    }

    /// The notes searched.
    public let store: NoteStore
    private let model: EmbeddingModel
    private let modelID: String
    private var index: NoteSearchIndex?
    private var vectors: [(id: String, title: String, values: [Float])] = []
    /// Tokens read of each note: its start (the title and the first blocks) says what it is about.
    static let documentTokenLimit = 512

    /// A search over a store's notes with an embedding model (normally
    /// ``EmbeddingModel/multilingual(catalog:threads:)``).
    public init(store: NoteStore, model: EmbeddingModel) {
        self.store = store
        self.model = model
        self.modelID = Self.modelID(of: model)
    }

    /// Identifies the vectors a model makes: its name, file name and file size.
    public static func modelID(of model: EmbeddingModel) -> String {
        let size = (try? FileManager.default.attributesOfItem(atPath: model.url.path)[.size] as? NSNumber)?.intValue ?? 0
        return "\(model.name ?? "unnamed")|\(model.url.lastPathComponent)|\(size)|\(model.dimension)"
    }

    /// Embeds the notes that are new or changed since they were indexed and drops deleted ones,
    /// saving the index when anything changed.
    /// - Throws: ``NoteSearchError``, or `CancellationError`.
    @discardableResult
    public func refresh() async throws -> Refresh {
        var current = index ?? NoteSearchIndex.load(from: store.directory, model: modelID)
        let files: [NoteSearchIndex.FileState]
        do { files = try NoteSearchIndex.fileStates(of: store) } catch { throw NoteSearchError.store(error) }
        let removed = current.keepOnly(ids: Set(files.map(\.id)))
        let stale = Set(current.stale(notes: files))
        let byID = Dictionary(current.entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var pending: [(file: NoteSearchIndex.FileState, title: String, hash: String, text: String)] = []
        var touched = false
        for file in files where stale.contains(file.id) {
            guard let markdown = try? store.show(id: file.id) else { continue }
            let hash = NoteSearchIndex.hash(of: markdown)
            let note = NoteMarkdown.parse(markdown)
            if var entry = byID[file.id], entry.hash == hash {
                // Touched, not edited: the vector still holds.
                entry.size = file.size
                entry.modified = file.modified
                current.upsert(entry)
                touched = true
                continue
            }
            pending.append((file, note.title, hash, NoteSearchIndex.searchableText(of: note)))
        }
        let batch = 64
        var start = 0
        while start < pending.count {
            let slice = pending[start..<min(start + batch, pending.count)]
            let embedded: [[Float]]
            do {
                embedded = try await model.vectors(
                    for: slice.map { $0.text.isEmpty ? $0.title : $0.text }, purpose: .searchDocument,
                    tokenLimit: Self.documentTokenLimit)
            } catch let error as EmbeddingError {
                throw NoteSearchError.embedding(error)
            }
            for (note, vector) in zip(slice, embedded) {
                current.upsert(
                    NoteSearchIndex.Entry(
                        id: note.file.id, title: note.title, size: note.file.size, modified: note.file.modified,
                        hash: note.hash, vector: vector))
            }
            start += batch
        }
        let changed = removed > 0 || touched || !pending.isEmpty
        if changed { try current.save(to: store.directory) }
        if changed || index == nil {
            index = current
            vectors = current.entries.map { ($0.id, $0.title, $0.values) }
        }
        return Refresh(embedded: pending.count, removed: removed, total: current.entries.count)
    }

    /// The notes closest in meaning to a query, best first.
    /// - Parameters:
    ///   - query: Words in any language.
    ///   - limit: At most this many matches.
    /// - Throws: ``NoteSearchError/emptyQuery`` for an empty query, other ``NoteSearchError``s, or
    ///   `CancellationError`.
    public func search(_ query: String, limit: Int = 5) async throws -> [Match] {
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { throw NoteSearchError.emptyQuery }
        try await refresh()
        guard !vectors.isEmpty, limit > 0 else { return [] }
        let vector: [Float]
        do {
            vector = try await model.vector(for: query, purpose: .searchQuery)
        } catch let error as EmbeddingError {
            throw NoteSearchError.embedding(error)
        }
        let scored = vectors.map { note in
            Match(id: note.id, title: note.title, score: Self.dot(vector, note.values))
        }
        return Array(scored.sorted { $0.score != $1.score ? $0.score > $1.score : $0.id > $1.id }.prefix(limit))
    }

    /// Removes a note's entry from the index in a folder, without loading a model (the note's
    /// file is deleted by ``NoteStore/delete(id:)``).
    /// - Throws: ``NoteSearchError/indexWriteFailed(_:)``.
    public static func removeEntry(id: String, in directory: URL) throws(NoteSearchError) {
        let file = NoteSearchIndex.url(in: directory)
        guard let data = FileManager.default.contents(atPath: file.path),
            var index = try? JSONDecoder().decode(NoteSearchIndex.self, from: data)
        else { return }
        if index.keepOnly(ids: Set(index.entries.map(\.id)).subtracting([id])) > 0 {
            try index.save(to: directory)
        }
    }

    /// The dot product of two unit-length vectors: their cosine.
    static func dot(_ a: [Float], _ b: [Float]) -> Double {
        var sum: Float = 0
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                for i in 0..<min(x.count, y.count) { sum += x[i] * y[i] }
            }
        }
        return Double(sum)
    }
}
