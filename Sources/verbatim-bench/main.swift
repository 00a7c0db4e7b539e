import ArgumentParsing
import Foundation
import LanguageModels

let root = Command(
    name: "verbatim-bench",
    abstract: "Benchmarks that print figures (build with -c release).",
    subcommands: [
        guidedBenchmarkCommand(), sentencesBenchmarkCommand(), speechBenchmarkCommand(),
        layoutPropertyBenchmarkCommand(), memoSpeedBenchmarkCommand(), foodBenchmarkCommand(), webBenchmarkCommand(),
    ])
let status = await CommandLineParser(root: root, version: "verbatim-bench 0.1.0").main(Array(CommandLine.arguments.dropFirst()))
// Model work still running when the process tears llama.cpp down crashes it: stop it first.
await SystemLanguageModel.exitAfterStoppingAllWork(status)
