/// Quotations and brackets: a sentence does not end inside them. "'after such a fall … stairs!
/// How brave …!'" and "(He left. She stayed.)" stay whole; the sentence may end after the closing
/// mark.
extension SentenceRules {
    /// Closing marks that end a quotation, for the rule that a quotation ending with its own
    /// punctuation is not followed by a sentence that opens with a bracket.
    static let quoteMarks: ScalarSet = [
        "\"", "'", "\u{2019}", "\u{201D}", "\u{00BB}", "\u{203A}", "\u{300D}", "\u{300F}",
    ]

    /// For each scalar index, whether it lies inside a quotation or bracket pair (after the
    /// opening mark, up to and including the closing one), so a boundary there is dropped.
    ///
    /// Pairs are matched left to right within a paragraph (a blank line ends the search): `"…"`,
    /// `“…”`, `„…“`, `«…»`, `‘…’` and `'…'` (opening after whitespace, closing where no letter
    /// follows, so "they'll" and "dragon’s" are apostrophes), and innermost `(…)` and `[…]`.
    /// An opening mark without its partner in the paragraph protects nothing.
    func enclosedPositions() -> [Bool] {
        let count = scalars.count
        var inside = [Bool](repeating: false, count: count + 1)
        func endsParagraph(_ index: Int) -> Bool {
            guard scalars[index] == "\n" else { return false }
            var next = index + 1
            while next < count, scalars[next] == " " || scalars[next] == "\t" || scalars[next] == "\r" { next += 1 }
            return next < count && scalars[next] == "\n"
        }
        func letterFollows(_ index: Int) -> Bool {
            index + 1 < count && Self.isLetter(scalars[index + 1])
        }
        func spaceOrStartBefore(_ index: Int) -> Bool {
            index == 0 || Self.isSpace(scalars[index - 1]) || Self.isOpening(scalars[index - 1])
        }
        /// Marks pairs found by `opens` (which returns the closing test for an opening mark).
        func scan(_ opens: (Int) -> ((Int) -> Bool)?, innermost: Unicode.Scalar? = nil) {
            var index = 0
            while index < count {
                guard let closes = opens(index) else {
                    index += 1
                    continue
                }
                var close = index + 1
                var found = false
                while close < count, !endsParagraph(close) {
                    if let innermost, scalars[close] == innermost { break }
                    if closes(close) {
                        found = true
                        break
                    }
                    close += 1
                }
                if found {
                    for marked in (index + 1)...close { inside[marked] = true }
                    index = close + 1
                } else {
                    index += 1
                }
            }
        }
        // A straight double quote after a digit is an inch or seconds mark ("6'2\"", "5\" 3"), not a quote.
        func isQuote(_ index: Int) -> Bool { scalars[index] == "\"" && !(index > 0 && Self.isDecimal(scalars[index - 1])) }
        scan { index in
            switch scalars[index] {
            case "\"" where isQuote(index): return { isQuote($0) }
            case "\u{201C}": return { scalars[$0] == "\u{201D}" }
            case "\u{201E}": return { scalars[$0] == "\u{201C}" || scalars[$0] == "\u{201D}" }
            case "\u{00AB}": return { scalars[$0] == "\u{00BB}" }
            default: return nil
            }
        }
        scan { index in
            guard spaceOrStartBefore(index), index + 1 < count, !Self.isSpace(scalars[index + 1]) else { return nil }
            switch scalars[index] {
            case "\u{2018}": return { scalars[$0] == "\u{2019}" && !letterFollows($0) }
            case "'" where index > 0: return { scalars[$0] == "'" && !letterFollows($0) && !Self.isSpace(scalars[$0 - 1]) }
            default: return nil
            }
        }
        scan({ scalars[$0] == "(" ? { scalars[$0] == ")" } : nil }, innermost: "(")
        scan({ scalars[$0] == "[" ? { scalars[$0] == "]" } : nil }, innermost: "[")
        return inside
    }
}
