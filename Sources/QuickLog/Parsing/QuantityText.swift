/// Reads amounts written the ways people write them: `2`, `1.5`, `1,5`, `1/2`, `1 1/2`, `1½`, `½`,
/// `3-4` (the middle), and words (`a`, `an`, `one` … `twelve`, `half`, `a couple of`, `a dozen`,
/// `half a dozen`, `a quarter`, `two thirds`), with "and a half" after them (`two and a half`).
enum QuantityText {
    static let vulgarFractions: [Character: Double] = [
        "½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75, "⅕": 0.2, "⅖": 0.4, "⅗": 0.6, "⅘": 0.8,
        "⅙": 1.0 / 6, "⅚": 5.0 / 6, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875,
    ]

    static let numberWords: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "half": 0.5, "dozen": 12, "single": 1,
        "couple": 2, "few": 3, "some": 0,
    ]

    /// Words naming a part of what follows, after a count ("a quarter cup", "two thirds of").
    static let partWords: [String: Double] = ["quarter": 0.25, "quarters": 0.25, "third": 1.0 / 3, "thirds": 1.0 / 3]

    /// Words that multiply the unit said after them ("a double shot", "a triple scoop").
    static let multiplyingWords: [String: Double] = ["double": 2, "triple": 3, "quadruple": 4]

    /// Reads an amount at the start of `text`.
    /// - Returns: the amount and the text after it (leading spaces removed), or `nil` when there is none.
    ///   `some` yields no amount but is consumed, so "some rice" has no quantity.
    static func leading(_ text: Substring) -> (value: Double?, rest: Substring)? {
        guard let (value, rest) = leadingWithoutHalf(text) else { return nil }
        // "two and a half cups", "1 and a half": the half is part of the amount.
        guard let value, let after = afterAnAddedHalf(rest) else { return (value, rest) }
        return (value + 0.5, after)
    }

    /// The text after "and a half" (or "and one half") at its start, "of" dropped; `nil` without one.
    static func afterAnAddedHalf(_ text: Substring) -> Substring? {
        let lowered = text.lowercased()
        guard let phrase = ["and a half", "and one half"].first(where: {
            lowered.hasPrefix($0) && lowered.dropFirst($0.count).first?.isLetter != true
        }) else { return nil }
        var rest = text.dropFirst(phrase.count).drop { $0 == " " }
        if rest.lowercased().hasPrefix("of ") { rest = rest.dropFirst(3) }
        return rest
    }

    private static func leadingWithoutHalf(_ text: Substring) -> (value: Double?, rest: Substring)? {
        if let numeric = leadingNumeric(text) { return numeric }
        // Word amounts: "a", "two", "half a", "a couple of", "a dozen".
        let words = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        guard let first = words.first?.lowercased() else { return nil }
        var value: Double
        var consumed = 1
        let second = words.count > 1 ? words[1].lowercased() : ""
        if first == "half", ["a", "an"].contains(second) {
            // "half a dozen wings" is six of them.
            let dozen = words.count > 2 && words[2].lowercased() == "dozen"
            value = dozen ? 6 : 0.5
            consumed = dozen ? 3 : 2
        } else if let share = partWords[second], let count = numberWords[first], count >= 1, isMeasured(text, afterWords: 2) {
            // "a quarter cup", "three quarters of a cup"; not "a quarter pounder", "a third coffee",
            // nor "a quarter of a chicken" (a share of a whole this reading cannot weigh).
            value = count * share
            consumed = 2
        } else if ["a", "an"].contains(first), words.count > 1,
            let next = numberWords[words[1].lowercased()], ["couple", "few", "dozen", "half"].contains(words[1].lowercased())
        {
            value = next
            consumed = 2
        } else if let number = numberWords[first] {
            value = number
        } else {
            return nil
        }
        var rest = text.dropFirst(0)
        for _ in 0..<consumed {
            rest = rest.drop { $0 == " " }
            rest = rest.drop { $0 != " " }
        }
        rest = rest.drop { $0 == " " }
        if rest.lowercased().hasPrefix("of ") {
            rest = rest.dropFirst(3)
            // "a third of a cup": the share is of one.
            if partWords[second] != nil, let article = ["a ", "an ", "the "].first(where: { rest.lowercased().hasPrefix($0) }) {
                rest = rest.dropFirst(article.count)
            }
        }
        return (first == "some" ? nil : value, rest)
    }

    /// Whether the words after the first `count` of `text` open with a unit, or with "of", an
    /// article and a unit ("a quarter cup", "a third of a cup").
    static func isMeasured(_ text: Substring, afterWords count: Int) -> Bool {
        var words = text.split(separator: " ").dropFirst(count).map { $0.lowercased() }
        if words.first == "of" { words = Array(words.dropFirst().drop { ["a", "an", "the"].contains($0) }) }
        return words.first.map { FoodUnit(word: $0) != nil } ?? false
    }

    /// Whether a word glued to a number measures it ("g" in "200g", "oz", "x" in "2x"), rather than
    /// continuing a name the number opens ("UP" in "7UP").
    static func measuresANumber(_ word: Substring) -> Bool {
        FoodUnit(word: String(word)) != nil || ["x", "×"].contains(word.lowercased())
    }

    /// Reads a written number (digits, decimals, fractions, mixed numbers, ranges).
    static func leadingNumeric(_ text: Substring) -> (value: Double?, rest: Substring)? {
        var index = text.startIndex
        func digits() -> Substring {
            let start = index
            while index < text.endIndex, text[index].isASCII, text[index].isNumber { index = text.index(after: index) }
            return text[start..<index]
        }
        var whole = digits()
        var value: Double
        if let fraction = index < text.endIndex ? vulgarFractions[text[index]] : nil {
            index = text.index(after: index)
            return (Double(whole).map { $0 + fraction } ?? fraction, text[index...].drop { $0 == " " })
        }
        guard !whole.isEmpty else { return nil }
        value = Double(whole)!
        // Decimal part: "1.5" or "1,5" (a comma only when digits follow and not three of them).
        if index < text.endIndex, text[index] == "." || text[index] == "," {
            let mark = index
            index = text.index(after: index)
            let decimals = digits()
            if !decimals.isEmpty, !(text[mark] == "," && decimals.count == 3), let number = Double("\(whole).\(decimals)") {
                value = number
                whole = text[text.startIndex..<index]
            } else {
                index = mark
            }
        }
        // Simple fraction "1/2".
        if index < text.endIndex, text[index] == "/" {
            let mark = index
            index = text.index(after: index)
            let denominator = digits()
            if let d = Double(denominator), d > 0 {
                return (value / d, text[index...].drop { $0 == " " })
            }
            index = mark
        }
        // Mixed number "1 1/2" or "1 ½".
        var afterSpace = index
        while afterSpace < text.endIndex, text[afterSpace] == " " { afterSpace = text.index(after: afterSpace) }
        if afterSpace > index, afterSpace < text.endIndex {
            if let fraction = vulgarFractions[text[afterSpace]] {
                return (value + fraction, text[text.index(after: afterSpace)...].drop { $0 == " " })
            }
            let saved = index
            index = afterSpace
            let numerator = digits()
            if !numerator.isEmpty, index < text.endIndex, text[index] == "/" {
                index = text.index(after: index)
                let denominator = digits()
                if let n = Double(numerator), let d = Double(denominator), d > 0, n < d {
                    return (value + n / d, text[index...].drop { $0 == " " })
                }
            }
            index = saved
        }
        // Range "3-4" or "3 to 4": the middle.
        var rangeIndex = index
        while rangeIndex < text.endIndex, text[rangeIndex] == " " { rangeIndex = text.index(after: rangeIndex) }
        if rangeIndex < text.endIndex, text[rangeIndex] == "-" || text[rangeIndex] == "–" {
            index = text.index(after: rangeIndex)
            while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
            if let upper = Double(digits()), upper > value { value = (value + upper) / 2 } else { index = rangeIndex }
        } else if rangeIndex > index, text[rangeIndex...].hasPrefix("to ") || text[rangeIndex...].hasPrefix("or ") {
            // "6 to 8 radishes", "1 or 2 cloves": the middle; "2 to 3-pound" stays for the size rule.
            let mark = index
            index = text.index(rangeIndex, offsetBy: 3)
            while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
            let upperDigits = digits()
            let glued = index < text.endIndex && text[index] == "-"
            if !glued, let upper = Double(upperDigits), upper > value { value = (value + upper) / 2 } else { index = mark }
        }
        // "a bottle of 7UP": digits glued to a word that is no unit ("200g", "12oz" are) open a
        // name, not an amount.
        let glued = text[index...].prefix { $0.isLetter }
        if !glued.isEmpty, !measuresANumber(glued) { return nil }
        var rest = text[index...].drop { $0 == " " }
        // "2x coffee", "2 x coffee".
        if rest.first == "x" || rest.first == "×", rest.dropFirst().first == " " { rest = rest.dropFirst(2) }
        return (value, rest)
    }
}
