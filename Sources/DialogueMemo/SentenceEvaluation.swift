import Foundation

/// Scores ``SentenceSplitter`` against golden cases: JSON lines of the form
/// `{"lang": "en", "text": "…", "sentences": ["…", "…"]}`. A case counts when the split matches
/// the expected sentences exactly.
public enum SentenceEvaluation {
    /// One golden case.
    public struct Case: Sendable, Equatable, Codable {
        /// The language code.
        public var lang: String
        /// The text to split.
        public var text: String
        /// The expected sentences.
        public var sentences: [String]

        /// Creates a case.
        public init(lang: String, text: String, sentences: [String]) {
            self.lang = lang
            self.text = text
            self.sentences = sentences
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
        /// `exact / cases` as a percentage (0 when there are no cases).
        public var percent: Double { cases == 0 ? 0 : Double(exact) * 100 / Double(cases) }
    }

    /// The outcome of an evaluation.
    public struct Report: Sendable, Equatable, CustomStringConvertible {
        /// Scores by language code.
        public var byLanguage: [String: Score]
        /// The score over all cases.
        public var overall: Score
        /// The cases that did not match, in input order.
        public var failures: [Failure]

        /// A table (language, cases, exact, %) followed by the failures.
        public var description: String {
            var lines = ["lang   cases  exact       %"]
            func row(_ name: String, _ score: Score) -> String {
                name.padding(toLength: 6, withPad: " ", startingAt: 0)
                    + String(format: "%6d %6d  %6.1f", score.cases, score.exact, score.percent)
            }
            for language in byLanguage.keys.sorted() { lines.append(row(language, byLanguage[language]!)) }
            lines.append(row("all", overall))
            if !failures.isEmpty {
                lines.append("")
                lines.append("failures (\(failures.count)):")
                for failure in failures {
                    lines.append("- [\(failure.golden.lang)] \(failure.golden.text)")
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
            let matched = actual == golden.sentences
            report.byLanguage[golden.lang, default: Score(cases: 0, exact: 0)].cases += 1
            report.overall.cases += 1
            if matched {
                report.byLanguage[golden.lang]!.exact += 1
                report.overall.exact += 1
            } else {
                report.failures.append(Failure(golden: golden, actual: actual))
            }
        }
        return report
    }
}
