import CLlama
import Foundation
import Synchronization

/// A loaded GGUF model: weights, vocabulary and the per-model tables the decoder needs.
///
/// `@unchecked Sendable`: the llama.cpp model is immutable after loading and safe to share
/// between contexts; the lazily built vocabulary index is guarded by a mutex.
final class LlamaModel: @unchecked Sendable {
    let pointer: OpaquePointer
    let vocab: OpaquePointer
    let path: String
    let vocabularySize: Int
    let trainedContextLength: Int
    let chatTemplate: String?
    let bosToken: llama_token
    /// The tokens that end a generation (end of turn, end of text).
    let endOfGenerationTokens: [Int32]
    private let index = Mutex<TokenVocabulary?>(nil)
    /// Masks of structural grammar states, shared by every request on this model.
    let maskCache = MaskCache()
    /// Content-free scores for calibrated choices, shared by every request on this model.
    let calibrationCache = ChoiceCalibrationCache()
    /// LoRA adapters loaded into this model, by file path (see ``adapterSet(for:)``); held while
    /// one loads and while a context is created.
    let loadedAdapters = Mutex<[String: LoadedAdapter]>([:])
    /// Contexts not in use, most recently returned last. A request takes the one whose cache
    /// shares the longest prefix with its prompt, so sessions with the same instructions (and a
    /// dialogue's growing transcript) skip what is already evaluated.
    private let idleContexts = Mutex<[InferenceContext]>([])
    /// Idle contexts kept: a few for small models, one for large ones (each holds a KV cache).
    private let maximumIdleContexts: Int

    init(pointer: OpaquePointer, path: String) {
        self.pointer = pointer
        self.path = path
        self.vocab = llama_model_get_vocab(pointer)
        self.vocabularySize = Int(llama_vocab_n_tokens(vocab))
        self.trainedContextLength = Int(llama_model_n_ctx_train(pointer))
        self.chatTemplate = llama_model_chat_template(pointer, nil).map { String(cString: $0) }
        self.bosToken = llama_vocab_bos(vocab)
        let vocab = self.vocab
        self.endOfGenerationTokens = (0..<Int32(vocabularySize)).filter { llama_vocab_is_eog(vocab, $0) }
        let bytes = llama_model_size(pointer)
        self.maximumIdleContexts = bytes < 500_000_000 ? 8 : bytes < 2_000_000_000 ? 2 : 1
    }

    deinit {
        llama_model_free(pointer)
    }

    /// A context for a request: the session's own previous one when no other request holds it,
    /// else an idle one that already holds a good part of `tokens` (at least half of what it
    /// caches, so one dialogue does not evict another's), else a new one.
    ///
    /// Only a context created with the same `adapters` is taken: its cache was computed with
    /// them, and a context never changes its adapters, so a prefix evaluated under one adapter
    /// set is never reused under another.
    func takeContext(
        contextSize: Int, threads: Int, adapters: AdapterSet = .none, for tokens: [llama_token],
        preferring preferred: InferenceContext?
    ) throws(LanguageModelSession.GenerationError) -> InferenceContext {
        let reused = idleContexts.withLock { idle -> InferenceContext? in
            if let preferred, !preferred.isLeased, preferred.adapters == adapters {
                idle.removeAll { $0 === preferred }
                preferred.isLeased = true
                return preferred
            }
            var best: (index: Int, shared: Int)?
            for (index, context) in idle.enumerated()
            where context.requestedSize == contextSize && context.threads == threads && context.adapters == adapters {
                let shared = context.commonPrefix(with: tokens)
                guard shared * 2 >= context.cachedTokens.count else { continue }
                if shared > (best?.shared ?? -1) { best = (index, shared) }
            }
            guard let best else { return nil }
            let context = idle.remove(at: best.index)
            context.isLeased = true
            return context
        }
        if let reused { return reused }
        // llama.cpp sizes a new context's graph by the adapters loaded into the model: never
        // while one is being loaded (see ``loadAdapter(at:)``).
        let created = try loadedAdapters.withLock { _ throws(LanguageModelSession.GenerationError) in
            try InferenceContext(model: self, contextSize: contextSize, threads: threads, adapters: adapters)
        }
        idleContexts.withLock { _ in created.isLeased = true }
        return created
    }

