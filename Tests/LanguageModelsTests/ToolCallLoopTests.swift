import Foundation
@testable import LanguageModels
import Testing

/// Tool calling without a model: the step schema, reading a step, and the loop's control flow
/// with scripted decisions.
@Suite struct ToolCallLoopTests {
    static let paris = GeneratedContent.object([.init("city", .string("paris")), .init("days", .integer(3))])

    func complete(_ schema: GenerationSchema, _ text: String) throws -> Bool {
        var matcher = Matcher(grammar: try Grammar(schema: schema))
        return matcher.advance(Array(text.utf8)) && matcher.isComplete
    }

    @Test func stepSchemaAllowsOnlySessionToolsWithTheirOwnArguments() throws {
        let tools: [any Tool] = [ForecastTool(), ClockTool()]
        let free = ToolDecision.schema(for: tools, requiresCall: false)
        #expect(try complete(free, #"{"call":null}"#))
        #expect(try complete(free, #"{"call":{"tool":"getForecast","arguments":{"city":"paris","days":3}}}"#))
        #expect(try complete(free, #"{"call":{"tool":"getTime","arguments":{"zone":"UTC"}}}"#))
        #expect(!(try complete(free, #"{"call":{"tool":"getWeather","arguments":{"city":"paris","days":3}}}"#)))
        #expect(!(try complete(free, #"{"call":{"tool":"getForecast","arguments":{"city":"paris","days":9}}}"#)))
        #expect(!(try complete(free, #"{"call":{"tool":"getForecast","arguments":{"zone":"UTC"}}}"#)))
        #expect(!(try complete(free, #"{"call":{"tool":"getForecast","arguments":{"city":"rome","days":3}}}"#)))
        let required = ToolDecision.schema(for: tools, requiresCall: true)
        #expect(!(try complete(required, #"{"call":null}"#)))
        #expect(try complete(required, #"{"call":{"tool":"getTime","arguments":{"zone":"UTC"}}}"#))
    }

    @Test func aStepReadsAsACallOrAnAnswerAndAnOutputNamesItsCall() throws {
        let written = #"{"call":{"tool":"getForecast","arguments":{"city":"paris","days":3}}}"#
        #expect(try ToolDecision(json: written) == .call(toolName: "getForecast", arguments: Self.paris))
        #expect(try ToolDecision(json: #"{"call":null}"#) == .answer)
        #expect(throws: LanguageModelSession.GenerationError.self) { try ToolDecision(json: #"{"other":1}"#) }
        let output = Transcript.ToolOutput(id: "1", toolName: "getForecast", text: "Sunny.")
        #expect(ToolDecision.message(for: output) == "getForecast returned: Sunny.")
    }

    @Test func stepInstructionsListEveryToolAfterTheSessionsOwn() {
        let text = ToolDecision.instructions("Be brief.", tools: [ForecastTool(), ClockTool()])
        #expect(text.hasPrefix("Be brief.\n\n"))
        #expect(text.contains("- getForecast: Gives the weather forecast for a city."))
        #expect(text.contains("- getTime: Tells the time in a time zone."))
    }

    @Test func eachCallIsFollowedByItsOutputUntilTheModelAnswers() async throws {
        let forecast = ForecastTool()
        let clock = ClockTool()
        var script: [ToolDecision] = [
            .call(toolName: "getForecast", arguments: Self.paris),
            .call(toolName: "getTime", arguments: .object([.init("zone", .string("CET"))])),
            .answer,
        ]
        var seen: [Int] = []
        let entries = try await ToolCallLoop(tools: [forecast, clock], choice: .automatic, maximumCalls: 4).run {
            entries, _ in
            seen.append(entries.count)
            return script.removeFirst()
        }
        #expect(seen == [0, 2, 4])
        #expect(forecast.log.all == [ForecastTool.Arguments(city: .paris, days: 3)])
        #expect(clock.log.all == [.object([.init("zone", .string("CET"))])])
        guard entries.count == 4, case .toolCalls(let first) = entries[0], case .toolOutput(let firstOutput) = entries[1],
            case .toolCalls(let second) = entries[2], case .toolOutput(let secondOutput) = entries[3]
        else {
            Issue.record("expected call, output, call, output: \(entries)")
            return
        }
        #expect(first.map(\.toolName) == ["getForecast"] && firstOutput.id == first[0].id)
        #expect(firstOutput.text == ForecastTool.output(for: .init(city: .paris, days: 3)))
        #expect(second.map(\.toolName) == ["getTime"] && secondOutput.id == second[0].id && first[0].id != second[0].id)
        #expect(secondOutput.text == #"{"time":"12:00"}"#)
    }

    @Test func aCallBeyondTheBoundFailsTheRequestWithoutRunningTheTool() async throws {
        let forecast = ForecastTool()
        var steps = 0
        await #expect(throws: LanguageModelSession.GenerationError.exceededToolCallLimit(2)) {
            _ = try await ToolCallLoop(tools: [forecast], choice: .automatic, maximumCalls: 2).run { _, _ in
                steps += 1
                let arguments = GeneratedContent.object([.init("city", .string("lima")), .init("days", .integer(steps))])
                return .call(toolName: "getForecast", arguments: arguments)
            }
        }
        #expect(steps == 3)
        #expect(forecast.log.all.map(\.days) == [1, 2])
    }

    @Test func aRepeatedCallEndsTheCallsInsteadOfRunningAgain() async throws {
        let forecast = ForecastTool()
        var steps = 0
        let entries = try await ToolCallLoop(tools: [forecast], choice: .automatic, maximumCalls: 1).run { _, _ in
            steps += 1
            return .call(toolName: "getForecast", arguments: Self.paris)
        }
        #expect(steps == 2 && entries.count == 2)
        #expect(forecast.log.all == [ForecastTool.Arguments(city: .paris, days: 3)])
    }

    @Test func onlyTheFirstStepMustCallWhenACallIsRequired() async throws {
        var flags: [Bool] = []
        var script: [ToolDecision] = [.call(toolName: "getForecast", arguments: Self.paris), .answer]
        _ = try await ToolCallLoop(tools: [ForecastTool()], choice: .required, maximumCalls: 4).run { _, requiresCall in
            flags.append(requiresCall)
            return script.removeFirst()
        }
        #expect(flags == [true, false])
    }

    @Test func noStepsWithoutToolsOrWithToolsDisabled() async throws {
        for loop in [
            ToolCallLoop(tools: [], choice: .required, maximumCalls: 4),
            ToolCallLoop(tools: [ForecastTool()], choice: .disabled, maximumCalls: 4),
        ] {
            let entries = try await loop.run { _, _ in
                Issue.record("no step expected")
                return .answer
            }
            #expect(entries.isEmpty)
        }
    }

    @Test func aToolsErrorEndsTheRequestNamingTheTool() async throws {
        do {
            _ = try await ToolCallLoop(tools: [BrokenTool()], choice: .automatic, maximumCalls: 4).run { _, _ in
                .call(toolName: "broken", arguments: Self.paris)
            }
            Issue.record("expected a ToolCallError")
        } catch let error as LanguageModelSession.ToolCallError {
            #expect(error.tool.name == "broken")
            #expect(error.underlyingError is BrokenTool.Failure)
            #expect(error.description.hasPrefix("the tool 'broken' failed"))
        }
    }

    @Test func theLimitErrorSaysWhatHappened() {
        #expect(
            LanguageModelSession.GenerationError.exceededToolCallLimit(4).description
                == "the model asked for another tool call after 4 in one request (the limit)")
    }
}
