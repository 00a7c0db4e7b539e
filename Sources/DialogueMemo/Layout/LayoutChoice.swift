public import LanguageModels

/// The layout a note gets: a break scorer (for the measured choice, the encoder of the best
/// ``LayoutMethod/ranked(for:)`` method installed), and the local method a block falls back to
/// without scores (no scorer, a scorer that failed twice, a cancelled dialogue, a transcript past
/// its cap).
public struct LayoutChoice: Sendable {
    /// The measured method, or `nil` for a scorer given directly (tests, evaluation).
    public var method: LayoutMethod?
    /// The break scores, or `nil` for a local method.
    public var scorer: (any ParagraphBreakScoring)?
    /// What a block gets without scores: ``LayoutMethod/lexicalCohesion`` or
    /// ``LayoutMethod/oneBlockPerAnswer``.
    public var local: LayoutMethod

    /// Creates a choice from a scorer (or none) and the local method.
    public init(scorer: (any ParagraphBreakScoring)?, local: LayoutMethod = .lexicalCohesion) {
        self.init(method: nil, scorer: scorer, local: local)
    }

    private init(method: LayoutMethod?, scorer: (any ParagraphBreakScoring)?, local: LayoutMethod) {
        self.method = method
        self.scorer = scorer
        self.local = local.isLocal ? local : .lexicalCohesion
    }

    /// Lexical cohesion, no encoder (what a dialogue without a resolved choice uses).
    public static let lexicalCohesion = LayoutChoice(method: .lexicalCohesion, scorer: nil, local: .lexicalCohesion)

    /// The product's layout for a language: the first method of ``LayoutMethod/ranked(for:)``
    /// that can run (its encoder installed and loading), else one block per answer. Its local
    /// method is the first local one ranked for the language, else one block per answer.
    /// - Parameters:
    ///   - language: The note's language.
    ///   - catalog: Where the encoders are found. Default: the catalog setup wrote.
    ///   - threads: Threads for the encoder; default `VERBATIM_THREADS`, else the physical cores.
    public static func resolve(
        for language: MemoLanguage, catalog: ModelCatalog = VerbatimConfiguration.current.modelCatalog,
        threads: Int? = nil
    ) -> LayoutChoice {
        let ranked = LayoutMethod.ranked(for: language)
        let local = ranked.first(where: \.isLocal) ?? .oneBlockPerAnswer
        for method in ranked {
            guard let name = method.encoderName else { return LayoutChoice(method: method, scorer: nil, local: local) }
            if let embedding = try? EmbeddingModel(reference: name, catalog: catalog, threads: threads) {
                return LayoutChoice(method: method, scorer: method.scorer(embedding: embedding), local: local)
            }
        }
        return LayoutChoice(method: local, scorer: nil, local: local)
    }
}
