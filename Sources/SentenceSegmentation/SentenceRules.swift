/// The rule layer on top of ICU's sentence breaks: it adds and removes boundaries for classes of
/// text that UAX #29 gets wrong: abbreviations (per-language lists), initials, abbreviations before
/// numbers, ordinal dates, names with an exclamation mark, ellipses and numbered or lettered lists;
/// quotations and brackets (`SentenceRules+Enclosures.swift`), wrapped lines
/// (`SentenceRules+LineBreaks.swift`), and sentences written without a space, footnote marks,
/// dashes and clock times (`SentenceRules+Attached.swift`).
///
/// Works on Unicode scalars. A boundary is the index of the first non-whitespace scalar of a
/// sentence that is not the first one.
struct SentenceRules {
    let scalars: [Unicode.Scalar]
    let lexicon: SentenceLexicon
    /// Whether the script has letter case, so a lowercase word shows that a sentence continues.
    let usesCase: Bool
    /// Scalars that belong to an ellipsis; the ellipsis rule decides about them alone.
    private var inEllipsis: [Bool]

    /// Creates the rules for a text in a language (`en`, `de`, `es`, `fr`, `ja`, …).
    init(scalars: [Unicode.Scalar], language: String) {
        self.scalars = scalars
        self.lexicon = SentenceLexicon.forLanguage(language)
        self.usesCase = !["ja", "zh", "ko", "th"].contains(language)
        self.inEllipsis = []
    }

    /// The final boundaries, ascending, given ICU's boundaries (scalar indices, after whitespace).
    mutating func boundaries(fromICU icu: Set<Int>) -> [Int] {
        let count = scalars.count
        let ellipses = findEllipses()
        var candidates = icu
        for index in 0..<count where Self.terminators.contains(scalars[index]) && !inEllipsis[index] {
            var next = index + 1
            while next < count, Self.closers.contains(scalars[next]) { next += 1 }
            next = footnoteEnd(afterTerminator: index, from: next) ?? next
            guard next < count else { continue }
            if !Self.isSpace(scalars[next]) {
                if startsAttachedSentence(terminator: index, next: next) { candidates.insert(next) }
                continue
            }
            let start = skipSpaces(from: next)
            if start < count { candidates.insert(start) }
        }
        // Speech broken off with a dash: `… we're doing our best, to--" At this moment …`.
        for index in 1..<max(count, 1) where Self.quoteMarks.contains(scalars[index]) && endsInterruption(before: index) {
            let start = skipSpaces(from: index + 1)
            if start > index + 1, start < count { candidates.insert(start) }
        }
        let softBreaks = softLineBreaks()
        var kept = Set<Int>()
        var lastKept = 0
        for boundary in candidates.sorted() where !softBreaks.contains(boundary) {
            let keep = judge(boundary, sentenceStart: lastKept) ?? icu.contains(boundary)
            if keep {
                kept.insert(boundary)
                lastKept = boundary
            }
        }
        applyEllipses(ellipses, to: &kept)
        applyLists(to: &kept)
        let enclosed = enclosedPositions()
        kept = kept.filter { !enclosed[$0] }
        moveOpenersForward(&kept)
        mergeFragments(&kept)
        return kept.sorted()
    }

    // MARK: - Characters

    static let terminators: ScalarSet = [".", "!", "?", "\u{FF01}", "\u{FF1F}", "\u{3002}", "\u{FF0E}"]
    static let closers: ScalarSet = [
        "\"", "'", ")", "]", "}", "\u{2019}", "\u{201D}", "\u{00BB}", "\u{203A}", "\u{300D}",
        "\u{300F}", "\u{FF09}", "\u{3011}",
    ]
    static let openers: ScalarSet = [
        "\"", "'", "(", "[", "{", "\u{2018}", "\u{201C}", "\u{201E}", "\u{00AB}", "\u{00BB}",
        "\u{2039}", "\u{00BF}", "\u{00A1}", "\u{300C}", "\u{300E}", "\u{FF08}",
    ]
    static let bullets: ScalarSet = ["\u{2022}", "\u{2043}", "\u{25E6}", "\u{25AA}", "\u{2023}", "-", "*", "\u{2013}"]

