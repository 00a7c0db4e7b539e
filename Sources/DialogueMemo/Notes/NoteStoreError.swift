/// Why a note could not be saved or read.
public enum NoteStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Writing failed.
    case writeFailed(String)
    /// Reading the folder failed.
    case readFailed(String)
    /// The ID is not one this store writes.
    case invalidID(String)
    /// No note has this ID.
    case notFound(String)

    public var description: String {
        switch self {
        case .writeFailed(let detail): "could not save the note: \(detail)"
        case .readFailed(let detail): "could not read the notes: \(detail)"
        case .invalidID(let id): "'\(id)' is not a note ID"
        case .notFound(let id): "no note with ID '\(id)'"
        }
    }
}
