import ArgumentParsing
import Testing

@Suite struct CommandLineParserTests {
    let parser = CommandLineParser(
        root: Command(
            name: "tool", abstract: "A tool.",
            subcommands: [
                Command(
                    name: "log", abstract: "Log text.",
                    options: [.flag("yes", short: "y", help: "Accept."), .value("date", "DAY", help: "The day.")],
                    arguments: [Argument("TEXT", help: "What to log.", isVariadic: true)],
                    run: { _ in 0 })
            ]),
        version: "tool 1.0")

    @Test func parsesFlagsValuesAndPositionals() throws {
        let (outcome, _) = try parser.parse(["log", "-y", "--date=2026-01-02", "two", "eggs"])
        guard case .run(let arguments) = outcome else {
            Issue.record("expected a run, got \(outcome)")
            return
        }
        #expect(arguments.commandPath == ["tool", "log"])
        #expect(arguments.flag("yes"))
        #expect(arguments.value("date") == "2026-01-02")
        #expect(arguments.positionals["TEXT"] == ["two", "eggs"])
    }

    @Test func unknownOptionsAreUsageErrors() {
        #expect(throws: UsageError.unknownOption("--bogus")) { try parser.parse(["log", "--bogus", "x"]) }
        #expect(throws: UsageError.unknownSubcommand("nope")) { try parser.parse(["nope"]) }
        #expect(throws: UsageError.missingValue(option: "date")) { try parser.parse(["log", "x", "--date"]) }
        #expect(throws: UsageError.missingArgument("TEXT")) { try parser.parse(["log"]) }
    }

    @Test func helpAndVersionAreAnswered() throws {
        let (help, _) = try parser.parse(["log", "--help"])
        guard case .help(let text) = help else {
            Issue.record("expected help")
            return
        }
        #expect(text.contains("usage: tool log [options] TEXT ..."))
        #expect(text.contains("--date DAY"))
        #expect(try parser.parse(["--version"]).0 == .version("tool 1.0"))
        // A command with subcommands and nothing to run shows its help.
        guard case .help(let rootHelp) = try parser.parse([]).0 else {
            Issue.record("expected root help")
            return
        }
        #expect(rootHelp.contains("subcommands:"))
    }

    @Test func usageErrorsExitWith64() async {
        #expect(await parser.main(["log", "--bogus", "x"]) == 64)
        #expect(await parser.main(["log", "--help"]) == 0)
        #expect(await parser.main(["log", "two", "eggs"]) == 0)
    }

    @Test func aDoubleDashEndsOptions() throws {
        guard case .run(let arguments) = try parser.parse(["log", "--", "--not-an-option"]).0 else {
            Issue.record("expected a run")
            return
        }
        #expect(arguments.positionals["TEXT"] == ["--not-an-option"])
    }
}
