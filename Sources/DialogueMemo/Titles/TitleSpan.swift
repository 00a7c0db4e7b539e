import Foundation
import SentenceSegmentation

/// The rules a span of the person's idea must meet to become a note's title.
///
/// The model only chooses among spans that already pass (``candidateRanges(in:language:limit:)``);
/// the checks run again on its answer, so a model that answers otherwise cannot get past them.
///
/// A title is 3–8 words, or for Japanese (no spaces between words) 4–20 characters; it has no
/// line break, lies within one sentence, does not start with a filler ("and", "um", "I think") or end on a function word
/// ("the", "of"), and keeps no punctuation at either end.
public enum TitleSpan {
    /// Words a title holds, in languages that put spaces between words.
    public static let wordRange = 3...8
    /// Characters a Japanese title holds.
    public static let japaneseCharacterRange = 4...20

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
        problem(with: span, in: idea, sentences: SentenceNumbering.numberedSources(for: idea, language: language.rawValue),
            language: language)
    }

    /// ``problem(with:in:language:)`` with the idea's sentences already split.
    static func problem(with span: String, in idea: String, sentences: [String], language: MemoLanguage)
        -> TitleSpanProblem?
    {
        guard !span.isEmpty, idea.contains(span) else { return .notInIdea }
        if span.contains(where: \.isNewline) { return .lineBreak }
        if !sentences.contains(where: { $0.contains(span) }) { return .crossesSentences }
        let bounds = bounds(for: language)
        let size = size(of: span, language: language)
        if size < bounds.lowerBound { return .tooShort(count: size, minimum: bounds.lowerBound) }
        if size > bounds.upperBound { return .tooLong(count: size, maximum: bounds.upperBound) }
        if language == .japanese {
            // The longest filler names the problem ("ので", not "で").
            let leading = TitleFillers.leading(language).filter(span.hasPrefix).max { $0.count < $1.count }
            if let leading { return .startsWithFiller(leading) }
            let trailing = TitleFillers.trailing(language).filter(span.hasSuffix).max { $0.count < $1.count }
            if let trailing { return .endsWithFiller(trailing) }
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

    /// Every span of `idea` that may be its title (``trimmed(_:)`` and without a
    /// ``problem(with:in:language:)``), as Unicode scalar offsets into `idea`, in order of where
    /// they start: the choices decoding allows the model (``GenerationGuide/spans(of:_:)``).
    ///
    /// Spans start and end at word boundaries: between white space-separated words, and in
    /// Japanese (no spaces) at punctuation or where hiragana gives way to kanji or katakana, which
    /// is where a particle or an inflection ends and the next word starts.
    /// - Parameters:
    ///   - idea: The text to choose from.
    ///   - language: The interface language (bounds, fillers, how words are found).
    ///   - limit: The most spans returned (the first ones).
    public static func candidateRanges(in idea: String, language: MemoLanguage, limit: Int = 600) -> [Range<Int>] {
        let sentences = SentenceNumbering.numberedSources(for: idea, language: language.rawValue)
        var offsets: [String.Index: Int] = [:]
        var offset = 0
        for index in idea.unicodeScalars.indices {
            offsets[index] = offset
            offset += 1
        }
        offsets[idea.endIndex] = offset
        var ranges: [Range<Int>] = []
        var seen = Set<Range<Int>>()
        var searchFrom = idea.startIndex
        for sentence in sentences {
            guard let found = idea.range(of: sentence, range: searchFrom..<idea.endIndex) else { continue }
            searchFrom = found.upperBound
            for raw in spans(in: idea[found], language: language) {
                guard let range = trimmedRange(raw, in: idea), let lower = offsets[range.lowerBound],
                    let upper = offsets[range.upperBound], !seen.contains(lower..<upper)
                else { continue }
                let span = String(idea[range])
                guard problem(with: span, in: idea, sentences: sentences, language: language) == nil else { continue }
                seen.insert(lower..<upper)
                ranges.append(lower..<upper)
                if ranges.count >= limit { return ranges }
            }
        }
        return ranges
    }

    /// Untrimmed spans of a sentence between word boundaries, short enough to be a title once trimmed.
    private static func spans(in sentence: Substring, language: MemoLanguage) -> [Range<String.Index>] {
        var result: [Range<String.Index>] = []
        if language == .japanese {
            let bounds = japaneseBoundaries(in: sentence)
            for (position, start) in bounds.enumerated() {
                for end in bounds[(position + 1)...] {
                    let length = sentence.distance(from: start, to: end)
                    if length > japaneseCharacterRange.upperBound + 2 { break }
                    // A title is one clause: it stops at the first punctuation mark it would hold inside.
                    if TitleSpan.trimmed(String(sentence[start..<end])).contains(where: { $0.isPunctuation }) { break }
                    result.append(start..<end)
                }
            }
            return result
        }
        let tokens = sentence.split(whereSeparator: { $0.isWhitespace })
        for first in tokens.indices {
            var words = 0
            for last in first..<tokens.endIndex {
                if tokens[last].contains(where: { $0.isLetter || $0.isNumber }) { words += 1 }
                if words > wordRange.upperBound { break }
                if words >= wordRange.lowerBound { result.append(tokens[first].startIndex..<tokens[last].endIndex) }
            }
        }
        return result
    }

    /// Where a Japanese span may start or end: the sentence's ends, either side of punctuation or
    /// white space, and where hiragana gives way to kanji or katakana.
    private static func japaneseBoundaries(in sentence: Substring) -> [String.Index] {
        func isBreak(_ character: Character) -> Bool {
            character.isWhitespace || character.isPunctuation || character.isSymbol
        }
        func isHiragana(_ character: Character) -> Bool {
            character.unicodeScalars.first.map { (0x3041...0x309F).contains($0.value) } ?? false
        }
        // The long-vowel mark continues the word before it, whatever its script.
        func continues(_ character: Character) -> Bool { character == "ー" || character == "ｰ" }
        var bounds: [String.Index] = [sentence.startIndex]
        var previous: Character?
        for index in sentence.indices {
            let character = sentence[index]
            if let previous, index != sentence.startIndex, !continues(character),
                isBreak(previous) != isBreak(character) || (isHiragana(previous) && !isHiragana(character) && !isBreak(character))
            {
                bounds.append(index)
            }
            previous = character
        }
        bounds.append(sentence.endIndex)
        return bounds
    }

    /// A range without white space or punctuation at either end (as ``trimmed(_:)``), or `nil`
    /// when nothing is left.
    private static func trimmedRange(_ range: Range<String.Index>, in text: String) -> Range<String.Index>? {
        let edges = CharacterSet.whitespacesAndNewlines.union(.punctuationCharacters)
        func isEdge(_ character: Character) -> Bool { character.unicodeScalars.allSatisfy(edges.contains) }
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isEdge(text[lower]) { lower = text.index(after: lower) }
        while lower < upper, isEdge(text[text.index(before: upper)]) { upper = text.index(before: upper) }
        return lower < upper ? lower..<upper : nil
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
