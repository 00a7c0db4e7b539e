internal import ICUBreaks

/// Splits text into sentences: ICU's sentence break iterator (UAX #29, with its abbreviation
/// suppression turned on) proposes boundaries, then ``SentenceRules`` fixes the classes of text it
/// gets wrong (abbreviations, initials, lists, ellipses, ordinal dates, names like "Yahoo!",
/// quotations, wrapped lines, sentences without a space after them, footnote marks).
///
/// Foundation's sentence enumeration is not available on Linux, hence ICU directly.
public enum SentenceSplitter {
    /// Splits text into sentences.
    ///
    /// - Parameters:
    ///   - text: the text to split.
    ///   - language: a language code (`en`, `de`, `es`, `fr`, `ja`, or with a region, `en-US`).
    /// - Returns: the sentences in order, without surrounding whitespace, each with its range in
    ///   `text`; empty when the text holds only whitespace.
    public static func split(_ text: String, language: String) -> [Sentence] {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        let code = languageCode(language)
        var rules = SentenceRules(scalars: scalars, language: code)
        let boundaries = rules.boundaries(fromICU: icuBoundaries(text, scalars: scalars, language: code))
        return sentences(in: text, scalarCount: scalars.count, boundaries: boundaries)
    }

    /// Splits text with ICU alone (no rule layer), for comparison in benchmarks and evaluations.
    public static func splitWithICUOnly(_ text: String, language: String) -> [Sentence] {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty else { return [] }
        let boundaries = icuBoundaries(text, scalars: scalars, language: languageCode(language))
        return sentences(in: text, scalarCount: scalars.count, boundaries: boundaries.sorted())
    }

    /// The primary language subtag, lowercased: `en` for `en-US` or `EN_gb`.
    static func languageCode(_ language: String) -> String {
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        return primary.isEmpty ? "en" : primary.lowercased()
    }

    /// The ICU locale for a language. `@ss=standard` turns on ICU's suppression of breaks after
    /// known abbreviations — except for German: ICU 72's German list suppresses breaks after
    /// ordinary words ("Das ist ein Test. Wir …", "Sie hat drei Kinder. Alle …" stay one
    /// sentence), so German relies on the rule layer's own abbreviation list.
    static func icuLocale(for language: String) -> String {
        language == "de" ? language : language + "@ss=standard"
    }

    /// ICU's boundaries as scalar indices of the first non-whitespace scalar after each break.
    private static func icuBoundaries(_ text: String, scalars: [Unicode.Scalar], language: String) -> Set<Int> {
        let utf16 = Array(text.utf16)
        let breaks = sentenceBreaks(in: utf16, locale: icuLocale(for: language))
        // Map UTF-16 offsets to scalar indices.
        var scalarIndex = [Int](repeating: -1, count: utf16.count + 1)
        var offset = 0
        for (index, scalar) in scalars.enumerated() {
            scalarIndex[offset] = index
            offset += scalar.utf16.count
        }
        scalarIndex[utf16.count] = scalars.count
        var result = Set<Int>()
        for utf16Offset in breaks where utf16Offset > 0 && utf16Offset < utf16.count {
            var index = scalarIndex[utf16Offset]
            guard index >= 0 else { continue }
            while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
            if index < scalars.count { result.insert(index) }
        }
        return result
    }

    /// Cuts text at boundaries (scalar indices), keeping only cuts on character boundaries, and
    /// trims each piece.
    private static func sentences(in text: String, scalarCount: Int, boundaries: [Int]) -> [Sentence] {
        let view = text.unicodeScalars
        var cuts: [String.Index] = [text.startIndex]
        var position = view.startIndex
        var positionOffset = 0
        for boundary in boundaries where boundary > 0 && boundary < scalarCount {
            position = view.index(position, offsetBy: boundary - positionOffset)
            positionOffset = boundary
            // A cut inside a grapheme cluster (say, before a combining mark) is dropped.
            if String.Index(position, within: text) != nil { cuts.append(position) }
        }
        cuts.append(text.endIndex)
        var result: [Sentence] = []
        for piece in 0..<(cuts.count - 1) {
            var start = cuts[piece]
            var end = cuts[piece + 1]
            while start < end, text[start].isWhitespace { start = text.index(after: start) }
            while end > start {
                let before = text.index(before: end)
                guard text[before].isWhitespace else { break }
                end = before
            }
            guard start < end else { continue }
            result.append(Sentence(text: String(text[start..<end]), range: start..<end))
        }
        return result
    }
}
