import Foundation

/// A list of words the parser's rules use, kept as data: `Resources/NAME.txt`, one entry per line,
/// `#` starting a comment line. Loaded once per list.
struct WordList: Sendable {
    /// The entries, in file order.
    let entries: [String]
    /// The entries as a set.
    var words: Set<String> { Set(entries) }

    /// Parses the file's text: lowercased entries, blank lines and comments skipped.
    init(text: String) {
        entries = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// A list shipped in the package's resources (empty when the file is missing, which a test rules out).
    static func bundled(_ name: String) -> WordList {
        guard let url = Bundle.module.url(forResource: name, withExtension: "txt"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return WordList(text: "") }
        return WordList(text: text)
    }
}