    // Character classes, with an ASCII fast path: Unicode property look-ups dominate the
    // splitter's time otherwise.

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        // In ASCII, setting bit 0x20 maps exactly "A"…"Z" and "a"…"z" into "a"…"z".
        scalar.value < 0x80 ? (0x61...0x7A).contains(scalar.value | 0x20) : scalar.properties.isAlphabetic
    }

    static func isDecimal(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? (0x30...0x39).contains(scalar.value) : scalar.properties.numericType == .decimal
    }

    static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x80 ? (0x61...0x7A).contains(scalar.value) : scalar.properties.isLowercase
    }

    func isLower(_ index: Int) -> Bool {
        index < scalars.count && Self.isLowercase(scalars[index])
    }

    func isUpper(_ index: Int) -> Bool {
        guard index < scalars.count else { return false }
        let scalar = scalars[index]
        if scalar.value < 0x80 { return (0x41...0x5A).contains(scalar.value) }
        return scalar.properties.isUppercase || scalar.properties.generalCategory == .titlecaseLetter
    }

    func isDigit(_ index: Int) -> Bool {
        index < scalars.count && Self.isDecimal(scalars[index])
    }

    func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return Self.isLetter(scalar) || Self.isDecimal(scalar) }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    func skipSpaces(from index: Int) -> Int {
        var index = index
        while index < scalars.count, Self.isSpace(scalars[index]) { index += 1 }
        return index
    }

    func skipOpeners(from index: Int) -> Int {
        var index = index
        while index < scalars.count, Self.openers.contains(scalars[index]) { index += 1 }
        return index
    }

    func string(_ range: Range<Int>) -> String {
        // Through UTF-8 bytes: appending scalars to a String.UnicodeScalarView is several times slower.
        var utf8: [UInt8] = []
        utf8.reserveCapacity(range.count)
        for scalar in scalars[range] { UTF8.encode(scalar) { utf8.append($0) } }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The whitespace-delimited token that ends just before `end`.
    func tokenStart(endingBefore end: Int) -> Int {
        var start = end
        while start > 0, !Self.isSpace(scalars[start - 1]) { start -= 1 }
        return start
    }

    /// The word at `start` (letters, digits, apostrophes), lowercased, with `’` as `'`.
    func word(at start: Int) -> String {
        var end = start
        while end < scalars.count,
            isWordScalar(scalars[end]) || ((scalars[end] == "'" || scalars[end] == "\u{2019}") && end > start)
        {
            end += 1
        }
        return string(start..<end).lowercased().replacingApostrophes()
    }

    // MARK: - Terminators

    /// Decides one candidate boundary after a terminator; `nil` leaves the decision to ICU.
    private func judge(_ boundary: Int, sentenceStart: Int) -> Bool? {
        var end = boundary
        while end > 0, Self.isSpace(scalars[end - 1]) { end -= 1 }
        var terminator = end - 1
        while terminator >= 0, Self.closers.contains(scalars[terminator]) { terminator -= 1 }
        if terminator >= 0, !Self.terminators.contains(scalars[terminator]), let footnoted = terminatorBeforeFootnote(endingAt: end) {
            // "… martyr.[1] The emperor …", "… a consultation.11 12 Take …": the footnote stays.
            return isUpper(skipOpeners(from: boundary)) && footnoteEnd(afterTerminator: footnoted, from: footnoted + 1) == end
        }
        if terminator >= 0, terminator < end - 1, endsInterruption(before: terminator + 1) {
            return usesCase && isUpper(skipOpeners(from: boundary))
        }
        guard terminator >= 0, Self.terminators.contains(scalars[terminator]) else { return nil }
        if inEllipsis[terminator] { return nil }
        let hasClosers = terminator < end - 1
        let nextStart = skipOpeners(from: boundary)
        let nextWord = word(at: nextStart)
        let nextLower = usesCase && isLower(nextStart)
        let nextUpper = isUpper(nextStart)
        let terminatorScalar = scalars[terminator]

        if usesCase, boundary == terminator + 1 || (hasClosers && boundary == end) {
            // Nothing between the sentences: "It rained.Then …", "period．Does …"; but "Y!J",
            // "!Kung", "example.com" and "1.Helado" go on.
            return startsAttachedSentence(terminator: terminator, next: boundary)
        }
        // "What now? - Nobody knew.": a dash and a capital start the next sentence (after "." the
        // dash more often joins parts of an address: "Bogotá, D.C. - Colombia").
        if !hasClosers, terminatorScalar != ".", startsWithDash(at: boundary) { return true }
        // A quotation that ends with its own punctuation is followed by a bracket, not a new
        // sentence: "… 'off the house!' (Which was true.)".
        if hasClosers, usesCase, ["(", "["].contains(scalars[boundary]),
            scalars[(terminator + 1)..<end].contains(where: { Self.quoteMarks.contains($0) })
        {
            return false
        }

        if terminatorScalar == "!" || terminatorScalar == "?" {
            let start = skipOpeners(from: tokenStart(endingBefore: terminator))
            let name = string(start..<terminator).lowercased()
            if lexicon.exclamationNames.contains(name), !(nextUpper && lexicon.starters.contains(nextWord)) {
                return false
            }
            return nextLower ? false : nil
        }
        if hasClosers, !usesCase, Self.continuesQuotation(at: boundary, in: scalars) { return false }
        guard terminatorScalar == "." else { return nil }
        if hasClosers { return nextLower ? false : nil }

        let rawStart = tokenStart(endingBefore: terminator)
        let coreStart = skipOpeners(from: rawStart)
        guard coreStart < terminator else { return nil }
        let core = string(coreStart..<terminator)
        let lowerCore = core.lowercased()
        if nextLower { return false }

        // Spaced multi-part abbreviations: "z. B.", "d. h.", "u. a.", "EE. UU.".
        if isShortLetters(coreStart..<terminator) {
            var end = nextStart
            while end < scalars.count, Self.isLetter(scalars[end]) { end += 1 }
            if isShortLetters(nextStart..<end), end < scalars.count, scalars[end] == ".",
                end + 1 == scalars.count || Self.isSpace(scalars[end + 1]) || scalars[end + 1] == "."
            {
                return false
            }
        }
        if isDigit(nextStart) {
            // "p. 55", "No. 5", "Hauptstr. 5" (German street names end in "str.").
            if lexicon.beforeNumber.contains(lowerCore) || lexicon.nonFinal.contains(lowerCore)
                || lowerCore.hasSuffix("str")
            {
                return false
            }
            // A number ends a sentence and the next starts with a number: "1 + 1 es 2. 2 + 2 es 4."
            // The next number must stand alone (not "2." or "2)", which would be list items).
            if core.unicodeScalars.allSatisfy({ Self.isDecimal($0) }), core.unicodeScalars.count <= 6 {
                var end = nextStart
                while isDigit(end) { end += 1 }
                let previousEnd = rawStart - 1
                let afterAbbreviation = previousEnd > 0
                    && lexicon.beforeNumber.contains(string(tokenStart(endingBefore: previousEnd)..<previousEnd).lowercased().trimmingPeriod())
                return end < scalars.count && Self.isSpace(scalars[end]) && !afterAbbreviation ? true : nil
            }
            // A plain word, then a sentence that starts with a number: "… agreed. 2 people left."
            // (ICU does not break before a digit followed by a lowercase word.) Unknown
            // abbreviations are mostly short or cut after a consonant ("párrf.", "Lun."), so the
            // word must be at least four letters with a vowel among its last two.
            return looksLikeFullWord(lowerCore) && !lexicon.finalCapable.contains(lowerCore) ? true : nil
        }
        if lexicon.nonFinal.contains(lowerCore) { return false }
        // Ordinal dates and ordinals: "12. Juni", "am 3. Tag", "1. -3. Jahrhundert"; a list number
        // after a colon.
        let number = core.drop(while: { $0 == "-" || $0 == "\u{2013}" })
        if !number.isEmpty, number.unicodeScalars.allSatisfy({ Self.isDecimal($0) }),
            number.unicodeScalars.count <= 3
        {
            if rawStart > 1, Self.isSpace(scalars[rawStart - 1]), scalars[rawStart - 2] == ":" { return false }
            if lexicon.months.contains(nextWord) { return false }
            // German writes ordinals as "3." and capitalizes every noun: "der 2. Weltkrieg".
            if lexicon.ordinalsBeforeNouns, nextUpper, !lexicon.starters.contains(nextWord) { return false }
            let previousEnd = rawStart > 0 ? rawStart - 1 : 0
            if previousEnd > 0 {
                let previousStart = tokenStart(endingBefore: previousEnd)
                if lexicon.ordinalCues.contains(word(at: previousStart)) { return false }
            }
            return nil
        }
        // Abbreviations that may end a sentence: it ends when a typical sentence start follows and
        // what came before is long enough to be a sentence ("At 5 a.m. Mr. Smith …" is one).
        if Self.isDottedAcronym(core) || lexicon.finalCapable.contains(lowerCore) {
            // A boundary kept inside this token (an attached sentence start) lies after the
            // token's start: then no word of this sentence precedes the abbreviation.
            let long = wordCount(sentenceStart..<max(sentenceStart, coreStart)) >= 3
            // A clock time ("at 6 p.m.") before a capital ends the sentence: times rarely stand
            // before a name or noun.
            if Self.timeOfDay.contains(lowerCore), followsNumber(rawStart) { return nextUpper && long }
            return nextUpper && lexicon.starters.contains(nextWord) && long
        }
        // Initials: a single capital letter with a period.
        if core.unicodeScalars.count == 1, isUpper(coreStart) {
            if coreStart > 0 {
                let previousEnd = rawStart - 1
                if previousEnd > 0, Self.isSpace(scalars[previousEnd]) {
                    let previousStart = tokenStart(endingBefore: previousEnd)
                    if isUpper(skipOpeners(from: previousStart)) { return false }
                }
            }
            // A letter that opens its sentence labels it ("Q. What …? A. Yes …") or is an initial.
            if rawStart == sentenceStart { return false }
            if core == "I" || core == "A" { return nil }
            return nextUpper && lexicon.starters.contains(nextWord) ? nil : false
        }
        return nil
    }

    /// Whether a dash that breaks speech off ("--", "—", "–" after a word) comes right before an
    /// index.
    private func endsInterruption(before index: Int) -> Bool {
        guard index >= 2 else { return false }
        let last = scalars[index - 1]
        if last == "\u{2014}" || last == "\u{2013}" { return !Self.isSpace(scalars[index - 2]) }
        return last == "-" && scalars[index - 2] == "-" && index >= 3 && !Self.isSpace(scalars[index - 3])
    }

    /// Whether a Japanese or Chinese quotation goes on after its closing bracket: 「本当？」と彼は言った.
    /// The quotative particles と and って (not words such as とても) continue the sentence.
    static func continuesQuotation(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard index > 0, ["\u{300D}", "\u{300F}"].contains(scalars[index - 1]), index < scalars.count else {
            return false
        }
        func isHiragana(_ offset: Int) -> Bool {
            index + offset < scalars.count && (0x3041...0x309F).contains(scalars[index + offset].value)
        }
        let first = scalars[index]
        if first == "\u{3063}", index + 1 < scalars.count, scalars[index + 1] == "\u{3066}" { return true }  // って
        guard first == "\u{3068}" else { return false }  // と
        if !isHiragana(1) { return true }
        // という, とか, との, と思う, と言う (the second kana of という/とか/との).
        return ["\u{3044}", "\u{304B}", "\u{306E}"].contains(scalars[index + 1])
    }

    /// Whether a range holds one or two letters only ("z", "B", "EE").
    private func isShortLetters(_ range: Range<Int>) -> Bool {
        (1...2).contains(range.count) && scalars[range].allSatisfy { Self.isLetter($0) }
    }

    private static let vowels: Set<Character> = Set("aeiouyäöüáéíóúàèìòùâêîôûëïœæøå")

    /// Whether a lowercased token looks like a full word rather than a cut-off abbreviation: four
    /// or more letters, with a vowel among the last two.
    private func looksLikeFullWord(_ lower: String) -> Bool {
        guard lower.count >= 4, lower.unicodeScalars.allSatisfy({ Self.isLetter($0) }) else { return false }
        return lower.suffix(2).contains(where: Self.vowels.contains)
    }

    /// Whether a token is letters separated by periods: "U.S", "a.m", "E.U", "U.S.A".
    static func isDottedAcronym(_ core: String) -> Bool {
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return false }
        return parts.allSatisfy { part in
            (1...2).contains(part.unicodeScalars.count) && part.unicodeScalars.allSatisfy { Self.isLetter($0) }
        }
    }

    private func wordCount(_ range: Range<Int>) -> Int {
        var count = 0
        var inWord = false
        for index in range {
            let space = Self.isSpace(scalars[index])
            if !space, !inWord { count += 1 }
            inWord = !space
        }
        return count
    }

    // MARK: - Ellipses

    private struct Ellipsis {
        var start: Int
        var end: Int
        var dots: Int
        var spaced: Bool
    }

    /// Finds runs of three or more periods (possibly spaced, ". . .") or `…`, and marks them.
    private mutating func findEllipses() -> [Ellipsis] {
        let count = scalars.count
        inEllipsis = [Bool](repeating: false, count: count)
        var result: [Ellipsis] = []
        var index = 0
        while index < count {
            let scalar = scalars[index]
            guard scalar == "." || scalar == "\u{2026}" else {
                index += 1
                continue
            }
            var end = index
            var dots = 0
            var spaced = false
            while end < count {
                if scalars[end] == "." {
                    dots += 1
                } else if scalars[end] == "\u{2026}" {
                    dots += 3
                } else if scalars[end] == " ", end + 1 < count, scalars[end + 1] == "." || scalars[end + 1] == "\u{2026}" {
                    spaced = true
                } else {
                    break
                }
                end += 1
            }
            if dots >= 3 {
                result.append(Ellipsis(start: index, end: end, dots: dots, spaced: spaced))
                for marked in index..<end { inEllipsis[marked] = true }
            }
            index = end
        }
        return result
    }

    /// Three spaced periods mark an omission inside a sentence; "..." or "…" before a capital ends
    /// one; four periods are an ellipsis plus a full stop. "word. . . . Next" ends the sentence
    /// after "word." and the next one starts with the omission.
    private func applyEllipses(_ ellipses: [Ellipsis], to kept: inout Set<Int>) {
        for ellipsis in ellipses {
            var after = ellipsis.end
            while after < scalars.count, Self.closers.contains(scalars[after]) { after += 1 }
            let next = skipSpaces(from: after)
            kept = kept.filter { $0 <= ellipsis.start || $0 > next }
            guard next < scalars.count, next > after || after > ellipsis.end else { continue }
            let nextStart = skipOpeners(from: next)
            guard isUpper(nextStart) || !usesCase else { continue }
            let bracketed = ellipsis.start > 0 && ["[", "("].contains(scalars[ellipsis.start - 1])
                && ellipsis.end < scalars.count && ["]", ")"].contains(scalars[ellipsis.end])
            if bracketed { continue }
            let attached = ellipsis.start > 0 && !Self.isSpace(scalars[ellipsis.start - 1])
            if ellipsis.dots >= 4 {
                if attached, scalars[ellipsis.start] == ".", Self.isSpace(scalars[ellipsis.start + 1]) {
                    kept.insert(skipSpaces(from: ellipsis.start + 1))
                } else {
                    kept.insert(next)
                }
            } else if !ellipsis.spaced {
                kept.insert(next)
            }
        }
    }

    // MARK: - Lists

    private struct ListMarker {
        var start: Int
        var contentStart: Int
        var value: Int
        var style: String
    }

    /// Finds list markers ("1.", "2)", "3.)", "a.", "• 9.") that stand after whitespace.
    private func findListMarkers() -> [ListMarker] {
        var result: [ListMarker] = []
        let count = scalars.count
        for start in 0..<count {
            guard start == 0 || Self.isSpace(scalars[start - 1]) else { continue }
            var index = start
            var style = ""
            if Self.bullets.contains(scalars[index]) {
                style = String(scalars[index])
                index = skipSpaces(from: index + 1)
            }
            // "(a)", "(iv)", "(3)": the parenthesis is part of the style and needs its ")".
            if index < count, scalars[index] == "(" {
                style += "("
                index += 1
            }
            guard index < count else { continue }
            var value = 0
            let wordStart = index
            while index < count, scalars[index].isASCII, Self.isLowercase(scalars[index]) { index += 1 }
            if index > wordStart, index - wordStart <= 6, index < count, scalars[index] == "." || scalars[index] == ")",
                scalars[wordStart..<index].allSatisfy({ $0 == "i" || $0 == "v" || $0 == "x" }),
                let roman = Self.romanValue(string(wordStart..<index))
            {
                // Roman numerals ("i.", "ii.", "iv)") form their own style; single "i", "v", "x" are
                // also tried as letters below.
                if let marker = listMarker(start: start, from: index, value: roman, style: style + "i") {
                    result.append(marker)
                }
            }
            index = wordStart
            if isDigit(index) {
                var digits = 0
                while isDigit(index), digits < 3 {
                    value = value * 10 + Int(scalars[index].properties.numericValue ?? 0)
                    index += 1
                    digits += 1
                }
                if digits > 2 || isDigit(index) { continue }
                style += "9"
            } else if scalars[index].isASCII, Self.isLowercase(scalars[index]) {
                value = Int(scalars[index].value) - 96
                index += 1
                style += "a"
                if index < count, scalars[index] != "." && scalars[index] != ")" { continue }
            } else {
                continue
            }
            if let marker = listMarker(start: start, from: index, value: value, style: style) {
                result.append(marker)
            }
        }
        return result
    }

    /// Completes a list marker after its number: the "." / ")" / ".)" and the space after it.
    private func listMarker(start: Int, from index: Int, value: Int, style: String) -> ListMarker? {
        var index = index
        var style = style
        let count = scalars.count
        if index < count, scalars[index] == "." {
            style += "."
            index += 1
        }
        if index < count, scalars[index] == ")" {
            style += ")"
            index += 1
        }
        guard style.hasSuffix(".") || style.hasSuffix(")") else { return nil }
        if style.contains("("), !style.hasSuffix(")") { return nil }
        guard index < count, Self.isSpace(scalars[index]) else { return nil }
        let contentStart = skipSpaces(from: index)
        guard contentStart < count else { return nil }
        return ListMarker(start: start, contentStart: contentStart, value: value, style: style)
    }

    /// The value of a lowercase Roman numeral up to 39 ("i" … "xxxix"), or `nil`.
    static func romanValue(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 6 else { return nil }
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10]
        var total = 0
        let digits = text.compactMap { values[$0] }
        guard digits.count == text.count else { return nil }
        for (index, digit) in digits.enumerated() {
            if index + 1 < digits.count, digit < digits[index + 1] { total -= digit } else { total += digit }
        }
        guard total > 0, total < 40 else { return nil }
        // Only canonical spellings: rebuild and compare.
        let tens = String(repeating: "x", count: total / 10)
        let units = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"][total % 10]
        return tens + units == text ? total : nil
    }

    /// A chain of at least two markers of one style counting up by one, the first at the start of
    /// the text or of a sentence, makes each item a sentence of its own.
    private func applyLists(to kept: inout Set<Int>) {
        let markers = findListMarkers()
        guard markers.count >= 2 else { return }
        let textStart = skipSpaces(from: 0)
        var used = Set<Int>()
        var styles = Set<String>()
        for (first, marker) in markers.enumerated() where !used.contains(first) {
            // A list starts a text or a sentence, follows a colon or a sentence's end ("… Smith.
            // a. here b. there"); a list counted from 1 with ")" may start anywhere ("… by 1) taking
            // … and 2) judging …").
            // A list of a style already seen may start over from 1 anywhere ("… 2. Second 1. First").
            // A bullet marks a list item anywhere.
            let countsFromOne = marker.value == 1 && (marker.style.hasSuffix(")") || styles.contains(marker.style))
            let bulleted = Self.bullets.contains(scalars[marker.start])
            guard marker.start == textStart || kept.contains(marker.start) || followsColon(marker.start)
                || followsTerminator(marker.start) || countsFromOne || bulleted
            else { continue }
            var chain = [marker]
            var position = first
            for candidate in (first + 1)..<markers.count where !used.contains(candidate) {
                let last = chain[chain.count - 1]
                if markers[candidate].style == last.style, markers[candidate].value == last.value + 1,
                    markers[candidate].start > markers[position].contentStart
                {
                    chain.append(markers[candidate])
                    position = candidate
                    used.insert(candidate)
                }
            }
            guard chain.count >= 2 else { continue }
            styles.insert(marker.style)
            for (number, item) in chain.enumerated() {
                // The first item stays with an introduction that ends in a colon ("Steps: 1) …").
                let staysWithIntroduction = number == 0 && followsColon(item.start)
                if item.start != textStart, !staysWithIntroduction { kept.insert(item.start) }
                kept = kept.filter { !($0 > item.start && $0 <= item.contentStart) }
            }
        }
    }

    /// Whether a sentence terminator (maybe with closing quotes) and whitespace come right before
    /// an index.
    private func followsTerminator(_ index: Int) -> Bool {
        var before = index
        while before > 0, Self.isSpace(scalars[before - 1]) { before -= 1 }
        guard before < index else { return false }
        while before > 0, Self.closers.contains(scalars[before - 1]) { before -= 1 }
        return before > 0 && Self.terminators.contains(scalars[before - 1]) && !inEllipsis[before - 1]
    }

    /// Whether a colon (and whitespace) comes right before an index: "Steps: 1) …".
    private func followsColon(_ index: Int) -> Bool {
        var before = index
        while before > 0, Self.isSpace(scalars[before - 1]) { before -= 1 }
        return before > 0 && before < index && (scalars[before - 1] == ":" || scalars[before - 1] == "\u{FF1A}")
    }

    // MARK: - Openers and fragments

    /// UAX #29 counts opening brackets and quotes as "Close", so "…。「本当？」" leaves "「" at the
    /// end of the first sentence. Opening punctuation right at the end of a sentence moves to the
    /// next one.
    private func moveOpenersForward(_ kept: inout Set<Int>) {
        for boundary in kept.sorted() {
            var end = boundary
            while end > 0, Self.isSpace(scalars[end - 1]) { end -= 1 }
            var start = end
            while start > 0, Self.isOpening(scalars[start - 1]) { start -= 1 }
            guard start < end, start > 0, !kept.contains(start) else { continue }
            let before = scalars[start - 1]
            guard Self.terminators.contains(before) || Self.closers.contains(before) || Self.isSpace(before) else {
                continue
            }
            kept.remove(boundary)
            kept.insert(start)
        }
    }

    /// Opening punctuation that never closes: brackets (`(`, `「`, `„`, …) and `¿`, `¡`.
    static func isOpening(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == "(" || scalar == "[" || scalar == "{" }
        return scalar.properties.generalCategory == .openPunctuation || scalar == "\u{00BF}" || scalar == "\u{00A1}"
    }

    /// A piece without letters or digits (a stray ". . ." or an emoji) joins the sentence before
    /// it; a piece that is only a list marker ("1.", "b)") joins the sentence after it.
    private func mergeFragments(_ kept: inout Set<Int>) {
        guard !kept.isEmpty else { return }
        let sorted = kept.sorted()
        let edges = [0] + sorted + [scalars.count]
        for piece in 0..<(edges.count - 1) {
            let range = edges[piece]..<edges[piece + 1]
            let isLast = piece + 1 == edges.count - 1
            if !scalars[range].contains(where: isWordScalar) {
                // A mark in a paragraph of its own ("\n\n/\n\n") stays apart.
                if piece > 0, startsParagraph(edges[piece]) { continue }
                if piece > 0 {
                    kept.remove(edges[piece])
                } else if !isLast {
                    kept.remove(edges[piece + 1])
                }
            } else if !isLast, isMarkerOnly(range) {
                kept.remove(edges[piece + 1])
            }
        }
    }

    /// Whether a blank line comes right before an index (two line breaks in the whitespace).
    private func startsParagraph(_ index: Int) -> Bool {
        var before = index
        var breaks = 0
        while before > 0, Self.isSpace(scalars[before - 1]) {
            if scalars[before - 1] == "\n" { breaks += 1 }
            before -= 1
        }
        return breaks >= 2
    }

    /// Whether a piece is only a list marker: one or two digits, a letter or a Roman numeral,
    /// then "." or ")", maybe after a bullet.
    private func isMarkerOnly(_ range: Range<Int>) -> Bool {
        var end = range.upperBound
        while end > range.lowerBound, Self.isSpace(scalars[end - 1]) { end -= 1 }
        var start = range.lowerBound
        if start < end, Self.bullets.contains(scalars[start]) { start = skipSpaces(from: start + 1) }
        if start < end, scalars[start] == "(" { start += 1 }
        guard start < end else { return false }
        var body = end
        if body > start, scalars[body - 1] == ")" { body -= 1 }
        if body > start, scalars[body - 1] == "." { body -= 1 }
        guard body < end, body > start, body - start <= 6 else { return false }
        let core = string(start..<body)
        if core.unicodeScalars.allSatisfy({ Self.isDecimal($0) }) { return core.unicodeScalars.count <= 2 }
        if core.unicodeScalars.count == 1, Self.isLowercase(core.unicodeScalars.first!) { return true }
        return Self.romanValue(core) != nil
    }
}

extension String {
    /// The string without one final period.
    fileprivate func trimmingPeriod() -> String {
        hasSuffix(".") ? String(dropLast()) : self
    }

    /// The string with typographic apostrophes replaced by `'`.
    fileprivate func replacingApostrophes() -> String {
        guard unicodeScalars.contains("\u{2019}") else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{2019}" ? "'" : $0 }))
    }
}
