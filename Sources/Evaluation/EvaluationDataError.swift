/// Why an evaluation file could not be read.
public enum EvaluationDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file does not exist or cannot be read as UTF-8 text.
    case unreadableFile(path: String)
    /// A line is not a record of the expected form (`line` counts from 1).
    case invalidLine(line: Int, reason: String)

    public var description: String {
        switch self {
        case .unreadableFile(let path): "cannot read '\(path)'"
        case .invalidLine(let line, let reason): "line \(line): \(reason)"
        }
    }
}
