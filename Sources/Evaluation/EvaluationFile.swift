import Foundation

/// Reading an evaluation file's text.
public enum EvaluationFile {
    /// The text of a UTF-8 file.
    /// - Throws: ``EvaluationDataError/unreadableFile(path:)`` when it cannot be read.
    public static func text(atPath path: String) throws(EvaluationDataError) -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw .unreadableFile(path: path)
        }
        return text
    }
}
