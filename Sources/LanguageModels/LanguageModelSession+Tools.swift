import CLlama

extension LanguageModelSession {
    /// The tool steps of a request, before its answer: each step's prompt is the instructions
    /// with the tools listed, the transcript, the prompt and this request's tool outputs so far;
    /// the step's schema (``ToolDecision``) forces a call of a session tool with valid arguments,
    /// or `null`. No steps without tools or with ``GenerationOptions/ToolChoice/disabled``.
    ///
    /// The steps take the session's context like any request, so each evaluates only what its
    /// prompt does not share with the cache (at least the instructions); the caller holds the
    /// session (``begin()``) for every step.
    /// - Returns: The calls and outputs, in order, for the answer's prompt and the transcript.
    func callTools(
        model: LlamaModel, transcript: Transcript, prompt: String, options: GenerationOptions, adapters: AdapterSet
    ) async throws -> [Transcript.Entry] {
        let loop = ToolCallLoop(tools: tools, choice: options.toolChoice, maximumCalls: options.maximumToolCalls)
        // A step samples as the answer does and scores fixed choices (tool names, enum arguments)
        // whole when the answer's are; narrowing and calibration are the answer's alone.
        let stepOptions = GenerationOptions(
            sampling: options.sampling, temperature: options.temperature,
            maximumResponseTokens: options.maximumResponseTokens,
            choiceStrategy: options.choiceStrategy == .tokenByToken ? .tokenByToken : .wholeSequence)
        return try await loop.run { entries, requiresCall in
            let (instructions, schema) = toolStepPrompt(requiresCall: requiresCall)
            let grammar = try Grammar(schema: schema)
            let tokens = try PromptBuilder(model: model).tokens(
                instructions: instructions, transcript: transcript, schema: schema, prompt: prompt,
                toolEntries: entries, openPrompt: false)
            try checkFits(tokens)
            let (text, _) = try await decode(
                model: model, promptTokens: tokens, grammar: grammar, options: stepOptions, adapters: adapters,
                calibrationPrompts: [],
                onOutput: nil)
            return try ToolDecision(json: text)
        }
    }

    /// The instructions and schema of a tool step.
    func toolStepPrompt(requiresCall: Bool) -> (instructions: String, schema: GenerationSchema) {
        (ToolDecision.instructions(instructions, tools: tools), ToolDecision.schema(for: tools, requiresCall: requiresCall))
    }
}
