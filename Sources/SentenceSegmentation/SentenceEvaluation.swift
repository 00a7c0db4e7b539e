import Foundation

/// Scores ``SentenceSplitter`` against golden cases: JSON lines of the form
/// `{"lang": "en", "text": "…", "sentences": ["…", "…"]}`, optionally with `"suite"` (a name to
/// group results by) and `"clean": true`. A case counts when the split matches the expected
/// sentences exactly.
///
/// `clean` marks cases whose source ran the text through a cleaner before splitting (pySBD's
/// `clean=True` joins wrapped lines and normalizes spaces): Verbatim never rewrites the user's
/// text, so such cases compare sentences with their whitespace removed, and cases whose expected
/// sentences do not hold the text's own characters (the cleaner dropped dots or markup) are
/// counted as *rewritten*: no splitter that keeps every word can match them.
public enum SentenceEvaluation {
    /// One golden case.
    public struct Case: Sendable, Equatable, Codable {
        /// The language code.
        public var lang: String
        /// The text to split.
        public var text: String
        /// The expected sentences.
        public var sentences: [String]
        /// The group the case belongs to (for example the source test list), if any.
        public var suite: String?
        /// Whether the expected sentences come from cleaned text (compared without whitespace).
        public var clean: Bool?

        /// Creates a case.
        public init(lang: String, text: String, sentences: [String], suite: String? = nil, clean: Bool? = nil) {
            self.lang = lang
            self.text = text
            self.sentences = sentences
            self.suite = suite
            self.clean = clean
        }

        /// Whether the expected sentences hold exactly the text's characters apart from
        /// whitespace; when not, a cleaner rewrote the text and no faithful split can match.
        public var keepsTheTextsCharacters: Bool {
            sentences.joined().withoutWhitespace == text.withoutWhitespace
        }

        /// Whether a split matches the expected sentences: exactly, or for a ``clean`` case,
        /// sentence by sentence with whitespace removed.
        public func isMatched(by actual: [String]) -> Bool {
            guard clean == true else { return actual == sentences }
            return actual.count == sentences.count
                && zip(actual, sentences).allSatisfy { $0.withoutWhitespace == $1.withoutWhitespace }
        }
    }

    /// A case the splitter got wrong.
    public struct Failure: Sendable, Equatable {
        /// The case.
        public var golden: Case
        /// What the splitter produced.
        public var actual: [String]
    }

    /// Exact-match counts for one language.
    public struct Score: Sendable, Equatable {
        /// How many cases there are.
        public var cases: Int
        /// How many the splitter matched exactly.
        public var exact: Int
        /// How many cases expect rewritten text (see ``Case/keepsTheTextsCharacters``).
        public var rewritten: Int = 0
        /// `exact / cases` as a percentage (0 when there are no cases).
        public var percent: Double { cases == 0 ? 0 : Double(exact) * 100 / Double(cases) }
        /// The cases a splitter that keeps the user's text can match.
        public var reachable: Int { cases - rewritten }
        /// `exact / reachable` as a percentage (0 when no case is reachable).
        public var reachablePercent: Double { reachable == 0 ? 0 : Double(exact) * 100 / Double(reachable) }

        /// Creates a score.
        public init(cases: Int, exact: Int, rewritten: Int = 0) {
            self.cases = cases
            self.exact = exact
            self.rewritten = rewritten
        }

        mutating func count(matched: Bool, rewritten isRewritten: Bool) {
            cases += 1
            if matched { exact += 1 }
            if isRewritten { rewritten += 1 }
        }
    }

    /// The outcome of an evaluation.
    public struct Report: Sendable, Equatable, CustomStringConvertible {
        /// Scores by language code.
        public var byLanguage: [String: Score]
        /// Scores by suite, for cases that name one.
        public var bySuite: [String: Score] = [:]
        /// The score over all cases.
        public var overall: Score
        /// The cases that did not match, in input order.
        public var failures: [Failure]

