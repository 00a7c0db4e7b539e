/// One step of a request with tools, as the model writes it: `{"call":{"tool":NAME,"arguments":…}}`
/// to call a tool, `{"call":null}` to answer. The step's schema lists every tool with its own
/// arguments, so the decoder only lets the model name a tool of the session and give it
/// arguments that match that tool's parameters.
enum ToolDecision: Equatable {
    /// Call the named tool with these arguments.
    case call(toolName: String, arguments: GeneratedContent)
    /// Answer the request (no further call).
    case answer

    /// The schema of a step.
    /// - Parameters:
    ///   - tools: The session's tools, in order.
    ///   - requiresCall: Whether this step must call a tool (`null` is then not allowed).
    static func schema(for tools: [any Tool], requiresCall: Bool) -> GenerationSchema {
        let calls = tools.map { tool in
            GenerationSchema.Node.object(
                "ToolCall",
                [
                    .init("tool", node: .enumeration([tool.name])),
                    .init("arguments", node: tool.parameters.root),
                ])
        }
        let call: GenerationSchema.Node = calls.count == 1 ? calls[0] : .anyOf(calls)
        return GenerationSchema(
            type: "ToolStep",
            properties: [
                .init(
                    "call", description: "the tool to call now with its arguments, or null to answer without one",
                    node: requiresCall ? call : .optional(call))
            ])
    }

    /// The system text of a step: the session's instructions, then the tools by name with what
    /// each does (the step's schema, with the arguments' shapes, follows it).
    static func instructions(_ instructions: String?, tools: [any Tool]) -> String {
        var text = instructions.map { $0 + "\n\n" } ?? ""
        text += "Before answering you may call one of these tools; its output is then shown to you."
        for tool in tools { text += "\n- \(tool.name): \(tool.description)" }
        return text
    }

    /// Reads a step's output (text the step's schema accepted).
    /// - Throws: ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when it is not a step.
    init(json: String) throws {
        let content = try GeneratedContent(json: json)
        if content[property: "call"] == .null {
            self = .answer
            return
        }
        guard let call = content[property: "call"], case .string(let name)? = call[property: "tool"],
            let arguments = call[property: "arguments"]
        else {
            throw LanguageModelSession.GenerationError.decodingFailure("'\(json)' is not a tool call or an answer")
        }
        self = .call(toolName: name, arguments: arguments)
    }

    /// How prompts show a tool's output: the tool's name, then the output.
    static func message(for output: Transcript.ToolOutput) -> String {
        "\(output.toolName) returned: \(output.text)"
    }
}
