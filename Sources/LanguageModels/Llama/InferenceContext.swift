import CLlama

/// One llama.cpp context (KV cache) and the tokens it holds.
///
/// Each request evaluates only the tokens after the longest common prefix with what the cache
/// already holds, so a second turn does not re-process the instructions.
/// Contexts live in their model's idle pool between requests (see ``LlamaModel/takeContext``).
/// `@unchecked Sendable`: used by one request at a time — a request takes it out of the pool.
final class InferenceContext: @unchecked Sendable {
    let model: LlamaModel
    let pointer: OpaquePointer
    let contextSize: Int
    /// The size and thread count it was created for (llama.cpp may round the size up).
    let requestedSize: Int
    let threads: Int
    let batchSize = 512
    /// The tokens whose keys and values are in the cache, in order.
    private(set) var cachedTokens: [llama_token] = []
    /// Whether a request holds it; read and written only under the model's pool lock.
    var isLeased = false
    /// Tokens evaluated by the last ``evaluate(_:)`` call (the rest came from the cache).
    private(set) var lastEvaluatedCount = 0

    init(model: LlamaModel, contextSize: Int, threads: Int) throws(LanguageModelSession.GenerationError) {
        var params = llama_context_default_params()
        params.n_ctx = UInt32(contextSize)
        params.n_batch = UInt32(batchSize)
        params.n_ubatch = UInt32(batchSize)
        params.n_threads = Int32(threads)
        params.n_threads_batch = Int32(threads)
        params.no_perf = true
        guard let pointer = llama_init_from_model(model.pointer, params) else {
            throw .assetsUnavailable("llama.cpp could not create a context of \(contextSize) tokens")
        }
        self.model = model
        self.pointer = pointer
        self.contextSize = Int(llama_n_ctx(pointer))
        self.requestedSize = contextSize
        self.threads = threads
    }

    /// How many leading tokens the cache shares with `tokens`.
    func commonPrefix(with tokens: [llama_token]) -> Int {
        var count = 0
        while count < min(cachedTokens.count, tokens.count), cachedTokens[count] == tokens[count] { count += 1 }
        return count
    }

    deinit {
        llama_free(pointer)
    }

    /// Makes the cache hold exactly `tokens`, evaluating only what differs, and leaves the
    /// logits of the last token ready.
    func evaluate(_ tokens: [llama_token]) throws(LanguageModelSession.GenerationError) {
        guard !tokens.isEmpty else { throw .decodingFailure("empty prompt") }
        guard tokens.count < contextSize else {
            throw .exceededContextWindowSize(tokenCount: tokens.count, contextSize: contextSize)
        }
        var common = commonPrefix(with: tokens)
        // The last token is always evaluated so its logits are fresh.
        common = min(common, tokens.count - 1)
        if common < cachedTokens.count {
            let memory = llama_get_memory(pointer)
            if !llama_memory_seq_rm(memory, 0, llama_pos(common), -1) {
                llama_memory_clear(memory, true)
                common = 0
            }
            cachedTokens.removeSubrange(common...)
        }
        try append(Array(tokens[common...]))
        lastEvaluatedCount = tokens.count - common
    }

    /// Empties the cache.
    func clear() {
        llama_memory_clear(llama_get_memory(pointer), true)
        cachedTokens = []
    }

    /// Evaluates tokens after what the cache holds.
    func append(_ tokens: [llama_token]) throws(LanguageModelSession.GenerationError) {
        guard cachedTokens.count + tokens.count < contextSize else {
            throw .exceededContextWindowSize(tokenCount: cachedTokens.count + tokens.count, contextSize: contextSize)
        }
        var start = 0
        while start < tokens.count {
            var chunk = Array(tokens[start..<min(start + batchSize, tokens.count)])
            let status = chunk.withUnsafeMutableBufferPointer { buffer in
                llama_decode(pointer, llama_batch_get_one(buffer.baseAddress, Int32(buffer.count)))
            }
            guard status == 0 else {
                llama_memory_clear(llama_get_memory(pointer), true)
                cachedTokens = []
                throw .decodingFailure("llama.cpp could not evaluate the prompt (status \(status))")
            }
            cachedTokens += chunk
            start += chunk.count
        }
    }

    /// The logits after the last evaluated token.
    var logits: UnsafePointer<Float> {
        UnsafePointer(llama_get_logits_ith(pointer, -1)!)
    }
}
