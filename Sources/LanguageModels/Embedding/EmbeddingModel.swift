import CLlama
public import Foundation
import Synchronization

/// An on-device text embedding model: a GGUF encoder (nomic-embed-text-v1.5 for English, or the
/// multilingual EmbeddingGemma-300M, from the model catalog) run in-process by llama.cpp, giving
/// one unit-length vector per text.
///
/// Like `NLEmbedding`, it compares texts by meaning: ``vectors(for:purpose:)`` embeds many texts
/// in few batches, and ``cosineSimilarity(_:_:)`` compares two vectors. Texts are tokenized as
/// data (special-token text stays text). Nothing leaves the machine.
public final class EmbeddingModel: Sendable {
    /// The GGUF file.
    public let url: URL
    /// The model's `general.name`, when its header has one.
    public let name: String?
    /// Numbers in each vector.
    public let dimension: Int
    /// Threads llama.cpp uses.
    public let threads: Int
    private let model: LlamaModel
    /// Serialises the calls. Each call creates its own encoder context and frees it when done: a
    /// context holds about 100 MB of compute buffers, and a model kept per dialogue (one per tab
    /// in the web app) would otherwise keep them all while idle.
    private let encoding = Mutex(())

    /// Loads an embedding model.
    /// - Parameters:
    ///   - url: The GGUF file.
    ///   - threads: Threads for llama.cpp; default `VERBATIM_THREADS`, else the physical cores.
    /// - Throws: ``EmbeddingError/unavailable(_:)`` for a missing or corrupt file,
    ///   ``EmbeddingError/notAnEmbeddingModel(path:)`` for a generative model.
    public init(url: URL, threads: Int? = nil) throws(EmbeddingError) {
        let file = SystemLanguageModel(url: url, threads: threads)
        let model: LlamaModel
        switch file.load() {
        case .success(let loaded): model = loaded
        case .failure(let reason): throw .unavailable(reason)
        }
        // A first context checks that the model pools sentence embeddings, and gives their size.
        let encoder = try EncoderContext(model: model, threads: file.threads)
        self.url = url
        self.name = file.facts?.name
        self.dimension = encoder.dimension
        self.threads = file.threads
        self.model = model
    }

    /// The first embedding model setup installed from the catalog.
    /// - Parameters:
    ///   - catalog: Default: the catalog setup wrote.
    ///   - threads: Threads for llama.cpp; default `VERBATIM_THREADS`, else the physical cores.
    /// - Throws: ``EmbeddingError/notInstalled(name:)`` when none is installed (the name is the
    ///   catalog's first embedding model), or what ``init(url:threads:)`` throws.
    public static func installed(
        catalog: ModelCatalog = VerbatimConfiguration.current.modelCatalog, threads: Int? = nil
    ) throws(EmbeddingError) -> EmbeddingModel {
        guard let entry = catalog.installedModel(of: .embedding), let url = entry.path else {
            let name = catalog.models.first { $0.kind == .embedding }?.name ?? "nomic-embed-text-v1.5"
            throw .notInstalled(name: name)
        }
        return try EmbeddingModel(url: url, threads: threads)
    }

    /// The catalog name of the multilingual encoder (EmbeddingGemma-300M: English, Japanese,
    /// Spanish, French, German and more; a text and its translation land close together).
    public static let multilingualModelName = "embeddinggemma-300m"

    /// The multilingual encoder setup installs (``multilingualModelName``).
    /// - Parameters:
    ///   - catalog: Default: the catalog setup wrote.
    ///   - threads: Threads for llama.cpp; default `VERBATIM_THREADS`, else the physical cores.
    /// - Throws: ``EmbeddingError/notInstalled(name:)`` when setup has not installed it (or wrote
    ///   a catalog without it), or what ``init(url:threads:)`` throws.
    public static func multilingual(
        catalog: ModelCatalog = VerbatimConfiguration.current.modelCatalog, threads: Int? = nil
    ) throws(EmbeddingError) -> EmbeddingModel {
        do throws(EmbeddingError) {
            return try EmbeddingModel(reference: multilingualModelName, catalog: catalog, threads: threads)
        } catch .catalog(.unknownModel) {
            // A catalog written by an older setup: running setup again installs it.
            throw .notInstalled(name: multilingualModelName)
        }
    }

    /// The unit-length vector of one text.
    /// - Throws: ``EmbeddingError``, or `CancellationError`.
    public func vector(for text: String, purpose: EmbeddingPurpose) async throws -> [Float] {
        try await vectors(for: [text], purpose: purpose)[0]
    }

