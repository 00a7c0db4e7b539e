/// Line breaks that do not end a sentence. A line break is a boundary (UAX #29) unless the text
/// shows that it only wraps a line:
/// - the line ends with a space (as in RFC 3676 "format=flowed" and text copied from a PDF) and
///   not with sentence punctuation or a colon, and the next line, not indented, is no list item;
/// - in scripts without spaces (Japanese, Chinese), the break falls between two letters;
/// - three or more lines of one or two letters each spell one word ("W\nA\nRN\nI\nNG").
extension SentenceRules {
    /// The boundaries (first non-whitespace scalar of a line) that only wrap a line.
    func softLineBreaks() -> Set<Int> {
        let count = scalars.count
        var lines: [Range<Int>] = []
        var start = 0
        for index in 0..<count where scalars[index] == "\n" {
            lines.append(start..<index)
            start = index + 1
        }
        guard !lines.isEmpty else { return [] }
        lines.append(start..<count)
        let short = lines.map(isShortLetterLine)
        var result = Set<Int>()
        var run = 0
        for (number, line) in lines.enumerated() {
            // The length of the run of short-letter lines that this line belongs to.
            if short[number] {
                if run == 0 {
                    var end = number
                    while end < lines.count, short[end] { end += 1 }
                    run = end - number
                }
            } else {
                run = 0
            }
            guard number + 1 < lines.count else { break }
            let next = lines[number + 1]
            let nextStart = skipLineSpaces(in: next)
            guard nextStart < next.upperBound else { continue }  // a blank line ends a paragraph
            if short[number], short[number + 1], run >= 3 {
                result.insert(nextStart)
                continue
            }
            guard let last = lastNonSpace(in: line) else { continue }
            if !usesCase {
                if last == line.upperBound - 1, nextStart == next.lowerBound, isSpacelessLetter(last), isSpacelessLetter(nextStart) {
                    result.insert(nextStart)
                }
                continue
            }
            // The next line goes on at its very start; an indented line is a new item.
            let flowed = line.upperBound > line.lowerBound && [" ", "\t"].contains(scalars[line.upperBound - 1])
            guard flowed, nextStart == next.lowerBound, !endsWithSentencePunctuation(last), !startsListItem(at: nextStart)
            else { continue }
            result.insert(nextStart)
        }
        return result
    }

    /// Whether a line holds only one or two letters (surrounding spaces aside).
    private func isShortLetterLine(_ line: Range<Int>) -> Bool {
        let start = skipLineSpaces(in: line)
        guard let last = lastNonSpace(in: line) else { return false }
        return (1...2).contains(last - start + 1) && scalars[start...last].allSatisfy { Self.isLetter($0) }
    }

    private func skipLineSpaces(in line: Range<Int>) -> Int {
        var index = line.lowerBound
        while index < line.upperBound, Self.isSpace(scalars[index]) { index += 1 }
        return index
    }

    private func lastNonSpace(in line: Range<Int>) -> Int? {
        var index = line.upperBound
        while index > line.lowerBound, Self.isSpace(scalars[index - 1]) { index -= 1 }
        return index > line.lowerBound ? index - 1 : nil
    }

    /// A letter of a script written without spaces (kana, kanji, hangul aside from Latin).
    private func isSpacelessLetter(_ index: Int) -> Bool {
        let scalar = scalars[index]
        return scalar.value >= 0x2E80 && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
    }

    /// Whether the line ends with ".", "!", "?" (maybe before closing quotes) or ":".
    private func endsWithSentencePunctuation(_ last: Int) -> Bool {
        var index = last
        while index > 0, Self.closers.contains(scalars[index]) { index -= 1 }
        return Self.terminators.contains(scalars[index]) || scalars[index] == ":" || scalars[index] == "\u{FF1A}"
    }

    /// Whether a list item starts here: a bullet, or "3.", "12)", "b)", "(iv)".
    private func startsListItem(at index: Int) -> Bool {
        if Self.bullets.contains(scalars[index]) { return true }
        var start = index
        if scalars[start] == "(" { start += 1 }
        var end = start
        while end < scalars.count, end - start <= 4, Self.isLetter(scalars[end]) || isDigit(end) { end += 1 }
        guard end > start, end < scalars.count, scalars[end] == "." || scalars[end] == ")" else { return false }
        let body = string(start..<end)
        if body.unicodeScalars.allSatisfy({ Self.isDecimal($0) }) { return body.unicodeScalars.count <= 3 }
        return body.unicodeScalars.count == 1 || Self.romanValue(body.lowercased()) != nil
    }
}
