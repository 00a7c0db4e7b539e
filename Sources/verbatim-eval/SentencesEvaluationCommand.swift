import ArgumentParsing
import DialogueMemo
import Foundation

/// `verbatim-eval sentences --data FILE`: scores the sentence splitter on golden JSON lines.
func sentencesEvaluationCommand() -> Command {
    Command(
        name: "sentences",
        abstract: "Score the sentence splitter on golden cases (JSON lines).",
        discussion: "Each line: {\"lang\": \"en\", \"text\": \"...\", \"sentences\": [\"...\"]}.",
        options: [.value("data", "FILE", help: "The golden JSON-lines file (for example ../shared/eval/sentences/golden.jsonl).")]
    ) { arguments in
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
            let report = try SentenceEvaluation.evaluate(jsonLines: text)
            print(report.description)
            return 0
        } catch {
            StandardError.write("verbatim-eval sentences: \(path): \(error)\n")
            return 1
        }
    }
}
