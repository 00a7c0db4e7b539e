import ArgumentParsing
import Foundation

let root = Command(
    name: "verbatim-bench",
    abstract: "Measure the speed of Verbatim's components.",
    subcommands: [sentencesBenchmarkCommand()])
exit(await CommandLineParser(root: root, version: "0.1.0").main(Array(CommandLine.arguments.dropFirst())))
