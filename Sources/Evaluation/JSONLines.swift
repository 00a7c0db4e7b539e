import Foundation

/// Reads JSON Lines evaluation files: one JSON object per line, blank lines skipped.
public enum JSONLines {
    /// The non-blank lines of a text with their 1-based line numbers.
    public static func lines(in text: String) -> [(number: Int, text: Substring)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { !$0.element.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            .map { (number: $0.offset + 1, text: $0.element) }
    }

    /// Decodes every non-blank line of a text as a `Record`.
    /// - Throws: ``EvaluationDataError/invalidLine(line:reason:)`` for the first line that is not one.
    public static func decode<Record: Decodable>(_ type: Record.Type, from text: String) throws(EvaluationDataError) -> [Record] {
        let decoder = JSONDecoder()
        var records: [Record] = []
        for line in lines(in: text) {
            do {
                records.append(try decoder.decode(Record.self, from: Data(line.text.utf8)))
            } catch {
                throw .invalidLine(line: line.number, reason: "not a \(Record.self) record: \(reason(error))")
            }
        }
        return records
    }

    /// Reads a file and decodes every non-blank line as a `Record`.
    /// - Throws: ``EvaluationDataError`` when the file cannot be read or a line is not a record.
    public static func read<Record: Decodable>(_ type: Record.Type, fromFile path: String) throws(EvaluationDataError) -> [Record] {
        try decode(type, from: EvaluationFile.text(atPath: path))
    }

    /// A short account of a decoding error: the missing or mistyped field, or the JSON problem.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "no '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))': \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context): context.underlyingError.map { "\($0)" } ?? context.debugDescription
        default: "\(error)"
        }
    }
}
