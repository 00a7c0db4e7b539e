import ArgumentParsing
import Foundation
import LanguageModels
import VerbatimCLI

let root = Command(
    name: "verbatim-bench",
    abstract: "Benchmarks that print figures (build with -c release).",
    subcommands: [
        guidedBenchmarkCommand(), sentencesBenchmarkCommand(), speechBenchmarkCommand(),
        layoutPropertyBenchmarkCommand(), memoSpeedBenchmarkCommand(), foodBenchmarkCommand(), webBenchmarkCommand(),
        noteSearchBenchmarkCommand(),
    ])
let status = await CommandLineParser(root: root, version: "verbatim-bench \(VerbatimCLI.version)").main(Array(CommandLine.arguments.dropFirst()))
// Model work still running when the process tears llama.cpp down crashes it: stop it first.
await SystemLanguageModel.exitAfterStoppingAllWork(status)
