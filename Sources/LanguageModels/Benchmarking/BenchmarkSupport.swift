import CLlama
import Foundation

// Reference paths that benchmarks compare the guided decoder against. They are SPI: not part of
// the product API, and nothing in the app calls them.

extension LanguageModelSession {
    /// Generates with llama.cpp's own grammar sampler (GBNF) and greedy selection, on this
    /// session's context and prompt layout, for comparison with the guided decoder.
    /// - Returns: the output text and the seconds spent on prompt and generation.
    @_spi(Benchmarks) public func respondWithLlamaGrammar(
        to prompt: String, gbnf: String, describing schema: GenerationSchema, maximumResponseTokens: Int
    ) async throws -> (text: String, promptSeconds: Double, generationSeconds: Double, tokens: Int) {
        let model = try begin()
        defer { end() }
        let tokens = try PromptBuilder(model: model).tokens(
            instructions: instructions, transcript: Transcript(), schema: schema, prompt: prompt, openPrompt: false)
        let context = try context(for: model, tokens: tokens)
        defer { model.returnContext(context) }
        let clock = ContinuousClock()
        let start = clock.now
        try context.evaluate(tokens)
        let promptDone = clock.now
        let chain = llama_sampler_chain_init(llama_sampler_chain_default_params())!
        defer { llama_sampler_free(chain) }
        guard let grammar = llama_sampler_init_grammar(context.model.vocab, gbnf, "root") else {
            throw GenerationError.unsupportedGuide("llama.cpp rejected the grammar")
        }
        llama_sampler_chain_add(chain, grammar)
        llama_sampler_chain_add(chain, llama_sampler_init_greedy())
        var output: [UInt8] = []
        var produced = 0
        while produced < maximumResponseTokens {
            try Task.checkCancellation()
            let token = llama_sampler_sample(chain, context.pointer, -1)
            if context.model.isEndOfGeneration(token) { break }
            output += context.model.tokenVocabulary.tokens[Int(token)]
            produced += 1
            try context.append([token])
        }
        return (String(decoding: output, as: UTF8.self), (promptDone - start).seconds, (clock.now - promptDone).seconds, produced)
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
