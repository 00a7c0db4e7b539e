/// Sentence ends written without a space after them, and the marks that may follow a sentence's
/// end before the space: footnote numbers, a dash, a clock time.
extension SentenceRules {
    /// Full-width terminators (Japanese and Chinese punctuation inside other text).
    static let fullWidthTerminators: ScalarSet = ["\u{3002}", "\u{FF0E}", "\u{FF01}", "\u{FF1F}"]

    /// Clock-time abbreviations, lowercased, without the final period.
    static let timeOfDay: Set<String> = ["a.m", "p.m"]

    /// Whether a sentence starts right after a terminator with no space: "world.Today",
    /// "bought 1,000.That", "period．Does". Not in addresses ("Jane.Doe@example.com",
    /// "example.com/About", "Report.Final.docx"), abbreviations ("e.g.The", "Mr.Smith"), list items ("1.Helado") or
    /// after "!" and "?" ("Yahoo!Japan", "!Kung").
    func startsAttachedSentence(terminator: Int, next: Int) -> Bool {
        let count = scalars.count
        guard next < count else { return false }
        let mark = scalars[terminator]
        if Self.fullWidthTerminators.contains(mark) {
            return !isDigit(next) && !Self.terminators.contains(scalars[next]) && !Self.closers.contains(scalars[next])
        }
        guard mark == ".", usesCase, terminator > 0, isUpper(next), isLower(next + 1) else { return false }
        let start = tokenStart(endingBefore: terminator)
        var end = next
        while end < count, !Self.isSpace(scalars[end]) { end += 1 }
        let token = string(start..<end).lowercased()
        if ["@", "/", "www", "http", "\\"].contains(where: { token.contains($0) }) { return false }
        // Another period inside the word that follows makes it a file or host name: "Report.Final.docx".
        if (next..<(end - 1)).contains(where: { scalars[$0] == "." && Self.isLetter(scalars[$0 + 1]) }) { return false }
        let coreStart = skipOpeners(from: start)
        guard coreStart < terminator else { return false }
        let core = string(coreStart..<terminator)
        let lower = core.lowercased()
        if Self.isDottedAcronym(core) || lexicon.nonFinal.contains(lower) || lexicon.finalCapable.contains(lower)
            || lexicon.beforeNumber.contains(lower)
        {
            return false
        }
        if isLower(terminator - 1) { return core.unicodeScalars.count >= 2 }
        // A number with a thousands separator or of three digits or more; not "1.Helado".
        let scalarsOfCore = core.unicodeScalars
        guard scalarsOfCore.allSatisfy({ Self.isDecimal($0) || $0 == "," || $0 == "." }) else { return false }
        let digits = scalarsOfCore.filter { Self.isDecimal($0) }.count
        return digits >= 3 || core.contains(",")
    }

    /// Where footnote marks that follow a period end: "martyr.[1] The", "large.[7][8] This",
    /// "consultation.11 12 Take", "(1987).1 According". The marks come right after the period,
    /// which follows a letter or a bracket (not a digit: "3.5 Liter"), and a capital comes next.
    /// - Returns: the index just after the marks, or `nil` when there are none.
    func footnoteEnd(afterTerminator terminator: Int, from start: Int) -> Int? {
        let count = scalars.count
        guard scalars[terminator] == ".", usesCase, terminator > 0, start > terminator, start < count
        else { return nil }
        let before = scalars[terminator - 1]
        guard Self.isLetter(before) || Self.closers.contains(before) else { return nil }
        func digits(from index: Int) -> Int {
            var end = index
            while end < count, end - index < 3, isDigit(end) { end += 1 }
            return isDigit(end) ? index : end
        }
        var end = start
        if scalars[start] == "[" {
            while end < count, scalars[end] == "[" {
                let close = digits(from: end + 1)
                guard close > end + 1, close < count, scalars[close] == "]" else { break }
                end = close + 1
            }
        } else {
            end = digits(from: start)
            guard end > start else { return nil }
            // Up to two more numbers after single spaces: "… consultation.11 12 Take".
            var more = 0
            while more < 2, end + 1 < count, scalars[end] == " ", isDigit(end + 1) {
                let next = digits(from: end + 1)
                guard next > end + 1, next < count, Self.isSpace(scalars[next]) else { break }
                end = next
                more += 1
            }
        }
        guard end > start, end < count, Self.isSpace(scalars[end]) else { return nil }
        let nextStart = skipOpeners(from: skipSpaces(from: end))
        return isUpper(nextStart) ? end : nil
    }

    /// The period before footnote marks that end at `end`, if any.
    func terminatorBeforeFootnote(endingAt end: Int) -> Int? {
        var index = end - 1
        while index > 0, end - index <= 12 {
            let scalar = scalars[index]
            if scalar == "." { return footnoteEnd(afterTerminator: index, from: index + 1) == end ? index : nil }
            guard isDigit(index) || scalar == "[" || scalar == "]" || scalar == " " else { return nil }
            index -= 1
        }
        return nil
    }

    /// Whether a dash, a space and a capital start here: "What now? - Nobody knew."
    func startsWithDash(at index: Int) -> Bool {
        guard usesCase, index + 1 < scalars.count, ["-", "\u{2013}", "\u{2014}"].contains(scalars[index]),
            Self.isSpace(scalars[index + 1])
        else { return false }
        return isUpper(skipOpeners(from: skipSpaces(from: index + 1)))
    }

    /// Whether the token before `tokenStart` is a number ("6", "6:30"): "at 6 p.m.".
    func followsNumber(_ tokenStart: Int) -> Bool {
        var end = tokenStart
        while end > 0, Self.isSpace(scalars[end - 1]) { end -= 1 }
        guard end < tokenStart, end > 0 else { return false }
        let start = self.tokenStart(endingBefore: end)
        return isDigit(start) && scalars[start..<end].allSatisfy { Self.isDecimal($0) || $0 == ":" }
    }
}
