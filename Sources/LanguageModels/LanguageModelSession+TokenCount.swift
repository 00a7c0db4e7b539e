extension LanguageModelSession {
    /// The tokens a request with this prompt would take before the response: the instructions
    /// (with the schema's description), the transcript so far and the prompt, in the model's
    /// chat template — the figure ``Usage/Input/totalTokenCount`` reports and the one checked
    /// against ``SystemLanguageModel/contextSize`` before decoding starts.
    ///
    ///     let needed = try await session.tokenCount(for: text, schema: Summary.generationSchema)
    ///     if needed >= session.model.contextSize { /* shorten the text, or start a new session */ }
    ///
    /// - Parameters:
    ///   - prompt: The request's prompt.
    ///   - schema: The schema the request would generate, or `nil` for free text.
    /// - Returns: The prompt's token count.
    /// - Throws: ``GenerationError/assetsUnavailable(_:)`` when the model cannot be loaded (the
    ///   first call loads it).
    public func tokenCount(for prompt: String, schema: GenerationSchema? = nil) async throws -> Int {
        let loaded = try await model.loadedOffThePool()
        return try PromptBuilder(model: loaded).tokens(
            instructions: instructions, transcript: transcript, schema: schema, prompt: prompt, openPrompt: false
        ).count
    }

    /// The tokens a request generating `type` with this prompt would take before the response.
    /// - Parameters:
    ///   - prompt: The request's prompt.
    ///   - type: The generable type the request would generate.
    /// - Returns: The prompt's token count, as ``tokenCount(for:schema:)`` with the type's schema.
    /// - Throws: ``GenerationError/assetsUnavailable(_:)`` when the model cannot be loaded.
    public func tokenCount<Content: Generable>(for prompt: String, generating type: Content.Type) async throws -> Int {
        try await tokenCount(for: prompt, schema: Content.generationSchema)
    }
}
