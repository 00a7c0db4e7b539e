import CLlama

/// Builds prompt tokens with the model's chat template, treating every message's content as
/// data: contents are tokenized without special-token parsing, so text such as `<|im_end|>` in
/// user input can never close or reopen a role.
struct PromptBuilder {
    let model: LlamaModel

    /// - Parameter toolEntries: This request's tool calls and outputs, after the prompt.
    func tokens(
        instructions: String?, transcript: Transcript, schema: GenerationSchema?, prompt: String?,
        toolEntries: [Transcript.Entry] = [], openPrompt: Bool
    ) throws(LanguageModelSession.GenerationError) -> [llama_token] {
        var messages: [(role: String, content: String)] = []
        var system = instructions ?? ""
        if let schema {
            system += (system.isEmpty ? "" : "\n\n") + SchemaDescription.describe(schema)
        }
        if !system.isEmpty { messages.append(("system", system)) }
        // A tool's output is a user message: data like any input (every chat template has the
        // user role, not all a tool role). Calls are not shown: a call's JSON in the assistant's
        // turns is what a small model then copies into its answer.
        func append(_ entry: Transcript.Entry) {
            switch entry {
            case .instructions, .toolCalls: break
            case .prompt(let text): messages.append(("user", text))
            case .response(let text): messages.append(("assistant", text))
            case .toolOutput(let output): messages.append(("user", ToolDecision.message(for: output)))
            }
        }
        transcript.entries.forEach(append)
        if let prompt { messages.append(("user", prompt)) }
        toolEntries.forEach(append)
        // Render with placeholders, then tokenize template text and contents separately.
        let markers = messages.indices.map { "\u{1}VERBATIM-CONTENT-\($0)\u{1}" }
        let placeholders = zip(messages, markers).map { (role: $0.role, content: $1) }
        guard
            var rendered = model.renderChat(placeholders, addAssistant: !openPrompt)
        else {
            throw .assetsUnavailable("the model's chat template could not be applied")
        }
        var tokens: [llama_token] = []
        if llama_vocab_get_add_bos(model.vocab), model.bosToken >= 0 { tokens.append(model.bosToken) }
        for (message, marker) in zip(messages, markers) {
            guard let range = rendered.range(of: marker) else {
                throw .assetsUnavailable("the model's chat template dropped a message")
            }
            tokens += model.tokenize(String(rendered[..<range.lowerBound]), parseSpecial: true)
            tokens += model.tokenize(message.content, parseSpecial: false)
            rendered = String(rendered[range.upperBound...])
        }
        if openPrompt, messages.last?.role == "user" {
            // A prewarm prefix stays open so a later prompt that starts with it reuses the cache.
            return tokens
        }
        tokens += model.tokenize(rendered, parseSpecial: true)
        return tokens
    }
}