        /// A table (language, cases, exact, %, and the same over the cases that keep the text's
        /// characters), the suites if cases name them, then the failures.
        public var description: String {
            var lines = ["lang   cases  exact       %   reachable      %"]
            func row(_ name: String, _ score: Score, width: Int = 6) -> String {
                name.padding(toLength: width, withPad: " ", startingAt: 0)
                    + String(format: "%6d %6d  %6.1f  %10d  %6.1f", score.cases, score.exact, score.percent,
                        score.reachable, score.reachablePercent)
            }
            for language in byLanguage.keys.sorted() { lines.append(row(language, byLanguage[language]!)) }
            lines.append(row("all", overall))
            if !bySuite.isEmpty {
                let width = bySuite.keys.map(\.count).max()! + 1
                lines.append("")
                lines.append("suite".padding(toLength: width - 6, withPad: " ", startingAt: 0) + "  cases  exact       %   reachable      %")
                for suite in bySuite.keys.sorted() { lines.append(row(suite, bySuite[suite]!, width: width)) }
            }
            if !failures.isEmpty {
                lines.append("")
                lines.append("failures (\(failures.count)):")
                for failure in failures {
                    let rewritten = failure.golden.keepsTheTextsCharacters ? "" : " (rewritten)"
                    lines.append("- [\(failure.golden.lang)]\(rewritten) \(failure.golden.text)")
                    lines.append("    expected: \(failure.golden.sentences)")
                    lines.append("    actual:   \(failure.actual)")
                }
            }
            return lines.joined(separator: "\n")
        }
    }

    /// A line that is not a golden case.
    public struct InvalidLine: Error, Sendable, CustomStringConvertible {
        /// The 1-based line number.
        public var line: Int
        /// What is wrong.
        public var reason: String
        /// "line N: reason".
        public var description: String { "line \(line): \(reason)" }
    }

    /// Reads JSON lines (blank lines are skipped) into cases.
    /// - Throws: ``InvalidLine`` for a line that is not a golden case.
    public static func cases(jsonLines: String) throws -> [Case] {
        let decoder = JSONDecoder()
        var result: [Case] = []
        for (number, line) in jsonLines.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { !$0.isWhitespace }) else { continue }
            do {
                result.append(try decoder.decode(Case.self, from: Data(line.utf8)))
            } catch {
                throw InvalidLine(line: number + 1, reason: "not a golden case: \(error)")
            }
        }
        return result
    }

    /// Splits every case and counts exact matches, per language and overall.
    /// - Throws: ``InvalidLine`` for a line that is not a golden case.
    /// - Parameter icuOnly: score ICU's splitting without the rule layer, as a baseline.
    public static func evaluate(jsonLines: String, icuOnly: Bool = false) throws -> Report {
        evaluate(try cases(jsonLines: jsonLines), icuOnly: icuOnly)
    }

    /// Splits every case and counts exact matches, per language and overall.
    /// - Parameter icuOnly: score ICU's splitting without the rule layer, as a baseline.
    public static func evaluate(_ cases: [Case], icuOnly: Bool = false) -> Report {
        var report = Report(byLanguage: [:], overall: Score(cases: 0, exact: 0), failures: [])
        for golden in cases {
            let sentences = icuOnly
                ? SentenceSplitter.splitWithICUOnly(golden.text, language: golden.lang)
                : SentenceSplitter.split(golden.text, language: golden.lang)
            let actual = sentences.map(\.text)
            let matched = golden.isMatched(by: actual)
            let rewritten = !golden.keepsTheTextsCharacters
            report.byLanguage[golden.lang, default: Score(cases: 0, exact: 0)].count(matched: matched, rewritten: rewritten)
            report.overall.count(matched: matched, rewritten: rewritten)
            if let suite = golden.suite {
                report.bySuite[golden.lang + " " + suite, default: Score(cases: 0, exact: 0)].count(matched: matched, rewritten: rewritten)
            }
            if !matched { report.failures.append(Failure(golden: golden, actual: actual)) }
        }
        return report
    }
}

extension String {
    /// The string without any whitespace.
    fileprivate var withoutWhitespace: String {
        String(String.UnicodeScalarView(unicodeScalars.filter { !$0.properties.isWhitespace }))
    }
}
