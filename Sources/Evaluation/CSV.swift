/// Reads comma-separated evaluation files (`food-phrases`): fields may be quoted, a quote inside a
/// quoted field is doubled, and quoted fields may span lines.
public enum CSV {
    /// The rows of a CSV text, each a list of fields. Line ends may be `\n` or `\r\n`; a last row
    /// without a line end counts.
    public static func rows(in text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending: Character? = nil
        while let character = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                    } else { quoted = false }
                } else { field.append(character) }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else if character != "\r" {
                field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }

    /// The rows of a CSV file.
    /// - Throws: ``EvaluationDataError/unreadableFile(path:)`` when it cannot be read.
    public static func rows(ofFile path: String) throws(EvaluationDataError) -> [[String]] {
        rows(in: try EvaluationFile.text(atPath: path))
    }
}
