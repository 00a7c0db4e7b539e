extension LanguageModelSession {
    /// Responds with a value of a generable type, yielding snapshots of it as it is decoded:
    /// the properties filled so far, strings as they grow, and last the complete value.
    ///
    /// Decoding is guided by the schema exactly as in ``respond(to:generating:options:)``: the
    /// same options give the same value. Decoding runs one token at a time either way; reading
    /// each snapshot costs a parse of the output so far.
    /// - Parameters:
    ///   - prompt: The request.
    ///   - type: The generable type to generate.
    ///   - options: Sampling and limits.
    /// - Returns: The snapshots; ``ResponseStream/collect()`` gives the final response.
    public func streamResponse<Content: Generable>(
        to prompt: String, generating type: Content.Type = Content.self,
        options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<Content> {
        stream(prompt: prompt, schema: Content.generationSchema, options: options) { text, metrics in
            let content = try GeneratedContent(json: text)
            let value: Content
            do {
                value = try Content(content)
            } catch let error as GenerationError {
                throw error
            } catch {
                throw GenerationError.decodingFailure("\(error)")
            }
            return (Response(content: value, rawContent: text, metrics: metrics), content)
        }
    }

    /// Responds with content for a schema built at run time, yielding snapshots as it is decoded.
    /// - Parameters:
    ///   - prompt: The request.
    ///   - schema: The schema to generate.
    ///   - options: Sampling and limits.
    /// - Returns: The snapshots; ``ResponseStream/collect()`` gives the final response.
    public func streamResponse(
        to prompt: String, schema: GenerationSchema, options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<GeneratedContent> {
        stream(prompt: prompt, schema: schema, options: options) { text, metrics in
            let content = try GeneratedContent(json: text)
            return (Response(content: content, rawContent: text, metrics: metrics), content)
        }
    }

    /// Responds with text, yielding the text so far as it is decoded (each snapshot's content
    /// is `.string` of it).
    /// - Parameters:
    ///   - prompt: The request.
    ///   - options: Sampling and limits.
    /// - Returns: The snapshots; ``ResponseStream/collect()`` gives the final response.
    public func streamResponse(
        to prompt: String, options: GenerationOptions = GenerationOptions()
    ) -> ResponseStream<String> {
        stream(prompt: prompt, schema: nil, options: options) { text, metrics in
            (Response(content: text, rawContent: text, metrics: metrics), .string(text))
        }
    }

    /// Starts the request in a task of its own that yields a snapshot each time the output grows
    /// by whole characters; cancelling the stream's consumer cancels the task.
    /// - Parameter finish: The response and the final content for the whole output.
    private func stream<Content: Sendable>(
        prompt: String, schema: GenerationSchema?, options: GenerationOptions,
        finish: @escaping @Sendable (String, Metrics) throws -> (Response<Content>, GeneratedContent)
    ) -> ResponseStream<Content> {
        typealias Snapshot = ResponseStream<Content>.Snapshot
        // Each snapshot holds everything before it, so a consumer slower than decoding skips to
        // the newest one, and an unread stream holds one snapshot, not one per token.
        let (snapshots, continuation) = AsyncThrowingStream.makeStream(of: Snapshot.self, bufferingPolicy: .bufferingNewest(1))
        let isStructured = schema != nil
        let response = Task {
            do {
                var shownBytes = -1
                let (text, metrics) = try await run(prompt: prompt, schema: schema, options: options) { output in
                    let end = PartialJSON.completeCharacterEnd(output, upTo: output.count)
                    // A token that ends inside a character shows nothing new.
                    guard end != shownBytes else { return }
                    shownBytes = end
                    let raw = String(decoding: output[..<end], as: UTF8.self)
                    continuation.yield(
                        Snapshot(
                            content: isStructured ? PartialJSON.parse(output) : .string(raw), rawContent: raw,
                            isComplete: false))
                }
                let (response, content) = try finish(text, metrics)
                continuation.yield(Snapshot(content: content, rawContent: text, isComplete: true))
                continuation.finish()
                return response
            } catch {
                continuation.finish(throwing: error)
                throw error
            }
        }
        continuation.onTermination = { termination in
            if case .cancelled = termination { response.cancel() }
        }
        return ResponseStream(snapshots: snapshots, response: response)
    }
}
