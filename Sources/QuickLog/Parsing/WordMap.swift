import Foundation

/// A map from words to the words that replace or join them, kept as data: `Resources/NAME.tsv`, one
/// word per line, then a tab, then its replacements separated by commas (`word<TAB>one[,two…]`); `#`
/// starting a comment line. Loaded once per map.
struct WordMap: Sendable {
    /// The lines as read: each word with its replacements, in file order.
    let entries: [(word: String, replacements: [String])]

    /// Each word's first replacement (for maps of one word to one text).
    var replacements: [String: String] {
        Dictionary(entries.map { ($0.word, $0.replacements.first ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// Each word's replacements, in file order.
    var lists: [String: [String]] {
        Dictionary(entries.map { ($0.word, $0.replacements) }, uniquingKeysWith: { first, _ in first })
    }

    /// Parses the file's text: lowercased words and replacements, blank lines and comments skipped;
    /// a line without a tab maps its word to nothing.
    init(text: String) {
        entries = text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            let columns = trimmed.split(separator: "\t", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let replacements = columns.count > 1
                ? columns[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } : []
            return (columns[0], replacements)
        }
    }

    /// A map shipped in the package's resources (empty when the file is missing, which a test rules out).
    static func bundled(_ name: String) -> WordMap {
        guard let url = Bundle.module.url(forResource: name, withExtension: "tsv"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return WordMap(text: "") }
        return WordMap(text: text)
    }
}
