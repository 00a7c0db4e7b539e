import Foundation

/// The seam between the engine and sentence splitting: answers in, numbered sources out
/// (source *i* has ID *i + 1*).
///
/// TEMPORARY: this uses ``splitTemporarily(_:)``, a deliberately simple splitter, until the
/// `SentenceSplitter` branch lands. At merge, replace the body of ``sources(from:language:)`` with
/// the `SentenceSplitter` numbering (it has its own adds-up check) and delete the helper.
public enum SourceSentences {
    /// The sources for a list of answers, in order: each answer's sentences, or the whole answer
    /// as one unit when its sentences do not add up to it. Blank answers give no source.
    /// - Parameters:
    ///   - answers: The idea, then each answer, exactly as given.
    ///   - language: The interface language code (the real splitter uses it for its rules).
    public static func sources(from answers: [String], language: String) -> [String] {
        answers.flatMap { splitTemporarily($0) }
    }

    /// Splits after `.` `!` `?` (or a run of them) followed by whitespace or the end, and after
    /// `。` `！` `？` anywhere. Each sentence is trimmed of surrounding whitespace; if the pieces do
    /// not add up to the text, the trimmed text is one unit.
    static func splitTemporarily(_ text: String) -> [String] {
        let halfWidth: Set<Character> = [".", "!", "?"]
        let fullWidth: Set<Character> = ["。", "！", "？"]
        var pieces: [String] = []
        var current = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            current.append(character)
            index = text.index(after: index)
            guard halfWidth.contains(character) || fullWidth.contains(character) else { continue }
            while index < text.endIndex, halfWidth.contains(text[index]) || fullWidth.contains(text[index]) {
                current.append(text[index])
                index = text.index(after: index)
            }
            let atBoundary = index == text.endIndex || text[index].isWhitespace || fullWidth.contains(character)
            guard atBoundary else { continue }
            while index < text.endIndex, text[index].isWhitespace {
                current.append(text[index])
                index = text.index(after: index)
            }
            pieces.append(current)
            current = ""
        }
        if !current.isEmpty { pieces.append(current) }
        let whole = trimmed(text)
        // The adds-up check: the pieces must rebuild the text byte for byte.
        guard Array(pieces.joined().utf8) == Array(text.utf8) else { return whole.isEmpty ? [] : [whole] }
        return pieces.map(trimmed).filter { !$0.isEmpty }
    }

    /// Text without leading and trailing Unicode white space (only `White_Space` scalars, so
    /// invisible format characters such as U+200B stay with the words).
    static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
