import ArgumentParsing
import Foundation

// Local wiring for trying the food benchmark (the lead owns the committed version).
let root = Command(name: "verbatim-bench", abstract: "Benchmarks.", subcommands: [foodBenchmarkCommand()])
exit(await CommandLineParser(root: root, version: "0.1.0").main(Array(CommandLine.arguments.dropFirst())))
