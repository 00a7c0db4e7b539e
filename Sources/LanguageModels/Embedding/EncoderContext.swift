import CLlama
import Foundation

/// A llama.cpp context that outputs one pooled embedding per sequence (an encoder such as
/// nomic-bert): several texts are packed into one batch, each as its own sequence.
///
/// `@unchecked Sendable`: used by one caller at a time (its ``EmbeddingModel`` serialises).
final class EncoderContext: @unchecked Sendable {
    let pointer: OpaquePointer
    /// Tokens one batch holds; a text may not be longer.
    let batchCapacity: Int
    /// Texts one batch holds.
    let maximumSequences = 32
    let dimension: Int

    init(model: LlamaModel, threads: Int) throws(EmbeddingError) {
        let capacity = max(64, min(model.trainedContextLength, 2048))
        var params = llama_context_default_params()
        params.n_ctx = UInt32(capacity)
        params.n_batch = UInt32(capacity)
        params.n_ubatch = UInt32(capacity)  // an encoder sees each text whole, in one micro-batch
        params.n_seq_max = UInt32(maximumSequences)
        params.n_threads = Int32(threads)
        params.n_threads_batch = Int32(threads)
        params.embeddings = true
        params.pooling_type = LLAMA_POOLING_TYPE_UNSPECIFIED  // the model's own (mean for nomic-bert)
        params.no_perf = true
        guard let pointer = llama_init_from_model(model.pointer, params) else {
            throw .encodingFailed("llama.cpp could not create an embedding context of \(capacity) tokens")
        }
        guard llama_pooling_type(pointer) != LLAMA_POOLING_TYPE_NONE else {
            llama_free(pointer)
            throw .notAnEmbeddingModel(path: model.path)
        }
        self.pointer = pointer
        self.batchCapacity = capacity
        self.dimension = Int(llama_model_n_embd(model.pointer))
    }

    deinit {
        llama_free(pointer)
    }

    /// The pooled, unit-length embedding of each token sequence, in order.
    /// - Parameter abort: Set from any thread, it stops the batch in flight.
    /// - Throws: ``EmbeddingError``, or `CancellationError` once `abort` is set.
    func embed(_ sequences: [[llama_token]], abort: AbortFlag) throws -> [[Float]] {
        abort.install(on: pointer)
        var vectors: [[Float]] = []
        vectors.reserveCapacity(sequences.count)
        var start = 0
        while start < sequences.count {
            var end = start
            var tokens = 0
            while end < sequences.count, end - start < maximumSequences,
                tokens + sequences[end].count <= batchCapacity
            {
                tokens += sequences[end].count
                end += 1
            }
            guard end > start else {
                throw EmbeddingError.inputTooLong(tokenCount: sequences[start].count, limit: batchCapacity)
            }
            // A model that adds no special tokens gives an empty text no tokens, and nothing to pool.
            guard !sequences[start..<end].contains(where: \.isEmpty) else {
                throw EmbeddingError.encodingFailed("a text has no tokens")
            }
            if abort.isSet.load(ordering: .relaxed) { throw CancellationError() }
            vectors += try encode(Array(sequences[start..<end]), tokenCount: tokens)
            start = end
        }
        return vectors
    }

    private func encode(_ sequences: [[llama_token]], tokenCount: Int) throws -> [[Float]] {
        var batch = llama_batch_init(Int32(tokenCount), 0, 1)
        defer { llama_batch_free(batch) }
        var index = 0
        for (sequence, tokens) in sequences.enumerated() {
            for (position, token) in tokens.enumerated() {
                batch.token[index] = token
                batch.pos[index] = llama_pos(position)
                batch.n_seq_id[index] = 1
                batch.seq_id[index]![0] = llama_seq_id(sequence)
                batch.logits[index] = 1
                index += 1
            }
        }
        batch.n_tokens = Int32(tokenCount)
        if let memory = llama_get_memory(pointer) { llama_memory_clear(memory, true) }
        let status = llama_decode(pointer, batch)
        if status == 2 { throw CancellationError() }
        guard status == 0 else { throw EmbeddingError.encodingFailed("llama_decode returned \(status)") }
        return try (0..<sequences.count).map { sequence throws(EmbeddingError) in
            guard let values = llama_get_embeddings_seq(pointer, llama_seq_id(sequence)) else {
                throw .encodingFailed("no pooled embedding for sequence \(sequence)")
            }
            let vector = Array(UnsafeBufferPointer(start: values, count: dimension))
            let norm = vector.reduce(0) { $0 + Double($1) * Double($1) }.squareRoot()
            return norm > 0 ? vector.map { Float(Double($0) / norm) } : vector
        }
    }
}
