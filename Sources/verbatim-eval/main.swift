import ArgumentParsing
import Foundation
import LanguageModels
import VerbatimCLI

let root = Command(
    name: "verbatim-eval",
    abstract: "Evaluate Verbatim's components on golden data.",
    subcommands: [
        sentencesEvaluationCommand(), questionsEvaluationCommand(), layoutEvaluationCommand(), memosEvaluationCommand(),
        foodPhrasesEvaluationCommand(), mealsEvaluationCommand(), everydayEvaluationCommand(), foodSearchEvaluationCommand(),
        mealTrainingCommand(), noteSearchEvaluationCommand(),
    ])
let status = await CommandLineParser(root: root, version: "verbatim-eval \(VerbatimCLI.version)").main(Array(CommandLine.arguments.dropFirst()))
// Model work still running when the process tears llama.cpp down crashes it: stop it first.
await SystemLanguageModel.exitAfterStoppingAllWork(status)
