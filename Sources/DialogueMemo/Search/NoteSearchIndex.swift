public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The search index of a notes folder: one unit-length vector per note (its title and blocks),
/// kept in `.search-index.json` beside the notes.
///
/// Each entry records what it was computed from (the file's size, modification time and a hash of
/// its text), and the index records the embedding model, so ``stale(in:notes:)`` can tell which
/// notes need embedding again; a missing or unreadable file is an empty index.
public struct NoteSearchIndex: Sendable, Equatable, Codable {
    /// One indexed note.
    public struct Entry: Sendable, Equatable, Codable {
        /// The note's ID.
        public var id: String
        /// The note's title.
        public var title: String
        /// The file's size in bytes when it was embedded.
        public var size: Int
        /// The file's modification time (seconds since 1970) when it was embedded.
        public var modified: Double
        /// FNV-1a 64 of the note's Markdown, in hex: an edit that keeps size and time still shows.
        public var hash: String
        /// The note's vector: little-endian Float32, base64.
        public var vector: Data

        /// Creates an entry.
        public init(id: String, title: String, size: Int, modified: Double, hash: String, vector: [Float]) {
            self.id = id
            self.title = title
            self.size = size
            self.modified = modified
            self.hash = hash
            self.vector = NoteSearchIndex.encode(vector)
        }

        /// The vector's numbers.
        public var values: [Float] { NoteSearchIndex.decode(vector) }
    }

    /// The file name inside the notes folder (hidden, so `memo list` never shows it).
    public static let fileName = ".search-index.json"

    /// Which model made the vectors (its name and file size); another model rebuilds the index.
    public var model: String
    /// The entries, by note ID order.
    public var entries: [Entry]

    /// Creates an index.
    public init(model: String, entries: [Entry] = []) {
        self.model = model
        self.entries = entries
    }

    /// The index file of a notes folder.
    public static func url(in directory: URL) -> URL {
        directory.appendingPathComponent(fileName)
    }

    /// The index stored in a folder for `model`: empty when the file is missing, unreadable or
    /// was made by another model.
    public static func load(from directory: URL, model: String) -> NoteSearchIndex {
        guard let data = FileManager.default.contents(atPath: url(in: directory).path),
            let index = try? JSONDecoder().decode(NoteSearchIndex.self, from: data), index.model == model
        else { return NoteSearchIndex(model: model) }
        return index
    }

    /// Writes the index atomically (a temporary file, then rename).
    /// - Throws: ``NoteSearchError/indexWriteFailed(_:)``.
    public func save(to directory: URL) throws(NoteSearchError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let data = try encoder.encode(self)
            let temporary = directory.appendingPathComponent(".tmp-index-\(UUID().uuidString)")
            try data.write(to: temporary)
            if rename(temporary.path, Self.url(in: directory).path) != 0 {
                try? FileManager.default.removeItem(at: temporary)
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            throw .indexWriteFailed("\(Self.url(in: directory).path): \(error.localizedDescription)")
        }
    }

    /// A note file's state as the index compares it.
    public struct FileState: Sendable, Equatable {
        /// The note's ID.
        public var id: String
        /// Its size in bytes.
        public var size: Int
        /// Its modification time, seconds since 1970.
        public var modified: Double

        /// Describes a file.
        public init(id: String, size: Int, modified: Double) {
            self.id = id
            self.size = size
            self.modified = modified
        }
    }

    /// The size and modification time of every note in a folder (stat only: no note is read).
    /// - Throws: ``NoteStoreError/readFailed(_:)``.
    public static func fileStates(of store: NoteStore) throws(NoteStoreError) -> [FileState] {
        let path = store.directory.path
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .readFailed("cannot read \(path): \(error.localizedDescription)")
        }
        return names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted(by: >).compactMap { name in
            var info = stat()
            guard stat(path + "/" + name, &info) == 0 else { return nil }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            let modified = Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
            return FileState(id: String(name.dropLast(3)), size: Int(info.st_size), modified: modified)
        }
    }

    /// The IDs among `notes` whose entry is missing or was computed from another size or time,
    /// in the order given. (A caller then compares their hashes before embedding again.)
    public func stale(notes: [FileState]) -> [String] {
        let byID = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return notes.filter { note in
            guard let entry = byID[note.id] else { return true }
            return entry.size != note.size || entry.modified != note.modified
        }.map(\.id)
    }

    /// Removes the entries of notes that no longer exist; returns how many went.
    @discardableResult
    public mutating func keepOnly(ids: Set<String>) -> Int {
        let before = entries.count
        entries.removeAll { !ids.contains($0.id) }
        return before - entries.count
    }

    /// Adds an entry, replacing the one with its ID.
    public mutating func upsert(_ entry: Entry) {
        if let at = entries.firstIndex(where: { $0.id == entry.id }) {
            entries[at] = entry
        } else {
            entries.append(entry)
            entries.sort { $0.id > $1.id }
        }
    }

    /// The text of a note that is embedded: its title and the words of its blocks, without the
    /// Markdown marks and without the questions (`## ` headings), which every note shares.
    public static func searchableText(of note: Note) -> String {
        // The title as its `# ` line, so a note embeds the same text as before it was a value.
        let raws = ["# " + note.title] + note.blocks.flatMap { $0.text.split(separator: "\n").map(String.init) }
        var lines: [String] = []
        for raw in raws {
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("## ") { continue }
            for mark in ["# ", "- ", "* ", "> "] where line.hasPrefix(mark) {
                line = String(line.dropFirst(mark.count))
                break
            }
            if !line.isEmpty { lines.append(line) }
        }
        return lines.joined(separator: "\n")
    }

    /// The searchable text of a note's Markdown (``NoteMarkdown/parse(_:)``).
    public static func searchableText(ofMarkdown markdown: String) -> String {
        searchableText(of: NoteMarkdown.parse(markdown))
    }

    /// FNV-1a 64 of a text's UTF-8, in hex.
    public static func hash(of text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        return String(value, radix: 16)
    }

    static func encode(_ vector: [Float]) -> Data {
        var data = Data(capacity: vector.count * 4)
        for value in vector {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    static func decode(_ data: Data) -> [Float] {
        let count = data.count / 4
        return data.withUnsafeBytes { raw in
            (0..<count).map { i in
                Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))
            }
        }
    }
}
