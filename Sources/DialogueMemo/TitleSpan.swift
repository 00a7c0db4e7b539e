import Foundation

/// The rules a span of the person's idea must meet to become a note's title. The model only
/// chooses where the span starts and ends (decoding forces it to be an excerpt of the idea);
/// this code trims it and decides whether it may stand.
///
/// A title is 3–8 words, or for Japanese (no spaces between words) 4–20 characters; it has no
/// line break, lies within one sentence, does not start with a filler ("and", "um", "I think") or end on a function word
/// ("the", "of"), and keeps no punctuation at either end.
public enum TitleSpan {
    /// Words a title holds, in languages that put spaces between words.
    public static let wordRange = 3...8
    /// Characters a Japanese title holds.
    public static let japaneseCharacterRange = 4...20
    /// The longest span decoding may write, in Unicode scalars: as long as a first sentence may
    /// be and still become the title.
    public static let maximumLength = NoteRenderer.maximumTitleLength

    /// How a title's size is counted in a language and the bounds it must meet.
    public static func bounds(for language: MemoLanguage) -> ClosedRange<Int> {
        language == .japanese ? japaneseCharacterRange : wordRange
    }

    /// A span's size: characters in Japanese, else words (runs between white space that hold a
    /// letter or a digit).
    public static func size(of span: String, language: MemoLanguage) -> Int {
        if language == .japanese { return span.count }
        return words(of: span).count
    }

    /// The span without white space or punctuation at either end ("a tool library," → "a tool
    /// library"): still a substring of the idea.
    public static func trimmed(_ span: String) -> String {
        let edges = CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters)
        return span.trimmingCharacters(in: edges)
    }

    /// Checks a trimmed span against the idea it was taken from.
    /// - Parameters:
    ///   - span: The span, already ``trimmed(_:)``.
    ///   - idea: The person's idea.
    ///   - language: The interface language (how size is counted, which fillers apply).
    /// - Returns: The first problem, or `nil` when the span may be the title.
    public static func problem(with span: String, in idea: String, language: MemoLanguage) -> TitleSpanProblem? {
        guard !span.isEmpty, idea.contains(span) else { return .notInIdea }
        if span.contains(where: \.isNewline) { return .lineBreak }
        let sentences = SentenceNumbering.numberedSources(for: idea, language: language.rawValue)
        if !sentences.contains(where: { $0.contains(span) }) { return .crossesSentences }
        let bounds = bounds(for: language)
        let size = size(of: span, language: language)
        if size < bounds.lowerBound { return .tooShort(count: size, minimum: bounds.lowerBound) }
        if size > bounds.upperBound { return .tooLong(count: size, maximum: bounds.upperBound) }
        if language == .japanese {
            if let filler = TitleFillers.leading(language).first(where: span.hasPrefix) { return .startsWithFiller(filler) }
            if let filler = TitleFillers.trailing(language).first(where: span.hasSuffix) { return .endsWithFiller(filler) }
            return nil
        }
        let lowered = words(of: span).map { bare($0.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")) }
        for filler in TitleFillers.leading(language) {
            let parts = filler.split(separator: " ").map(String.init)
            if lowered.starts(with: parts) { return .startsWithFiller(filler) }
        }
        if let last = lowered.last, TitleFillers.trailing(language).contains(last) { return .endsWithFiller(last) }
        return nil
    }

    /// Whether a title is made only of the person's words: a substring of the idea.
    public static func isFromIdea(_ title: String, idea: String) -> Bool {
        !title.isEmpty && idea.contains(title)
    }

    /// Runs between white space holding a letter or a digit.
    static func words(of text: String) -> [Substring] {
        text.split(whereSeparator: { $0.isWhitespace }).filter { word in
            word.contains { $0.isLetter || $0.isNumber }
        }
    }

    /// A word without punctuation at its ends ("drills," → "drills").
    private static func bare(_ word: String) -> String {
        word.trimmingCharacters(in: CharacterSet.punctuationCharacters.subtracting(CharacterSet(charactersIn: "'")))
    }
}
