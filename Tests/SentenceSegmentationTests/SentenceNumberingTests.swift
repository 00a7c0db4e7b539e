import SentenceSegmentation
import Testing

/// The adds-up check: numbered units always rebuild the answer, whatever the input.
@Suite struct SentenceNumberingTests {
    @Test func numbersEachSentence() {
        #expect(SentenceNumbering.numberedSources(for: "  One thing. Another thing!  ", language: "en") == ["One thing.", "Another thing!"])
    }

    @Test func emptyOrWhitespaceAnswersHaveNoUnits() {
        #expect(SentenceNumbering.numberedSources(for: "", language: "en").isEmpty)
        #expect(SentenceNumbering.numberedSources(for: " \n\t\u{3000} ", language: "ja").isEmpty)
    }

    @Test func sentencesThatSkipTextDoNotAddUp() {
        let text = "First part. Second part."
        let first = text.startIndex..<text.index(text.startIndex, offsetBy: 11)
        let skipping = [Sentence(text: "First part.", range: first)]
        #expect(!SentenceNumbering.addsUp(skipping, to: text))
        let wrongText = [Sentence(text: "First part!", range: first)]
        #expect(!SentenceNumbering.addsUp(wrongText, to: text))
        #expect(SentenceNumbering.addsUp(SentenceSplitter.split(text, language: "en"), to: text))
    }

    /// Random Unicode, thousands of cases: the split adds up, and the numbered units joined with
    /// the whitespace between them give back the original text.
    @Test func unitsAlwaysRebuildTheAnswer() {
        var random = SeededGenerator(seed: 0x5EED_2026)
        let languages = ["en", "de", "es", "fr", "ja"]
        for _ in 0..<3_000 {
            let text = RandomText.make(using: &random)
            let language = languages[Int(random.next() % UInt64(languages.count))]
            let sentences = SentenceSplitter.split(text, language: language)
            #expect(SentenceNumbering.addsUp(sentences, to: text), "split does not add up: \(text.debugDescription)")
            let units = SentenceNumbering.numberedSources(for: text, language: language)
            #expect(Self.rebuild(text, from: units), "units do not rebuild: \(text.debugDescription) → \(units)")
            if !text.contains(where: { !$0.isWhitespace }) { #expect(units.isEmpty) }
        }
    }

    /// Walks the original text: whitespace gaps, then each unit byte for byte, then whitespace.
    private static func rebuild(_ text: String, from units: [String]) -> Bool {
        var rest = Substring(text)
        var rebuilt = ""
        for unit in units {
            guard !unit.isEmpty else { return false }
            let gap = rest.prefix(while: \.isWhitespace)
            rest = rest.dropFirst(gap.count)
            guard rest.utf8.starts(with: unit.utf8) else { return false }
            rebuilt += gap
            rebuilt += unit
            rest = Substring(rest.utf8.dropFirst(unit.utf8.count))
        }
        guard rest.allSatisfy(\.isWhitespace) else { return false }
        rebuilt += rest
        return rebuilt.utf8.elementsEqual(text.utf8)
    }
}

/// Random text from pieces that stress splitting and trimming.
enum RandomText {
    static let pieces: [String] = [
        "a", "Z", "word", "Mr", "U.S", "I", "é", "ß", "1", "12", "3.5", " ", "  ", "\n", "\r\n", "\t",
        "\u{00A0}", "\u{3000}", "\u{2028}", ".", "!", "?", "…", ". . .", "...", "?!", "\"", "'", "(", ")",
        "「", "」", "。", "！", "？", "«", "»", "„", "“", "¿", "¡", "•", "-", ":", ",",
        "😀", "👍🏽", "👨‍👩‍👧", "🇩🇪", "\u{200D}", "\u{FE0F}", "\u{0301}", "e\u{0301}", " \u{0301}", "\u{20DD}",
        "漢字", "日本語", "한국어", "مرحبا", "שלום", "\u{200F}", "\u{202E}", "\u{0}", "\u{7}", "\u{1B}",
        "\u{7F}", "\u{200B}", "\u{FEFF}", "\u{10FFFF}", "\u{E000}", "𝔘", "1.", "a)", "ii.",
    ]

    static func make(using random: inout SeededGenerator) -> String {
        let count = Int(random.next() % 24)
        var text = ""
        for _ in 0..<count {
            if random.next() % 8 == 0 {
                // Any scalar at all, surrogate code points excluded.
                let value = UInt32(random.next() % 0x11_0000)
                text.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            } else {
                text += pieces[Int(random.next() % UInt64(pieces.count))]
            }
        }
        return text
    }
}
