import Foundation

/// The steps of a request with tools: the model decides, the tool it names runs, and again, until
/// the model answers or would exceed the bound. The decisions come from a closure, so this
/// control flow is the same with the real model and with a scripted one in tests.
///
/// A call the model already made in this request, with the same arguments, is not run again:
/// its output is already in the prompt, so the step ends the calls and the model answers. (Small
/// models repeat a call they have just seen answered; in the tests SmolLM2-135M always did.)
struct ToolCallLoop {
    let tools: [any Tool]
    let choice: GenerationOptions.ToolChoice
    let maximumCalls: Int

    /// Runs the steps.
    /// - Parameter decide: The model's next step, given this request's calls and outputs so far
    ///   and whether the step must call a tool.
    /// - Returns: Each call, then its output, in order (empty when the model answered at once).
    /// - Throws: ``LanguageModelSession/GenerationError/exceededToolCallLimit(_:)`` when the model
    ///   calls a tool after `maximumCalls` calls; ``LanguageModelSession/ToolCallError`` when a
    ///   tool throws; whatever `decide` throws; `CancellationError`.
    func run(
        decide: (_ entries: [Transcript.Entry], _ requiresCall: Bool) async throws -> ToolDecision
    ) async throws -> [Transcript.Entry] {
        guard !tools.isEmpty, choice != .disabled else { return [] }
        var entries: [Transcript.Entry] = []
        var calls = 0
        var made: [(name: String, arguments: GeneratedContent)] = []
        while true {
            try Task.checkCancellation()
            guard case .call(let name, let arguments) = try await decide(entries, choice == .required && calls == 0),
                !made.contains(where: { $0 == (name, arguments) })
            else { return entries }
            guard calls < maximumCalls else {
                throw LanguageModelSession.GenerationError.exceededToolCallLimit(maximumCalls)
            }
            guard let tool = tools.first(where: { $0.name == name }) else {
                throw LanguageModelSession.GenerationError.decodingFailure("the session has no tool named '\(name)'")
            }
            calls += 1
            made.append((name, arguments))
            let call = Transcript.ToolCall(id: UUID().uuidString, toolName: name, arguments: arguments)
            let text = try await Self.invoke(tool, with: arguments)
            entries.append(.toolCalls([call]))
            entries.append(.toolOutput(Transcript.ToolOutput(id: call.id, toolName: name, text: text)))
        }
    }

    /// Decodes the arguments into the tool's type and calls it (an existential opens here).
    private static func invoke<T: Tool>(_ tool: T, with arguments: GeneratedContent) async throws -> String {
        let decoded: T.Arguments
        do {
            decoded = try T.Arguments(arguments)
        } catch let error as LanguageModelSession.GenerationError {
            throw error
        } catch {
            throw LanguageModelSession.GenerationError.decodingFailure("\(error)")
        }
        do {
            return try await tool.call(arguments: decoded).promptRepresentation
        } catch let error as CancellationError {
            throw error
        } catch {
            throw LanguageModelSession.ToolCallError(tool: tool, underlyingError: error)
        }
    }
}
