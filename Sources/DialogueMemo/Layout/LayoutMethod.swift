public import LanguageModels

/// How a note's sentences are grouped into paragraphs, and which way each interface language
/// uses: the one place the layout choice lives.
///
/// The choice per language (``ranked(for:)``) comes from `verbatim-eval layout` on the
/// segmentation dev documents (the shared set for English and German, and
/// `eval/memo/segmentation-dev-multilingual.jsonl` for German, Spanish, French and Japanese): a
/// method is listed for a language only when it beats one group by at least
/// ``requiredGain`` Pk there, best first. A language with none keeps one block per answer and
/// makes no model pass. The figures are in `eval/memo/README.md`.
public enum LayoutMethod: String, CaseIterable, Sendable {
    /// No pass: the idea and every answer stay one block each (a plain text, one group).
    case oneBlockPerAnswer = "one block per answer"
    /// ``LexicalCohesion``: word overlap between neighbouring sentences, no model.
    case lexicalCohesion = "lexical cohesion"
    /// ``SemanticCohesion`` over nomic-embed-text-v1.5 vectors (English-only encoder).
    case nomicEmbeddings = "nomic embeddings"
    /// ``SemanticCohesion`` over EmbeddingGemma-300M vectors (multilingual encoder).
    case gemmaEmbeddings = "EmbeddingGemma embeddings"

    /// The least a method must lower Pk below one group's, on a language's dev documents, to be
    /// used for that language.
    public static let requiredGain = 0.03

    /// The catalog name of the encoder the method reads sentences with, if any.
    public var encoderName: String? {
        switch self {
        case .oneBlockPerAnswer, .lexicalCohesion: nil
        case .nomicEmbeddings: "nomic-embed-text-v1.5"
        case .gemmaEmbeddings: "embeddinggemma-300m"
        }
    }

    /// The task prompt the method's encoder reads each sentence with. nomic keeps its clustering
    /// prompt (without it English Pk went from 0.21 to 0.23); EmbeddingGemma reads the sentence as
    /// it is: on the German, Spanish, French and Japanese dev documents its 7-token clustering
    /// prompt changed the mean Pk by under 0.01 and took a third of the 20 tokens read.
    public var sentencePurpose: EmbeddingPurpose { self == .gemmaEmbeddings ? .plainText : .clustering }

    /// Tokens of each sentence the method's encoder reads, its prompt and special tokens included
    /// (the encoder's time grows with every token; see ``SemanticCohesion/tokensPerSentence``).
    public var tokensPerSentence: Int { self == .gemmaEmbeddings ? 14 : SemanticCohesion.tokensPerSentence }

    /// The break scorer of an encoder method over its loaded encoder, reading sentences as
    /// ``sentencePurpose`` and ``tokensPerSentence`` say.
    public func scorer(embedding: EmbeddingModel) -> EmbeddingBreakScorer {
        EmbeddingBreakScorer(embedding: embedding, purpose: sentencePurpose, tokensPerSentence: tokensPerSentence)
    }

    /// Whether the method runs without an encoder (it is what a note falls back to when the
    /// encoder is missing or fails).
    public var isLocal: Bool { encoderName == nil }

    /// The methods that beat one group by ``requiredGain`` Pk on the language's dev documents,
    /// best first (empty: one block per answer). Measured with `verbatim-eval layout` on 2 Dec
    /// 2026 (debug build, 1 thread; mean Pk over the language's documents, in-sample):
    ///
    /// - en (16 shared documents; one group 0.405): nomic 0.214, EmbeddingGemma 0.280, lexical
    ///   cohesion 0.312.
    /// - de (12 shared + 10 own; one group 0.447): EmbeddingGemma 0.360. Lexical cohesion 0.455 and
    ///   nomic 0.483 do not beat one group.
    /// - es (10 own; one group 0.533): EmbeddingGemma 0.393, lexical cohesion 0.502 (by 0.031), nomic
    ///   0.502 (the same; after word overlap, which costs nothing).
    /// - fr (10 own; one group 0.524): EmbeddingGemma 0.323, lexical cohesion 0.486. nomic 0.511
    ///   gains too little.
    /// - ja (10 own; one group 0.515): EmbeddingGemma 0.280. Lexical cohesion 0.515 finds nothing
    ///   (its words are letter runs, and a Japanese clause is one run); nomic 0.505 gains too little.
    ///
    /// SmolLM2-135M's one-pass reading (removed) was never the best: 0.295 on English, 0.454 on
    /// German, 0.502 / 0.471 / 0.515 on Spanish, French and Japanese, at 6–43 s a document.
    public static func ranked(for language: MemoLanguage) -> [LayoutMethod] {
        switch language {
        case .english: [.nomicEmbeddings, .gemmaEmbeddings, .lexicalCohesion]
        case .german: [.gemmaEmbeddings]
        case .spanish: [.gemmaEmbeddings, .lexicalCohesion, .nomicEmbeddings]
        case .french: [.gemmaEmbeddings, .lexicalCohesion]
        case .japanese: [.gemmaEmbeddings]
        }
    }
}
