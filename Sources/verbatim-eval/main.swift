import ArgumentParsing
import Foundation

// Local wiring for trying the food evaluations (the lead owns the committed version).
let root = Command(
    name: "verbatim-eval", abstract: "Evaluations.", subcommands: [foodPhrasesEvaluationCommand(), mealsEvaluationCommand()])
exit(await CommandLineParser(root: root, version: "0.1.0").main(Array(CommandLine.arguments.dropFirst())))
