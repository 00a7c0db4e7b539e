import ArgumentParsing
import Foundation

let root = Command(
    name: "verbatim-eval",
    abstract: "Evaluate Verbatim's components on golden data.",
    subcommands: [
        sentencesEvaluationCommand(), questionsEvaluationCommand(), layoutEvaluationCommand(), memosEvaluationCommand(),
        foodPhrasesEvaluationCommand(), mealsEvaluationCommand(), foodSearchEvaluationCommand(),
    ])
exit(await CommandLineParser(root: root, version: "0.1.0").main(Array(CommandLine.arguments.dropFirst())))
