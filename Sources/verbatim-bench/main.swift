import ArgumentParsing
import Foundation

let root = Command(
    name: "verbatim-bench",
    abstract: "Benchmarks that print figures (build with -c release).",
    subcommands: [
        guidedBenchmarkCommand(), sentencesBenchmarkCommand(), speechBenchmarkCommand(),
        layoutPropertyBenchmarkCommand(), memoSpeedBenchmarkCommand(), foodBenchmarkCommand(), webBenchmarkCommand(),
    ])
exit(await CommandLineParser(root: root, version: "verbatim-bench 0.1.0").main(Array(CommandLine.arguments.dropFirst())))
