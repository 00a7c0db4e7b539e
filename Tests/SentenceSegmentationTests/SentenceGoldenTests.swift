import AssetRequirements
import Foundation
import SentenceSegmentation
import Testing

/// The shared golden sentences (pySBD's golden rules), read from outside the repository:
/// `../shared/eval/sentences/golden.jsonl` next to the repository. Skipped with a message when the
/// file is absent, and a failure then under `VERBATIM_REQUIRE_MODELS=1` (CI).
@Suite struct SentenceGoldenTests {
    static let goldenPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SentenceSegmentationTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the repository
        .deletingLastPathComponent()  // its parent
        .appendingPathComponent("shared/eval/sentences/golden.jsonl").path

    static let goldenFile = InstalledAsset(
        isInstalled: FileManager.default.fileExists(atPath: goldenPath),
        missing: "the golden sentences are not at ../shared/eval/sentences/golden.jsonl beside the repository")

    @Test(.enabled(ifInstalled: goldenFile), .requires(goldenFile))
    func matchesTheGoldenRules() throws {
        let report = try SentenceEvaluation.evaluate(jsonLines: String(contentsOfFile: Self.goldenPath, encoding: .utf8))
        print(report.description)
        let english = try #require(report.byLanguage["en"])
        #expect(english.exact >= english.cases - 1, "en: \(english.exact)/\(english.cases)")
        for language in ["ja", "es", "fr", "de"] {
            let score = try #require(report.byLanguage[language], "no \(language) cases in the golden file")
            #expect(score.exact == score.cases, "\(language): \(score.exact)/\(score.cases)")
        }
    }

    @Test func evaluationCountsExactMatchesPerLanguage() throws {
        let lines = """
            {"lang": "en", "text": "One. Two.", "sentences": ["One.", "Two."]}

            {"lang": "en", "text": "One. Two.", "sentences": ["One. Two."]}
            {"lang": "de", "text": "Eins. Zwei.", "sentences": ["Eins.", "Zwei."]}
            """
        let report = try SentenceEvaluation.evaluate(jsonLines: lines)
        #expect(report.byLanguage["en"]?.cases == 2)
        #expect(report.byLanguage["en"]?.exact == 1)
        #expect(report.byLanguage["de"]?.exact == 1)
        #expect(report.overall.cases == 3)
        #expect(report.overall.exact == 2)
        #expect(report.failures.count == 1)
        #expect(report.description.contains("all"))
        #expect(throws: SentenceEvaluation.InvalidLine.self) { try SentenceEvaluation.evaluate(jsonLines: "{not json") }
    }

    @Test func cleanCasesCompareWithoutWhitespaceAndRewrittenOnesCountApart() throws {
        let lines = """
            {"lang": "en", "text": "Rain \\nfell. Sun.", "sentences": ["Rain fell.", "Sun."], "suite": "wrap", "clean": true}
            {"lang": "en", "text": "Rain \\nfell. Sun.", "sentences": ["Rain fell.", "Sun."], "suite": "wrap"}
            {"lang": "en", "text": "Tea........2", "sentences": ["Tea"], "suite": "toc", "clean": true}
            """
        let report = try SentenceEvaluation.evaluate(jsonLines: lines)
        let english = try #require(report.byLanguage["en"])
        #expect(english.cases == 3)
        #expect(english.exact == 1)
        #expect(english.rewritten == 1)
        #expect(english.reachable == 2)
        #expect(english.reachablePercent == 50)
        #expect(report.bySuite["en wrap"]?.exact == 1)
        #expect(report.bySuite["en toc"]?.rewritten == 1)
        #expect(report.description.contains("(rewritten)"))
    }
}