    /// Returns a context to the idle pool, dropping the oldest beyond the limit (a session that
    /// still refers to a dropped context keeps it as its own).
    func returnContext(_ context: InferenceContext) {
        context.clearAbort()
        let limit = maximumIdleContexts
        let dropped = idleContexts.withLock { idle -> [InferenceContext] in
            context.isLeased = false
            idle.append(context)
            let excess = max(0, idle.count - limit)
            defer { idle.removeFirst(excess) }
            return Array(idle.prefix(excess))
        }
        _ = dropped  // released here, outside the lock
    }

    /// A short description from llama.cpp (architecture, size, quantisation).
    var summary: String {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = llama_model_desc(pointer, &buffer, buffer.count)
        return count > 0 ? String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    }

    var parameterCount: UInt64 { llama_model_n_params(pointer) }

    /// Tokenizes text. With `parseSpecial` false, text such as `<|im_end|>` becomes ordinary
    /// tokens, so user data can never close or reopen a role.
    func tokenize(_ text: String, parseSpecial: Bool, addSpecial: Bool = false) -> [llama_token] {
        let utf8 = Array(text.utf8)
        var tokens = [llama_token](repeating: 0, count: utf8.count + 8)
        var count = utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                llama_tokenize(
                    vocab, chars.baseAddress, Int32(utf8.count), &tokens, Int32(tokens.count), addSpecial,
                    parseSpecial)
            }
        }
        if count < 0 {
            tokens = [llama_token](repeating: 0, count: Int(-count))
            count = utf8.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    llama_tokenize(
                        vocab, chars.baseAddress, Int32(utf8.count), &tokens, Int32(tokens.count), addSpecial,
                        parseSpecial)
                }
            }
        }
        return Array(tokens.prefix(Int(max(count, 0))))
    }

    /// The tokens of `bytes` when they spell exactly those bytes, else `nil`: the decoder feeds a
    /// run of bytes (forced by the schema, or a whole choice) as tokens only then.
    func exactTokens(of bytes: [UInt8]) -> [llama_token]? {
        let tokens = tokenize(String(decoding: bytes, as: UTF8.self), parseSpecial: false)
        let vocabulary = tokenVocabulary
        return tokens.flatMap { vocabulary.tokens[Int($0)] } == bytes ? tokens : nil
    }

    /// The bytes a token stands for (empty for control tokens).
    func bytes(of token: llama_token) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 64)
        var count = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, false)
        if count < 0 {
            buffer = [CChar](repeating: 0, count: Int(-count))
            count = llama_token_to_piece(vocab, token, &buffer, Int32(buffer.count), 0, false)
        }
        return buffer.prefix(Int(max(count, 0))).map { UInt8(bitPattern: $0) }
    }

    func isEndOfGeneration(_ token: llama_token) -> Bool { llama_vocab_is_eog(vocab, token) }



    /// The decoder's tables for this vocabulary, built once per model.
    var tokenVocabulary: TokenVocabulary {
        index.withLock { index in
            if let index { return index }
            let built = TokenVocabulary(
                tokens: (0..<vocabularySize).map { token in
                    let id = llama_token(token)
                    if llama_vocab_is_control(vocab, id) || llama_vocab_is_eog(vocab, id) { return [] }
                    return bytes(of: id)
                })
            index = built
            return built
        }
    }

    /// Renders a conversation with the model's chat template. Falls back to ChatML when the
    /// model has none or llama.cpp does not know its template.
    func renderChat(_ messages: [(role: String, content: String)], addAssistant: Bool) -> String? {
        for template in [chatTemplate, "chatml"].compactMap({ $0 }) {
            if let text = Self.apply(template: template, messages: messages, addAssistant: addAssistant) {
                return text
            }
        }
        return nil
    }

    private static func apply(template: String, messages: [(role: String, content: String)], addAssistant: Bool)
        -> String?
    {
        let roles = messages.map { strdup($0.role) }
        let contents = messages.map { strdup($0.content) }
        defer {
            roles.forEach { free($0) }
            contents.forEach { free($0) }
        }
        var chat = zip(roles, contents).map { llama_chat_message(role: $0, content: $1) }
        let total = messages.reduce(0) { $0 + $1.content.utf8.count } * 2 + 1024
        var buffer = [CChar](repeating: 0, count: total)
        var count = llama_chat_apply_template(template, &chat, chat.count, addAssistant, &buffer, Int32(buffer.count))
        if count > buffer.count {
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            count = llama_chat_apply_template(template, &chat, chat.count, addAssistant, &buffer, Int32(buffer.count))
        }
        guard count >= 0 else { return nil }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
