import Foundation

/// Finds short phrases in user text, in any of the five languages.
///
/// Text and phrases are compared case- and diacritic-insensitively with typographic apostrophes
/// unified, so "pas encore décidé" also finds "Pas encore decide". Phrases in Latin script must
/// start and end on word boundaries ("app" does not match "happy"); a trailing `*` allows any word
/// ending ("decid*"). Phrases in other scripts (Japanese) match anywhere. A leading `=` means the
/// whole text, without surrounding punctuation, must equal the phrase ("=stop").
struct PhraseMatcher: Sendable {
    private struct Phrase: Sendable {
        var text: String
        var isPrefix: Bool
        var isWhole: Bool
        var needsBoundaries: Bool
    }

    private let phrases: [Phrase]

    init(_ phrases: [String]) {
        self.phrases = phrases.map { raw in
            var text = raw
            let isWhole = text.hasPrefix("=")
            if isWhole { text.removeFirst() }
            let isPrefix = text.hasSuffix("*")
            if isPrefix { text.removeLast() }
            let normalized = Self.normalize(text)
            let needsBoundaries = normalized.unicodeScalars.first.map { $0.value < 0x2E80 } ?? false
            return Phrase(text: normalized, isPrefix: isPrefix, isWhole: isWhole, needsBoundaries: needsBoundaries)
        }
    }

    /// Lowercased, diacritics removed, apostrophes unified.
    static func normalize(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "\u{2019}", with: "'")
            .replacingOccurrences(of: "\u{2018}", with: "'")
    }

    /// Whether any phrase occurs in already normalized text.
    func matches(normalized text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
        for phrase in phrases where !phrase.text.isEmpty {
            if phrase.isWhole {
                if trimmed == phrase.text { return true }
                continue
            }
            var searchStart = text.startIndex
            while let range = text.range(of: phrase.text, range: searchStart..<text.endIndex) {
                if !phrase.needsBoundaries || Self.isWordBoundary(in: text, range: range, allowSuffix: phrase.isPrefix) {
                    return true
                }
                searchStart = text.index(after: range.lowerBound)
            }
        }
        return false
    }

    /// Whether any phrase occurs in text.
    func matches(_ text: String) -> Bool {
        matches(normalized: Self.normalize(text))
    }

    private static func isWordBoundary(in text: String, range: Range<String.Index>, allowSuffix: Bool) -> Bool {
        if range.lowerBound > text.startIndex {
            let before = text[text.index(before: range.lowerBound)]
            if before.isLetter || before.isNumber { return false }
        }
        if !allowSuffix, range.upperBound < text.endIndex {
            let after = text[range.upperBound]
            if after.isLetter || after.isNumber { return false }
        }
        return true
    }
}
