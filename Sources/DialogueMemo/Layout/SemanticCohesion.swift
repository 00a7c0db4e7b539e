import LanguageModels

/// Paragraph-break scores from sentence embeddings, in the manner of TextTiling: where the
/// meaning of the sentences before a boundary and of those after it differ most, the topic most
/// likely changes. The same depth rule as ``LexicalCohesion``, on vectors instead of word stems,
/// so it works for synonyms and across languages the embedding model knows.
public enum SemanticCohesion {
    /// Sentences on each side of a boundary (tuned on the segmentation dev set, in-sample).
    public static let window = 3

    /// Tokens of each sentence the embedding model reads, its task prefix and special tokens
    /// included: the start of a sentence carries its topic, and the encoder's time grows with
    /// every token. On the English segmentation dev documents (in-sample) Pk is the same from 16
    /// tokens up (0.21 to 0.23) and worsens at 12 (0.29). nomic reads 16 (English Pk 0.214 against
    /// 0.211 at 20, in 0.7–0.9× the time, so 48 sentences take under 3 s on one thread); EmbeddingGemma reads its own number (``LayoutMethod/tokensPerSentence``).
    public static let tokensPerSentence = 16

    /// One depth score per boundary (`vectors.count - 1` of them), each at least 0; the higher,
    /// the likelier a new paragraph starts after that sentence.
    /// - Parameter vectors: One embedding per sentence, in order (``LanguageModels/EmbeddingModel``
    ///   with the clustering purpose).
    public static func depthScores(for vectors: [[Float]], window: Int = window) -> [Double] {
        guard vectors.count > 1, let dimension = vectors.first?.count else { return [] }
        func centroid(_ range: Range<Int>) -> [Float] {
            var sum = [Float](repeating: 0, count: dimension)
            for vector in vectors[range] {
                for (index, value) in vector.enumerated() where index < dimension { sum[index] += value }
            }
            return sum
        }
        let similarities = (0..<vectors.count - 1).map { index in
            EmbeddingModel.cosineSimilarity(
                centroid(max(0, index - window + 1)..<(index + 1)),
                centroid((index + 1)..<min(vectors.count, index + 1 + window)))
        }
        return Depth.scores(for: similarities)
    }
}
