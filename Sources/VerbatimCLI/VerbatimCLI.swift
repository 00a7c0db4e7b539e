public import ArgumentParsing

/// The `verbatim` command line. (Temporary wiring on the `memo` branch; the lead owns the root.)
public enum VerbatimCLI {
    /// The root command.
    public static var root: Command {
        Command(name: "verbatim", abstract: "On-device notes that keep your own words.", subcommands: [memoCommand()])
    }

    /// Parses the process's arguments, runs the command and returns the exit status.
    public static func main() async -> Int32 {
        await CommandLineParser(root: root, version: "0.1.0").main(Array(CommandLine.arguments.dropFirst()))
    }
}
