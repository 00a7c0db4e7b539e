import CLlama
import Foundation

extension LanguageModelSession {
    /// Reads, in one forward pass, how likely the model finds each of a few continuations at
    /// chosen points of a response written in advance.
    ///
    /// The prompt follows the session's instructions and transcript as usual; the response is
    /// not generated but given, in pieces, as if the model had written it. After each piece the
    /// model's next-token distribution is read, and for each continuation the probability that the
    /// next token's text starts with it is summed (so `"\n"` counts `"\n"`, `"\n\n"` and every other
    /// token that begins with a line break). All pieces are evaluated in one pass, and logits are
    /// computed only where they are read.
    ///
    ///     let scores = try await session.continuationLogProbabilities(
    ///         to: text, response: sentences.map { " " + $0 }, continuations: ["\n", " "])
    ///     // scores[i][0] - scores[i][1]: the log-odds of a line break after sentence i.
    ///
    /// The transcript is not changed.
    /// - Parameters:
    ///   - prompt: The request the response answers (data, after the instructions).
    ///   - pieces: The response, in consecutive pieces; at least one, none empty.
    ///   - continuations: Text that may follow a piece; at least one, none empty.
    /// - Returns: One row per piece, one natural-log probability per continuation
    ///   (`-infinity` when no token starts with it).
    /// - Throws: ``GenerationError`` (``GenerationError/decodingFailure(_:)`` for empty pieces or
    ///   continuations) or `CancellationError`.
    public func continuationLogProbabilities(
        to prompt: String, response pieces: [String], continuations: [String]
    ) async throws -> [[Double]] {
        guard !pieces.isEmpty, !pieces.contains(where: \.isEmpty), !continuations.isEmpty,
            !continuations.contains(where: \.isEmpty)
        else { throw GenerationError.decodingFailure("pieces and continuations must be non-empty") }
        let model = try begin()
        defer { end() }
        try Task.checkCancellation()
        var tokens = try PromptBuilder(model: model).tokens(
            instructions: instructions, transcript: transcript, schema: nil, prompt: prompt, openPrompt: false)
        var positions: [Int] = []
        for piece in pieces {
            let pieceTokens = model.tokenize(piece, parseSpecial: false)
            guard !pieceTokens.isEmpty else { throw GenerationError.decodingFailure("a piece has no tokens") }
            tokens += pieceTokens
            positions.append(tokens.count - 1)
        }
        let context = try context(for: model, tokens: tokens)
        defer { model.returnContext(context) }
        let members = Self.tokens(startingWith: continuations, in: model.tokenVocabulary)
        let vocabularySize = model.vocabularySize
        return try await BlockingWork.run { [tokens, positions] in
            var rows: [[Double]] = []
            rows.reserveCapacity(positions.count)
            try context.evaluate(tokens, readingLogitsAt: positions) { _, logits in
                rows.append(Self.logProbabilities(logits, count: vocabularySize, of: members))
            }
            return rows
        }
    }

    /// For each continuation, the tokens whose bytes start with it.
    private static func tokens(startingWith continuations: [String], in vocabulary: TokenVocabulary) -> [[Int]] {
        continuations.map { continuation in
            let prefix = Array(continuation.utf8)
            return vocabulary.tokens.indices.filter { vocabulary.tokens[$0].starts(with: prefix) }
        }
    }

    /// The log of the total softmax probability of each set of tokens.
    private static func logProbabilities(_ logits: UnsafePointer<Float>, count: Int, of sets: [[Int]]) -> [Double] {
        var maximum = -Float.infinity
        for index in 0..<count { maximum = max(maximum, logits[index]) }
        var total = 0.0
        for index in 0..<count { total += exp(Double(logits[index] - maximum)) }
        return sets.map { set in
            var sum = 0.0
            for token in set { sum += exp(Double(logits[token] - maximum)) }
            return sum > 0 ? log(sum / total) : -Double.infinity
        }
    }
}