    /// The unit-length vectors of many texts, in order, packed into as few batches as fit.
    /// - Parameters:
    ///   - texts: The texts, each embedded on its own.
    ///   - purpose: What the vectors are for (the model's task prefix).
    ///   - tokenLimit: When set, each text is read only up to this many tokens, the task prefix
    ///     and the model's special tokens included (the start of a long text, closed as the
    ///     model expects); the encoder's time grows with the tokens it reads.
    /// - Throws: ``EmbeddingError/inputTooLong(tokenCount:limit:)`` for a text longer than the
    ///   model's context (after `tokenLimit` cut it), other ``EmbeddingError``s, or
    ///   `CancellationError`.
    public func vectors(
        for texts: [String], purpose: EmbeddingPurpose, tokenLimit: Int? = nil
    ) async throws -> [[Float]] {
        guard !texts.isEmpty else { return [] }
        let sequences = texts.map { tokens(for: $0, purpose: purpose, tokenLimit: tokenLimit) }
        try Task.checkCancellation()
        // Cancelling stops this call's batch in flight.
        let abort = AbortFlag()
        return try await BlockingWork.run(onCancel: { abort.isSet.store(true, ordering: .relaxed) }) { [self] in
            try encoding.withLock { _ in
                try EncoderContext(model: model, threads: threads).embed(sequences, abort: abort)
            }
        }
    }

    /// The tokens the encoder reads for `text`: the task prefix, the text and the model's special
    /// tokens, cut to `tokenLimit` when set (see ``truncated(_:plain:to:)``).
    func tokens(for text: String, purpose: EmbeddingPurpose, tokenLimit: Int? = nil) -> [llama_token] {
        let prefixed = purpose.prefix(forModelNamed: name) + text
        let tokens = model.tokenize(prefixed, parseSpecial: false, addSpecial: true)
        guard let tokenLimit, tokens.count > tokenLimit else { return tokens }
        return Self.truncated(tokens, plain: model.tokenize(prefixed, parseSpecial: false), to: tokenLimit)
    }

    /// `tokens` (the text with the model's special tokens) cut to `limit` tokens: the leading and
    /// trailing special tokens stay, the text between them loses its end. `plain` is the same
    /// text without special tokens.
    static func truncated(_ tokens: [llama_token], plain: [llama_token], to limit: Int) -> [llama_token] {
        guard tokens.count > limit else { return tokens }
        guard let first = plain.first, let leading = tokens.firstIndex(of: first),
            tokens.count >= leading + plain.count, tokens[leading..<(leading + plain.count)].elementsEqual(plain)
        else { return Array(tokens.prefix(max(1, limit))) }
        let trailing = tokens.count - leading - plain.count
        let kept = max(1, limit - leading - trailing)
        return Array(tokens[..<leading]) + plain.prefix(kept) + tokens.suffix(trailing)
    }

    /// The embedding model a reference names: a catalog name (installed by setup) or a GGUF path.
    /// - Throws: ``EmbeddingError/notInstalled(name:)`` for a catalog model setup has not
    ///   installed, ``EmbeddingError/catalog(_:)`` for a name that is neither, or what
    ///   ``init(url:threads:)`` throws.
    public convenience init(
        reference: String, catalog: ModelCatalog = VerbatimConfiguration.current.modelCatalog, threads: Int? = nil
    ) throws(EmbeddingError) {
        let selection: ModelSelection
        do throws(ModelCatalogError) {
            selection = try catalog.select(reference)
        } catch {
            throw .catalog(error)
        }
        switch selection {
        case .file(let url):
            try self.init(url: url, threads: threads)
        case .catalog(let entry):
            guard case .installed(let url) = entry.status else { throw .notInstalled(name: entry.name) }
            try self.init(url: url, threads: threads)
        }
    }

    /// The cosine of the angle between two vectors: 1 for the same direction, 0 for unrelated.
    public static func cosineSimilarity(_ a: [Float], _ b: [Float]) -> Double {
        var dot = 0.0
        var normA = 0.0
        var normB = 0.0
        for (x, y) in zip(a, b) {
            dot += Double(x) * Double(y)
            normA += Double(x) * Double(x)
            normB += Double(y) * Double(y)
        }
        return normA > 0 && normB > 0 ? dot / (normA.squareRoot() * normB.squareRoot()) : 0
    }
}
