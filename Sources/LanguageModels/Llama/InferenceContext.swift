import CLlama
import Foundation
import Synchronization

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
    /// The LoRA adapters applied to every evaluation, fixed at creation: whatever the cache
    /// holds was computed with them.
    let adapters: AdapterSet
    let batchSize = 512
    /// The tokens whose keys and values are in the cache, in order.
    private(set) var cachedTokens: [llama_token] = []
    /// Whether a request holds it; read and written only under the model's pool lock.
    var isLeased = false
    /// Tokens evaluated by the last ``evaluate(_:)`` call (the rest came from the cache).
    private(set) var lastEvaluatedCount = 0
    /// Read by llama.cpp between graph nodes: set, it aborts the decode in flight.
    private let abortFlag = AbortFlag()

    init(model: LlamaModel, contextSize: Int, threads: Int, adapters: AdapterSet = .none)
        throws(LanguageModelSession.GenerationError)
    {
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
        guard adapters.apply(to: pointer) else {
            llama_free(pointer)
            throw .assetsUnavailable("llama.cpp could not apply the adapters \(adapters)")
        }
        self.model = model
        self.adapters = adapters
        self.pointer = pointer
        self.contextSize = Int(llama_n_ctx(pointer))
        self.requestedSize = contextSize
        self.threads = threads
        abortFlag.install(on: pointer)
        if !adapters.isEmpty {
            // With new adapters llama.cpp sizes the context's graph again at its next decode,
            // reading the list of adapters loaded into the model, which a load on another thread
            // may be changing. Decoding one token now, while the model's adapter lock is held
            // (contexts are created under it), does that here; the cache is emptied afterwards.
            var token = model.bosToken >= 0 ? model.bosToken : 0
            let status = withUnsafeMutablePointer(to: &token) { llama_decode(pointer, llama_batch_get_one($0, 1)) }
            llama_memory_clear(llama_get_memory(pointer), true)
            guard status == 0 else {
                throw .assetsUnavailable("llama.cpp could not evaluate with the adapters \(adapters) (status \(status))")
            }
        }
    }

    /// Stops the decode in flight (a prompt batch) as soon as llama.cpp checks, from any thread:
    /// it then throws `CancellationError`. The next ``evaluate(_:)`` or ``evaluateCancellably(_:)``
    /// clears it.
    func abort() {
        abortFlag.isSet.store(true, ordering: .relaxed)
    }

    /// Clears an ``abort()`` that outlived its request (a cancelled stream's last decode), so the
    /// next request that takes this context from the pool is not stopped by it.
    func clearAbort() {
        abortFlag.isSet.store(false, ordering: .relaxed)
        abortFlag.checks.store(0, ordering: .relaxed)
    }

    /// How many times llama.cpp has read the abort flag since the context was last returned to
    /// the pool: above zero, a decode is under way.
    var abortChecks: Int { abortFlag.checks.load(ordering: .relaxed) }

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
    /// - Throws: ``LanguageModelSession/GenerationError``, or `CancellationError` after
    ///   ``abort()`` (the cache is then emptied).
    func evaluate(_ tokens: [llama_token]) throws {
        abortFlag.isSet.store(false, ordering: .relaxed)
        try evaluateKeepingAbort(tokens)
    }

    /// ``evaluate(_:)`` off the cooperative pool; cancelling the task aborts the batch midway. The
    /// abort is armed before the work is queued, so a cancel that comes before the batch starts
    /// (the blocking queue may be busy) still stops it instead of being cleared by the batch.
    func evaluateCancellably(_ tokens: [llama_token]) async throws {
        abortFlag.isSet.store(false, ordering: .relaxed)
        try await BlockingWork.run(onCancel: { [self] in abort() }) { [self] in try evaluateKeepingAbort(tokens) }
    }

    private func evaluateKeepingAbort(_ tokens: [llama_token]) throws {
        guard !tokens.isEmpty else { throw LanguageModelSession.GenerationError.decodingFailure("empty prompt") }
        guard tokens.count < contextSize else {
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(
                tokenCount: tokens.count, contextSize: contextSize)
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
    /// - Throws: ``LanguageModelSession/GenerationError``, or `CancellationError` after ``abort()``.
    func append(_ tokens: [llama_token]) throws {
        guard cachedTokens.count + tokens.count < contextSize else {
            throw LanguageModelSession.GenerationError.exceededContextWindowSize(
                tokenCount: cachedTokens.count + tokens.count, contextSize: contextSize)
        }
        var start = 0
        while start < tokens.count {
            var chunk = Array(tokens[start..<min(start + batchSize, tokens.count)])
            let status = chunk.withUnsafeMutableBufferPointer { buffer in
                llama_decode(pointer, llama_batch_get_one(buffer.baseAddress, Int32(buffer.count)))
            }
            guard status == 0 else {
                // Aborted or failed: what was processed is uncertain, so start from empty.
                llama_memory_clear(llama_get_memory(pointer), true)
                cachedTokens = []
                if status == 2 { throw CancellationError() }
                throw LanguageModelSession.GenerationError.decodingFailure(
                    "llama.cpp could not evaluate the prompt (status \(status))")
            }
            cachedTokens += chunk
            start += chunk.count
        }
    }

    /// Scores token sequences that would each follow what the cache holds: the sum of their
    /// tokens' log-probabilities. Each sequence is evaluated in one batch and then removed, so
    /// the cache is unchanged afterwards.
    func logProbabilities(of sequences: [[llama_token]]) throws -> [Double] {
        let start = cachedTokens.count
        let first = Self.logSoftmax(try logits(), count: model.vocabularySize)
        var scores: [Double] = []
        for sequence in sequences {
            guard let head = sequence.first else {
                scores.append(0)
                continue
            }
            var score = first[Int(head)]
            let rest = sequence.dropLast()
            if sequence.count > 1 {
                guard start + rest.count < contextSize else {
                    throw LanguageModelSession.GenerationError.exceededContextWindowSize(
                        tokenCount: start + rest.count, contextSize: contextSize)
                }
                var batch = llama_batch_init(Int32(rest.count), 0, 1)
                defer { llama_batch_free(batch) }
                for (index, token) in rest.enumerated() {
                    batch.token[index] = token
                    batch.pos[index] = llama_pos(start + index)
                    batch.n_seq_id[index] = 1
                    batch.seq_id[index]![0] = 0
                    batch.logits[index] = 1
                }
                batch.n_tokens = Int32(rest.count)
                let status = llama_decode(pointer, batch)
                // Rows are read before the scored tokens are removed again.
                var rows: [[Double]] = []
                if status == 0 {
                    for index in 0..<rest.count {
                        guard let row = llama_get_logits_ith(pointer, Int32(index)) else { break }
                        rows.append(Self.logSoftmax(UnsafePointer(row), count: model.vocabularySize))
                    }
                }
                try removeFrom(start)
                guard status == 0 else {
                    throw LanguageModelSession.GenerationError.decodingFailure(
                        "llama.cpp could not score a choice (status \(status))")
                }
                guard rows.count == rest.count else {
                    throw LanguageModelSession.GenerationError.decodingFailure("llama.cpp returned no logits for a choice")
                }
                for (index, row) in rows.enumerated() { score += row[Int(sequence[index + 1])] }
            }
            scores.append(score)
        }
        // The last evaluated token's logits were overwritten: evaluate it again.
        if let last = cachedTokens.last, sequences.contains(where: { $0.count > 1 }) {
            try removeFrom(start - 1)
            cachedTokens.removeLast()
            try append([last])
        }
        return scores
    }

    /// Removes cache positions from `position` on; when llama.cpp cannot, empties the cache and
    /// throws, so the cache never holds tokens ``cachedTokens`` does not list.
    private func removeFrom(_ position: Int) throws(LanguageModelSession.GenerationError) {
        guard llama_memory_seq_rm(llama_get_memory(pointer), 0, llama_pos(position), -1) else {
            llama_memory_clear(llama_get_memory(pointer), true)
            cachedTokens = []
            throw .decodingFailure("llama.cpp could not remove scored tokens from the cache")
        }
    }

    /// Makes the cache hold exactly `tokens` (evaluating only what differs, but at least from the
    /// first position asked for) and hands `read` the logits after each token at `positions`
    /// (indices into `tokens`, ascending), in order. Only those positions compute logits, so the
    /// vocabulary projection is paid once per position asked for, not once per token.
    ///
    /// The tokens from the first position asked for on are decoded in batches of their own,
    /// never together with the tokens before it, so what the cache held from that position on
    /// does not change the logits read. llama.cpp's CPU kernels round differently with a token's
    /// place in its batch (measured, not read in its code: on Qwen2.5 log-probabilities up to
    /// 0.4 apart for the same prompt split into batches differently; none on SmolLM2); with this
    /// split, a request repeated over the cache it left reads the same logits as the first time.
    func evaluate(
        _ tokens: [llama_token], readingLogitsAt positions: [Int], _ read: (Int, UnsafePointer<Float>) -> Void
    ) throws(LanguageModelSession.GenerationError) {
        guard !tokens.isEmpty else { throw .decodingFailure("empty prompt") }
        guard tokens.count < contextSize else {
            throw .exceededContextWindowSize(tokenCount: tokens.count, contextSize: contextSize)
        }
        clearAbort()
        guard let first = positions.first, let last = positions.last, first >= 0, last < tokens.count,
            zip(positions, positions.dropFirst()).allSatisfy({ $0 < $1 })
        else { throw .decodingFailure("logit positions must be ascending indices into the prompt") }
        // Positions already in the cache have no logits left: evaluate again from the first one.
        let common = min(commonPrefix(with: tokens), first)
        if common < cachedTokens.count {
            let memory = llama_get_memory(pointer)
            if !llama_memory_seq_rm(memory, 0, llama_pos(common), -1) {
                llama_memory_clear(memory, true)
                cachedTokens = []
            } else {
                cachedTokens.removeSubrange(common...)
            }
        }
        let start = cachedTokens.count
        var next = positions.firstIndex { $0 >= start } ?? positions.count
        var batch = llama_batch_init(Int32(batchSize), 0, 1)
        defer { llama_batch_free(batch) }
        // Up to `batchSize` tokens per decode; the tokens before `first` never share one with it.
        // (`start` is at most `first`: the cache was cut back to `common` at most.)
        let chunks = [start..<first, first..<tokens.count].flatMap { span in
            stride(from: span.lowerBound, to: span.upperBound, by: batchSize).map { $0..<min($0 + batchSize, span.upperBound) }
        }
        for chunk in chunks {
            var wanted: [(position: Int, row: Int32)] = []
            for index in chunk {
                let row = index - chunk.lowerBound
                batch.token[row] = tokens[index]
                batch.pos[row] = llama_pos(index)
                batch.n_seq_id[row] = 1
                batch.seq_id[row]![0] = 0
                let asked = next < positions.count && positions[next] == index
                // The last token's logits are always kept, as after ``evaluate(_:)``.
                batch.logits[row] = asked || index == tokens.count - 1 ? 1 : 0
                if asked {
                    wanted.append((index, Int32(row)))
                    next += 1
                }
            }
            batch.n_tokens = Int32(chunk.count)
            let status = llama_decode(pointer, batch)
            guard status == 0 else {
                llama_memory_clear(llama_get_memory(pointer), true)
                cachedTokens = []
                throw .decodingFailure("llama.cpp could not evaluate the prompt (status \(status))")
            }
            cachedTokens += tokens[chunk]
            for (position, row) in wanted {
                guard let logits = llama_get_logits_ith(pointer, row) else {
                    throw .decodingFailure("llama.cpp kept no logits for prompt position \(position)")
                }
                read(position, UnsafePointer(logits))
            }
        }
        lastEvaluatedCount = tokens.count - start
    }

    private static func logSoftmax(_ logits: UnsafePointer<Float>, count: Int) -> [Double] {
        var maximum = -Float.infinity
        for index in 0..<count { maximum = max(maximum, logits[index]) }
        var sum = 0.0
        for index in 0..<count { sum += exp(Double(logits[index] - maximum)) }
        let normalizer = Double(maximum) + log(sum)
        return (0..<count).map { Double(logits[$0]) - normalizer }
    }

    /// The logits after the last evaluated token.
    /// - Throws: ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when llama.cpp has
    ///   none (nothing evaluated yet, or the last decode failed).
    func logits() throws(LanguageModelSession.GenerationError) -> UnsafePointer<Float> {
        guard let logits = llama_get_logits_ith(pointer, -1) else {
            throw .decodingFailure("llama.cpp has no logits for the last token")
        }
        return UnsafePointer(logits)
    }
}
