/// A command-line command: its options, positional arguments and subcommands, and what it runs.
///
/// A command either runs (``run``) or dispatches to one of its ``subcommands``; `--help` prints
/// its usage, and `--version` is answered by the root.
public struct Command: Sendable {
    /// The name typed on the command line.
    public var name: String
    /// One line saying what the command does.
    public var abstract: String
    /// Optional longer text shown under the usage.
    public var discussion: String
    /// Named options (`--name value`, `--flag`).
    public var options: [Option]
    /// Positional arguments, in order.
    public var arguments: [Argument]
    /// Subcommands; the first positional word picks one.
    public var subcommands: [Command]
    /// Runs the command with parsed arguments and returns the process exit status.
    public var run: (@Sendable (ParsedArguments) async throws -> Int32)?

    /// Creates a command.
    public init(
        name: String,
        abstract: String,
        discussion: String = "",
        options: [Option] = [],
        arguments: [Argument] = [],
        subcommands: [Command] = [],
        run: (@Sendable (ParsedArguments) async throws -> Int32)? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
        self.subcommands = subcommands
        self.run = run
    }
}

/// A named option: a flag (`--json`) or an option taking a value (`--lang en`).
public struct Option: Sendable {
    /// The long name without dashes (`lang` for `--lang`).
    public var name: String
    /// An optional one-letter short name (`h` for `-h`).
    public var short: Character?
    /// The placeholder for the value (`CODE`), or `nil` for a flag.
    public var valueName: String?
    /// One line of help.
    public var help: String

    /// Creates an option taking a value.
    public static func value(_ name: String, short: Character? = nil, _ valueName: String, help: String) -> Option {
        Option(name: name, short: short, valueName: valueName, help: help)
    }

    /// Creates a flag.
    public static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
        Option(name: name, short: short, valueName: nil, help: help)
    }
}

/// A positional argument.
public struct Argument: Sendable {
    /// The placeholder shown in usage (`TEXT`).
    public var name: String
    /// One line of help.
    public var help: String
    /// Whether the argument may be left out.
    public var isOptional: Bool
    /// Whether it collects all remaining words.
    public var isVariadic: Bool

    /// Creates a positional argument.
    public init(_ name: String, help: String, isOptional: Bool = false, isVariadic: Bool = false) {
        self.name = name
        self.help = help
        self.isOptional = isOptional
        self.isVariadic = isVariadic
    }
}
