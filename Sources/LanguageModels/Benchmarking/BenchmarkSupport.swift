import CLlama
import Foundation

// Reference paths that benchmarks compare the guided decoder against. They are SPI: not part of
// the product API, and nothing in the app calls them.

/// How the GBNF baseline picks each token.
@_spi(Benchmarks) public enum GrammarBaseline: Sendable, CaseIterable {
    /// The grammar filters the whole vocabulary at every step, then greedy (the first figure
    /// the benchmark printed).
    case wholeVocabulary
    /// llama.cpp's own sample-then-verify path (as its common sampler runs grammars): greedy on
    /// the raw logits, the grammar checks that one token, and only a rejected token makes it
    /// filter the whole vocabulary and pick again.
    case sampleThenVerify
}

extension LanguageModelSession {
    /// Generates with llama.cpp's own grammar sampler (GBNF) and greedy selection, on this
    /// session's context and prompt layout, for comparison with the guided decoder.
    /// - Parameters:
    ///   - baseline: How the grammar is applied each step.
    ///   - sameWork: Do the work the guided decoder does, no more: the bytes its grammar forces
    ///     at the start are evaluated in the prompt batch, and generation stops as soon as the
    ///     output is a complete value, without decoding its last token or sampling an end token.
    /// - Returns: the output text, the seconds spent on prompt and generation, and the tokens
    ///   sampled.
    @_spi(Benchmarks) public func respondWithLlamaGrammar(
        to prompt: String, gbnf: String, describing schema: GenerationSchema, maximumResponseTokens: Int,
        baseline: GrammarBaseline = .wholeVocabulary, sameWork: Bool = false
    ) async throws -> (text: String, promptSeconds: Double, generationSeconds: Double, tokens: Int) {
        let model = try begin()
        defer { end() }
        let tokens = try PromptBuilder(model: model).tokens(
            instructions: instructions, transcript: Transcript(), schema: schema, prompt: prompt, openPrompt: false)
        let context = try context(for: model, tokens: tokens)
        defer { model.returnContext(context) }
        guard let grammar = llama_sampler_init_grammar(context.model.vocab, gbnf, "root") else {
            throw GenerationError.unsupportedGuide("llama.cpp rejected the grammar")
        }
        defer { llama_sampler_free(grammar) }
        let vocabulary = context.model.tokenVocabulary
        // The guided decoder's opening bytes and a matcher that says when the value is complete.
        let compiled = sameWork ? try Grammar(schema: schema) : nil
        let opening = compiled.map { Generator(context: context, grammar: $0, options: GenerationOptions()).opening }
        var matcher = compiled.map { Matcher(grammar: $0) }
        let clock = ContinuousClock()
        let start = clock.now
        try context.evaluate(tokens + (opening?.tokens ?? []))
        let promptDone = clock.now
        var output: [UInt8] = opening?.bytes ?? []
        for token in opening?.tokens ?? [] { llama_sampler_accept(grammar, token) }
        if let opening { _ = matcher?.advance(opening.bytes) }
        var produced = 0
        while produced < maximumResponseTokens {
            try Task.checkCancellation()
            let token = try Self.pick(grammar, logits: try context.logits(), count: model.vocabularySize, baseline: baseline)
            llama_sampler_accept(grammar, token)
            if context.model.isEndOfGeneration(token) { break }
            let bytes = vocabulary.tokens[Int(token)]
            output += bytes
            produced += 1
            if matcher != nil, matcher!.advance(bytes), matcher!.isComplete { break }
            try context.append([token])
        }
        return (String(decoding: output, as: UTF8.self), (promptDone - start).seconds, (clock.now - promptDone).seconds, produced)
    }

    /// The greedy token the grammar allows.
    private static func pick(_ grammar: UnsafeMutablePointer<llama_sampler>, logits: UnsafePointer<Float>, count: Int, baseline: GrammarBaseline)
        throws -> llama_token
    {
        if baseline == .sampleThenVerify {
            var best = 0
            for index in 1..<count where logits[index] > logits[best] { best = index }
            var single = llama_token_data(id: llama_token(best), logit: logits[best], p: 0)
            let accepted = withUnsafeMutablePointer(to: &single) { pointer in
                var array = llama_token_data_array(data: pointer, size: 1, selected: -1, sorted: false)
                llama_sampler_apply(grammar, &array)
                return array.data[0].logit != -Float.infinity
            }
            if accepted { return llama_token(best) }
        }
        var candidates = (0..<count).map { llama_token_data(id: llama_token($0), logit: logits[$0], p: 0) }
        let chosen = candidates.withUnsafeMutableBufferPointer { buffer -> llama_token? in
            var array = llama_token_data_array(data: buffer.baseAddress, size: buffer.count, selected: -1, sorted: false)
            llama_sampler_apply(grammar, &array)
            var best: Int?
            for index in 0..<array.size where array.data[index].logit != -Float.infinity {
                if best == nil || array.data[index].logit > array.data[best!].logit { best = index }
            }
            return best.map { array.data[$0].id }
        }
        guard let chosen else { throw GenerationError.decodingFailure("the grammar allows no token") }
        return chosen
    }
}

extension SystemLanguageModel {
    /// A raw llama.cpp loop — tokenize, decode, greedy sampler — with none of our code in it:
    /// the baseline for tokens per second.
    /// - Returns: prompt tokens, and seconds for the prompt and for `count` generated tokens.
    @_spi(Benchmarks) public func rawGreedyDecode(prompt: String, count: Int) throws
        -> (promptTokens: Int, promptSeconds: Double, generationSeconds: Double)
    {
        let model = try load().get()
        let context = try InferenceContext(model: model, contextSize: contextSize, threads: threads)
        let tokens = model.tokenize(prompt, parseSpecial: true, addSpecial: true)
        let clock = ContinuousClock()
        let start = clock.now
        try context.evaluate(tokens)
        let promptDone = clock.now
        let sampler = llama_sampler_init_greedy()!
        defer { llama_sampler_free(sampler) }
        for _ in 0..<count {
            var token = llama_sampler_sample(sampler, context.pointer, -1)
            let status = llama_decode(context.pointer, llama_batch_get_one(&token, 1))
            guard status == 0 else { throw LanguageModelSession.GenerationError.decodingFailure("status \(status)") }
        }
        return (tokens.count, (promptDone - start).seconds, (clock.now - promptDone).seconds)
    }
}

extension SystemLanguageModel {
    /// The time llama.cpp needs for only the unavoidable work of a request: evaluating
    /// `uncached` prompt tokens in one batch after `cached` ones already in the cache, then
    /// decoding `sampled` tokens one at a time. The denominator of P0.
    @_spi(Benchmarks) public func unavoidableSeconds(cached: Int, uncached: Int, sampled: Int) throws -> Double {
        let model = try load().get()
        let context = try InferenceContext(model: model, contextSize: contextSize, threads: threads)
        // Ordinary text tokens; their values do not change the cost of a batch.
        let text = model.tokenize(String(repeating: "The note lists ideas, questions and answers. ", count: 400), parseSpecial: false)
        guard cached + uncached + sampled < contextSize, text.count >= cached + uncached + sampled else {
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(
                tokenCount: cached + uncached + sampled, contextSize: contextSize)
        }
        if cached > 0 { try context.evaluate(Array(text[0..<cached])) }
        let clock = ContinuousClock()
        let start = clock.now
        if uncached > 0 { try context.append(Array(text[cached..<(cached + uncached)])) }
        for index in 0..<sampled { try context.append([text[cached + uncached + index]]) }
        return (clock.now - start).seconds
    }
}
