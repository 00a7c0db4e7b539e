import ArgumentParsing

/// The `verbatim` command line. The lead owns the full wiring; this holds the food command.
public enum VerbatimCLI {
    /// The root command.
    static var root: Command {
        Command(name: "verbatim", abstract: "On-device tools that keep your own words.", subcommands: [foodCommand()])
    }

    /// Parses the process arguments and runs the chosen command.
    public static func main() async -> Int32 {
        await CommandLineParser(root: root, version: "0.1.0").main(Array(CommandLine.arguments.dropFirst()))
    }
}
