public import LanguageModels

/// Paragraph-break scores from sentence embeddings: each sentence's vector (its first
/// ``tokensPerSentence`` tokens, read for ``purpose``), then ``SemanticCohesion`` depths, turned
/// into breaks with lexical cohesion mixed in (``ParagraphBreakRule/semantic``). No language model
/// is involved.
public struct EmbeddingBreakScorer: ParagraphBreakScoring {
    /// The encoder.
    public let embedding: EmbeddingModel
    /// The task prompt each sentence is read with.
    public let purpose: EmbeddingPurpose
    /// Tokens of each sentence the encoder reads, its task prompt and special tokens included.
    public let tokensPerSentence: Int

    /// Creates a scorer over an encoder.
    /// - Parameters:
    ///   - embedding: The encoder.
    ///   - purpose: The task prompt (default: clustering; ``LayoutMethod/sentencePurpose`` gives
    ///     each method's).
    ///   - tokensPerSentence: Tokens read per sentence (default ``SemanticCohesion/tokensPerSentence``).
    public init(
        embedding: EmbeddingModel, purpose: EmbeddingPurpose = .clustering,
        tokensPerSentence: Int = SemanticCohesion.tokensPerSentence
    ) {
        self.embedding = embedding
        self.purpose = purpose
        self.tokensPerSentence = tokensPerSentence
    }

    public var paragraphBreakRule: ParagraphBreakRule { .semantic }

    public func paragraphBreakScores(for sources: [String]) async throws -> [Double] {
        guard sources.count > 1 else { return [] }
        let vectors = try await embedding.vectors(for: sources, purpose: purpose, tokenLimit: tokensPerSentence)
        return SemanticCohesion.depthScores(for: vectors)
    }
}
