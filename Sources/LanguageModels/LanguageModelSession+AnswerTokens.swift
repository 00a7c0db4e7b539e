extension LanguageModelSession {
    /// The tokens guided decoding feeds when the model writes `answer` under `schema`: each run
    /// of bytes the schema forces tokenized on its own, as the decoder tokenizes it, and at every
    /// free step the first token of the rest of the answer tokenized as text when the schema
    /// allows it there, else the longest allowed token the answer continues with.
    ///
    /// Train an adapter on these tokens, not on the answer tokenized as plain text: the decoder
    /// cuts tokens where the schema forces bytes, so plain text's tokens can straddle a cut the
    /// model never sees at run time. (Qwen2.5 writes `":["` as one token in text; guided
    /// decoding forces `{"alreadyAnswered":[`, whose last token is `":[`, which in text only ever
    /// precedes an empty list, so a model taught on text tokens always answered `[]`.)
    ///
    /// - Parameters:
    ///   - answer: The answer, as the model should write it (compact JSON in the schema's
    ///     property order).
    ///   - schema: The schema of the request.
    /// - Returns: The token ids, in the model's vocabulary.
    /// - Throws: ``GenerationError/decodingFailure(_:)`` when `answer` does not fit `schema`;
    ///   ``GenerationError/assetsUnavailable(_:)`` when the model cannot be loaded.
    public func answerTokens(for answer: String, schema: GenerationSchema) async throws -> [Int32] {
        let loaded = try await model.loadedOffThePool()
        let vocabulary = loaded.tokenVocabulary
        let bytes = Array(answer.utf8)
        var matcher = Matcher(grammar: try Grammar(schema: schema))
        var position = 0
        var tokens: [Int32] = []
        func failure(_ what: String) -> GenerationError {
            .decodingFailure("the answer does not fit the schema \(what) (byte \(position))")
        }
        while !matcher.isComplete {
            let forced = matcher.forcedBytes()
            if !forced.isEmpty, let run = loaded.exactTokens(of: forced) {
                guard bytes[position...].starts(with: forced), matcher.advance(forced) else {
                    throw failure("where it forces \"\(String(decoding: forced, as: UTF8.self))\"")
                }
                position += forced.count
                tokens += run
                continue
            }
            let allowed = TokenMask.allowedTokens(matcher, vocabulary: vocabulary, cache: loaded.maskCache)
            var best: (token: Int32, length: Int)?
            if let first = loaded.tokenize(String(decoding: bytes[position...], as: UTF8.self), parseSpecial: false).first {
                let piece = vocabulary.tokens[Int(first)]
                if bytes[position...].starts(with: piece), allowed.all.contains(first) { best = (first, piece.count) }
            }
            if best == nil {
                allowed.forEach { token in
                    let piece = vocabulary.tokens[Int(token)]
                    if piece.count > best?.length ?? 0, bytes[position...].starts(with: piece) { best = (token, piece.count) }
                }
            }
            guard let best, matcher.advance(bytes[position..<position + best.length]) else {
                throw failure("at a free step")
            }
            position += best.length
            tokens.append(best.token)
        }
        guard position == bytes.count else { throw failure("after its end") }
        return tokens
    }
}
