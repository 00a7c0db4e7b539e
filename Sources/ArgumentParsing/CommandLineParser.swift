/// Parses command lines against a tree of ``Command``s and runs the chosen one.
public struct CommandLineParser: Sendable {
    /// The root command.
    public var root: Command
    /// The version printed for `--version`.
    public var version: String

    /// Creates a parser for a root command.
    public init(root: Command, version: String) {
        self.root = root
        self.version = version
    }

    /// What a command line asks for.
    public enum Outcome: Sendable, Equatable {
        /// Run the command at this path with these arguments.
        case run(ParsedArguments)
        /// Print this help text and exit 0.
        case help(String)
        /// Print the version and exit 0.
        case version(String)
    }

    /// Parses arguments (without the program name).
    /// - Throws: ``UsageError`` when the words do not match the usage; `usage(for:)` gives the text to print.
    public func parse(_ words: [String]) throws(UsageError) -> (Outcome, Command) {
        var command = root
        var parsed = ParsedArguments(commandPath: [root.name])
        var positionalIndex = 0
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if !onlyPositionals, word == "--" {
                onlyPositionals = true
                continue
            }
            if !onlyPositionals, word == "--help" || word == "-h" {
                return (.help(Self.help(for: command, path: parsed.commandPath)), command)
            }
            if !onlyPositionals, word == "--version", parsed.commandPath.count == 1 {
                return (.version(version), command)
            }
            if !onlyPositionals, word.hasPrefix("-"), word.count > 1 {
                var name: String
                var inlineValue: String?
                if word.hasPrefix("--") {
                    name = String(word.dropFirst(2))
                    if let equals = name.firstIndex(of: "=") {
                        inlineValue = String(name[name.index(after: equals)...])
                        name = String(name[..<equals])
                    }
                } else if word.count == 2, let match = command.options.first(where: { $0.short == word.last }) {
                    name = match.name
                } else if Double(word) != nil {
                    // A negative number is a positional, not an option.
                    try Self.addPositional(word, to: &parsed, command: command, index: &positionalIndex)
                    continue
                } else {
                    throw .unknownOption(word)
                }
                guard let option = command.options.first(where: { $0.name == name }) else {
                    throw .unknownOption(word)
                }
                if option.valueName == nil {
                    if inlineValue != nil { throw .unexpectedArgument(word) }
                    parsed.flags.insert(name)
                } else if let inlineValue {
                    parsed.values[name, default: []].append(inlineValue)
                } else {
                    guard index < words.count else { throw .missingValue(option: name) }
                    parsed.values[name, default: []].append(words[index])
                    index += 1
                }
                continue
            }
            if positionalIndex == 0, parsed.values.isEmpty, parsed.flags.isEmpty, !command.subcommands.isEmpty {
                if let sub = command.subcommands.first(where: { $0.name == word }) {
                    command = sub
                    parsed.commandPath.append(sub.name)
                    continue
                }
                if command.run == nil { throw .unknownSubcommand(word) }
            }
            try Self.addPositional(word, to: &parsed, command: command, index: &positionalIndex)
        }
        if command.run == nil {
            if command.subcommands.isEmpty { throw .missingSubcommand }
            return (.help(Self.help(for: command, path: parsed.commandPath)), command)
        }
        for argument in command.arguments.dropFirst(positionalIndex) where !argument.isOptional {
            if parsed.positionals[argument.name] == nil { throw .missingArgument(argument.name) }
        }
        return (.run(parsed), command)
    }

    private static func addPositional(
        _ word: String, to parsed: inout ParsedArguments, command: Command, index: inout Int
    ) throws(UsageError) {
        if index < command.arguments.count {
            let argument = command.arguments[index]
            parsed.positionals[argument.name, default: []].append(word)
            if !argument.isVariadic { index += 1 }
        } else if let last = command.arguments.last, last.isVariadic {
            parsed.positionals[last.name, default: []].append(word)
        } else {
            throw .unexpectedArgument(word)
        }
    }

    /// The usage line of a command.
    public static func usageLine(for command: Command, path: [String]) -> String {
        var parts = path
        if !command.subcommands.isEmpty { parts.append(command.run == nil ? "<subcommand>" : "[<subcommand>]") }
        if !command.options.isEmpty { parts.append("[options]") }
        for argument in command.arguments {
            var text = argument.name + (argument.isVariadic ? " ..." : "")
            if argument.isOptional { text = "[\(text)]" }
            parts.append(text)
        }
        return "usage: " + parts.joined(separator: " ")
    }

    /// The full help text of a command.
    public static func help(for command: Command, path: [String]) -> String {
        var lines = ["\(path.joined(separator: " ")): \(command.abstract)", "", usageLine(for: command, path: path)]
        if !command.discussion.isEmpty { lines += ["", command.discussion] }
        func table(_ rows: [(String, String)]) -> [String] {
            let width = min(28, (rows.map(\.0.count).max() ?? 0) + 2)
            return rows.map { left, right in
                let padded = left.count >= width ? left + "  " : left + String(repeating: " ", count: width - left.count)
                return "  " + padded + right
            }
        }
        if !command.arguments.isEmpty {
            lines += ["", "arguments:"] + table(command.arguments.map { ($0.name, $0.help) })
        }
        var optionRows = command.options.map { option -> (String, String) in
            var left = option.short.map { "-\($0), " } ?? ""
            left += "--\(option.name)"
            if let value = option.valueName { left += " \(value)" }
            return (left, option.help)
        }
        optionRows.append(("-h, --help", "Show this help."))
        if path.count == 1 { optionRows.append(("--version", "Show the version.")) }
        lines += ["", "options:"] + table(optionRows)
        if !command.subcommands.isEmpty {
            lines += ["", "subcommands:"] + table(command.subcommands.map { ($0.name, $0.abstract) })
            lines += ["", "See '\(path.joined(separator: " ")) <subcommand> --help' for details."]
        }
        return lines.joined(separator: "\n")
    }

    /// Parses and runs a command line, printing help, versions and usage errors.
    /// - Returns: the exit status: the command's own, 0 for help and version, 64 for a usage error.
    public func main(_ words: [String]) async -> Int32 {
        do {
            let (outcome, command) = try parse(words)
            switch outcome {
            case .help(let text):
                print(text)
                return 0
            case .version(let text):
                print(text)
                return 0
            case .run(let parsed):
                guard let run = command.run else { return 0 }
                do {
                    return try await run(parsed)
                } catch let error as UsageError {
                    Self.printUsageError(error, command: command, path: parsed.commandPath)
                    return UsageError.exitStatus
                } catch {
                    StandardError.write("\(root.name): error: \(error)\n")
                    return 1
                }
            }
        } catch {
            let (command, path) = deepestCommand(for: words)
            Self.printUsageError(error, command: command, path: path)
            return UsageError.exitStatus
        }
    }

    private static func printUsageError(_ error: UsageError, command: Command, path: [String]) {
        StandardError.write(
            "\(path.joined(separator: " ")): \(error)\n\(usageLine(for: command, path: path))\n"
                + "See '\(path.joined(separator: " ")) --help'.\n")
    }

    private func deepestCommand(for words: [String]) -> (Command, [String]) {
        var command = root
        var path = [root.name]
        for word in words {
            guard let sub = command.subcommands.first(where: { $0.name == word }) else { break }
            command = sub
            path.append(word)
        }
        return (command, path)
    }
}
