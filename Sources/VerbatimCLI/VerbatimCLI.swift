public import ArgumentParsing

/// The `verbatim` command line: it parses arguments and calls the libraries.
public enum VerbatimCLI {
    /// The version printed by `verbatim --version`.
    public static let version = "0.1.0"

    /// The command tree.
    public static var root: Command {
        Command(
            name: "verbatim",
            abstract: "Private, on-device language-model features: the model chooses, the code writes.",
            subcommands: [memoCommand(), foodCommand(), serveCommand(), modelsCommand(), doctorCommand()])
    }

    /// Runs the command line (without the program name) and returns the exit status. End the
    /// process with ``SystemLanguageModel/exitAfterStoppingAllWork(_:)``.
    public static func main(_ arguments: [String]) async -> Int32 {
        await CommandLineParser(root: root, version: "verbatim \(version)").main(arguments)
    }
}
