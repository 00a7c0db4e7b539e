import ArgumentParsing
import Foundation
import SentenceSegmentation

/// `verbatim-eval sentences --data FILE`: scores the sentence splitter on golden JSON lines.
/// `verbatim-eval sentences --text TEXT [--lang CODE]` shows how one text is split.
func sentencesEvaluationCommand() -> Command {
    Command(
        name: "sentences",
        abstract: "Score the sentence splitter on golden cases (JSON lines).",
        discussion: """
            Each line: {"lang": "en", "text": "...", "sentences": ["..."]}, optionally with "suite" (scored \
            in a second table) and "clean": true (the expected sentences come from text a cleaner rewrote, \
            such as pySBD's clean=True: compared without whitespace; cases whose text was changed beyond \
            whitespace are counted as rewritten and left out of the reachable columns). \
            See eval/sentences/README.md for pySBD's published suite.
            """,
        options: [
            .value("data", "FILE", help: "The golden JSON-lines file (for example ../shared/eval/sentences/golden.jsonl)."),
            .value("text", "TEXT", help: "Instead of scoring, print the sentences of this text."),
            .value("lang", "CODE", help: "The language of --text (default en)."),
            .flag("icu-only", help: "Split with ICU alone, without the rule layer."),
        ]
    ) { arguments in
        let icuOnly = arguments.flag("icu-only")
        if let text = arguments.value("text") {
            let language = arguments.value("lang") ?? "en"
            let sentences = icuOnly
                ? SentenceSplitter.splitWithICUOnly(text, language: language)
                : SentenceSplitter.split(text, language: language)
            for (number, sentence) in sentences.enumerated() { print("\(number + 1)\t\(sentence.text)") }
            return 0
        }
        guard let path = arguments.value("data") else {
            StandardError.write("verbatim-eval sentences: missing --data FILE\n")
            return 1
        }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            StandardError.write("verbatim-eval sentences: cannot read '\(path)': \(error.localizedDescription)\n")
            return 1
        }
        do {
            let report = try SentenceEvaluation.evaluate(jsonLines: text, icuOnly: icuOnly)
            print(report.description)
            return 0
        } catch {
            StandardError.write("verbatim-eval sentences: \(path): \(error)\n")
            return 1
        }
    }
}
