import ArgumentParsing
import Testing
@testable import VerbatimCLI

@Suite struct FoodCommandTests {
    let parser = CommandLineParser(root: VerbatimCLI.root, version: "test")

    @Test func parsesLogWithFlagsAndTheWholeText() throws {
        let (outcome, _) = try parser.parse(["food", "log", "--yes", "--json", "2", "eggs,", "200g", "rice"])
        guard case .run(let arguments) = outcome else {
            Issue.record("expected a command to run")
            return
        }
        #expect(arguments.commandPath == ["verbatim", "food", "log"])
        #expect(arguments.flag("yes") && arguments.flag("json"))
        #expect(arguments.positionals["TEXT"] == ["2", "eggs,", "200g", "rice"])
    }

    @Test func parsesTargetsAndRepeatedIngredients() throws {
        let (targets, _) = try parser.parse(["food", "targets", "--kcal", "2200", "--protein", "140"])
        guard case .run(let values) = targets else {
            Issue.record("expected a command to run")
            return
        }
        #expect(values.value("kcal") == "2200")
        let (recipe, _) = try parser.parse(["food", "recipe", "chili", "--ingredient", "400g beans", "--ingredient", "1 onion"])
        guard case .run(let parts) = recipe else {
            Issue.record("expected a command to run")
            return
        }
        #expect(parts.values["ingredient"] == ["400g beans", "1 onion"])
    }

    @Test func foodWithoutASubcommandShowsHelp() throws {
        let (outcome, _) = try parser.parse(["food"])
        guard case .help(let text) = outcome else {
            Issue.record("expected help")
            return
        }
        #expect(text.contains("log") && text.contains("export") && text.contains("search"))
    }
}
