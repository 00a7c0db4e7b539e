/// A command line that does not match the command's usage. The process exits with status 64.
public enum UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownOption(String)
    case missingValue(option: String)
    case invalidValue(option: String, value: String, expected: String)
    case unexpectedArgument(String)
    case missingArgument(String)
    case unknownSubcommand(String)
    case missingSubcommand

    /// The exit status for usage errors (`EX_USAGE` from sysexits.h).
    public static let exitStatus: Int32 = 64

    public var description: String {
        switch self {
        case .unknownOption(let option): "unknown option '\(option)'"
        case .missingValue(let option): "option '--\(option)' needs a value"
        case .invalidValue(let option, let value, let expected):
            "invalid value '\(value)' for '--\(option)': expected \(expected)"
        case .unexpectedArgument(let word): "unexpected argument '\(word)'"
        case .missingArgument(let name): "missing argument \(name)"
        case .unknownSubcommand(let word): "unknown subcommand '\(word)'"
        case .missingSubcommand: "a subcommand is required"
        }
    }
}
