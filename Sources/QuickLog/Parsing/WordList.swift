import Foundation

/// A list of words the parser's rules use, kept as data: `Resources/NAME.txt`, one entry per line,
/// `#` starting a comment line, an entry in double quotes keeping its spaces (`" with "`). Loaded
/// once per list.
struct WordList: Sendable {
    /// The entries, in file order.
    let entries: [String]
    /// The entries as a set.
    var words: Set<String> { Set(entries) }

    /// Parses the file's text: lowercased entries, blank lines and comments skipped, the quotes
    /// around an entry that keeps its spaces removed.
    init(text: String) {
        entries = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
            .map { $0.count > 1 && $0.hasPrefix("\"") && $0.hasSuffix("\"") ? String($0.dropFirst().dropLast()) : $0 }
    }

    /// A list shipped in the package's resources (empty when the file is missing, which a test rules out).
    static func bundled(_ name: String) -> WordList {
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return WordList(text: "") }
        return WordList(text: text)
    }
}
