/// Scores where a note's paragraphs break: one score per boundary between neighbouring
/// sentences, the higher the likelier a new paragraph starts there. ``NoteLayout`` turns the
/// scores into breaks with ``paragraphBreakRule``.
///
/// ``EmbeddingBreakScorer`` scores from sentence embeddings; tests use scripted scores.
public protocol ParagraphBreakScoring: Sendable {
    /// One score per boundary (`sources.count - 1` of them); higher means a likelier break
    /// after sentence `i`.
    /// - Throws: any failure; ``NoteLayout`` retries once, then lays the window out locally.
    func paragraphBreakScores(for sources: [String]) async throws -> [Double]

    /// How ``NoteLayout`` turns these scores into breaks.
    var paragraphBreakRule: ParagraphBreakRule { get }
}
