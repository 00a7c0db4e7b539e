/// The result of parsing a command line against a ``Command``.
public struct ParsedArguments: Sendable, Equatable {
    /// The names of the commands on the path, root first (`["verbatim", "memo", "list"]`).
    public var commandPath: [String]
    /// Values given for options, by long name; a repeated option keeps every value in order.
    public var values: [String: [String]]
    /// The flags that were given, by long name.
    public var flags: Set<String>
    /// Positional arguments, by their declared name; a variadic one holds every remaining word.
    public var positionals: [String: [String]]

    /// Creates an empty result for a command path.
    public init(commandPath: [String] = []) {
        self.commandPath = commandPath
        self.values = [:]
        self.flags = []
        self.positionals = [:]
    }

    /// The last value given for an option, if any.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The first word given for a positional argument, if any.
    public func positional(_ name: String) -> String? { positionals[name]?.first }

    /// Parses an option's value as an integer.
    /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` when it is not one.
    public func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else {
            throw .invalidValue(option: name, value: text, expected: "an integer")
        }
        return number
    }
}
