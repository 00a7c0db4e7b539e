public import LanguageModels

/// Paragraph-break scores from sentence embeddings: each sentence's vector (the encoder's
/// clustering prompt, the first ``SemanticCohesion/tokensPerSentence`` tokens), then
/// ``SemanticCohesion`` depths, turned into breaks with lexical cohesion mixed in
/// (``ParagraphBreakRule/semantic``). No language model is involved.
public struct EmbeddingBreakScorer: ParagraphBreakScoring {
    /// The encoder.
    public let embedding: EmbeddingModel

    /// Creates a scorer over an encoder.
    public init(embedding: EmbeddingModel) {
        self.embedding = embedding
    }

    public var paragraphBreakRule: ParagraphBreakRule { .semantic }

    public func paragraphBreakScores(for sources: [String]) async throws -> [Double] {
        guard sources.count > 1 else { return [] }
        let vectors = try await embedding.vectors(
            for: sources, purpose: .clustering, tokenLimit: SemanticCohesion.tokensPerSentence)
        return SemanticCohesion.depthScores(for: vectors)
    }
}
