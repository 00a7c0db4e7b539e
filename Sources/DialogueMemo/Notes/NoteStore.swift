public import Foundation
import VerbatimPaths
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Markdown notes on disk, one file per note, written atomically (a temporary file in the same
/// folder, then `rename`), so a crash leaves either the whole note or nothing.
///
/// The folder defaults to `${XDG_DATA_HOME:-~/.local/share}/verbatim/notes/`; a note's ID is
/// its timestamp and a slug of its title (`20260131-142501-frozen-meals`).
public struct NoteStore: Sendable {
    /// A saved note's ID and title.
    public struct Entry: Sendable, Equatable, Codable {
        /// The ID (the file name without `.md`).
        public var id: String
        /// The note's title (``NoteMarkdown/parse(_:)``).
        public var title: String
    }

    /// The folder holding the notes.
    public let directory: URL

    /// A store in a folder (created on first save).
    public init(directory: URL) {
        self.directory = directory
    }

    /// The default folder for an environment.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        VerbatimPaths(environment: environment).notes
    }

    /// The folder for drafts: words kept when a run is stopped before the person accepted the
    /// note (`${XDG_DATA_HOME:-~/.local/share}/verbatim/drafts/`). Drafts are not notes, so
    /// `memo list` does not show them.
    public static func defaultDraftsDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        VerbatimPaths(environment: environment).drafts
    }

    /// Saves a note (as ``NoteMarkdown`` writes it) under a new ID made of the date and its title.
    /// - Returns: The new ID.
    /// - Throws: ``NoteStoreError/writeFailed(_:)``.
    @discardableResult
    public func save(_ note: Note, date: Date = Date()) throws(NoteStoreError) -> String {
        try save(markdown: note.markdown, title: note.title, date: date)
    }

    /// Saves Markdown under a new ID.
    /// - Parameters:
    ///   - markdown: The note.
    ///   - title: The title the slug comes from.
    ///   - date: The timestamp in the ID.
    /// - Returns: The new ID.
    /// - Throws: ``NoteStoreError/writeFailed(_:)``.
    @discardableResult
    public func save(markdown: String, title: String, date: Date = Date()) throws(NoteStoreError) -> String {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .writeFailed("cannot create \(directory.path): \(error.localizedDescription)")
        }
        let base = Self.timestamp(date) + "-" + Self.slug(title)
        let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)")
        do {
            try Data(markdown.utf8).write(to: temporary)
        } catch {
            throw .writeFailed("cannot write \(temporary.path): \(error.localizedDescription)")
        }
        var suffix = 1
        while true {
            let id = suffix == 1 ? base : "\(base)-\(suffix)"
            let target = url(for: id)
            // link(2) refuses to replace an existing note; the temporary name is then removed.
            if link(temporary.path, target.path) == 0 {
                unlink(temporary.path)
                return id
            }
            let code = errno
            guard code == EEXIST else {
                // Filesystems without hard links: rename(2) is still atomic; the name was checked just before.
                if code == EPERM || code == ENOTSUP || code == EXDEV,
                    !FileManager.default.fileExists(atPath: target.path), rename(temporary.path, target.path) == 0
                {
                    return id
                }
                unlink(temporary.path)
                throw .writeFailed("cannot save \(target.path): \(String(cString: strerror(code)))")
            }
            suffix += 1
        }
    }

    /// The saved notes, newest first.
    /// - Throws: ``NoteStoreError/readFailed(_:)`` when the folder exists but cannot be read.
    public func list() throws(NoteStoreError) -> [Entry] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw .readFailed("cannot read \(directory.path): \(error.localizedDescription)")
        }
        let ids = names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.map { String($0.dropLast(3)) }
        return ids.sorted(by: >).map { id in
            Entry(id: id, title: NoteMarkdown.parse((try? show(id: id)) ?? "").title)
        }
    }

    /// A saved note's Markdown.
    /// - Throws: ``NoteStoreError/invalidID(_:)`` or ``NoteStoreError/notFound(_:)``.
    public func show(id: String) throws(NoteStoreError) -> String {
        guard Self.isValidID(id) else { throw .invalidID(id) }
        guard let data = FileManager.default.contents(atPath: url(for: id).path) else { throw .notFound(id) }
        return String(decoding: data, as: UTF8.self)
    }

    /// Deletes a saved note, and its entry in the search index beside it.
    /// - Throws: ``NoteStoreError/invalidID(_:)``, ``NoteStoreError/notFound(_:)``, or
    ///   ``NoteStoreError/writeFailed(_:)`` when the file or the index entry cannot be removed.
    public func delete(id: String) throws(NoteStoreError) {
        guard Self.isValidID(id) else { throw .invalidID(id) }
        let file = url(for: id)
        guard FileManager.default.fileExists(atPath: file.path) else { throw .notFound(id) }
        guard unlink(file.path) == 0 else {
            throw .writeFailed("cannot delete \(file.path): \(String(cString: strerror(errno)))")
        }
        do {
            try NoteSearch.removeEntry(id: id, in: directory)
        } catch {
            throw .writeFailed(error.description)
        }
    }

    /// The file of a note.
    public func url(for id: String) -> URL {
        directory.appendingPathComponent(id + ".md")
    }

    static func isValidID(_ id: String) -> Bool {
        !id.isEmpty && !id.hasPrefix(".") && id.unicodeScalars.allSatisfy { $0.isASCII && ($0 == "-" || $0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }

    /// Lowercase ASCII letters and digits from the title, dashes between words, at most 40
    /// characters; `memo` when nothing is left (a Japanese title, say).
    static func slug(_ title: String) -> String {
        let folded = title.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var slug = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, slug.last != "-" {
                slug += "-"
            }
            if slug.count >= 40 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "memo" : slug
    }
}
