import CLlama
import Foundation

/// The decoding loop: sample (or fast-forward) one step at a time until the grammar accepts,
/// the model ends a free-text answer, or the token budget runs out.
struct Generator {
    let context: InferenceContext
    let grammar: Grammar?
    let options: GenerationOptions
    private var sampler: TokenSampler
    private(set) var sampledTokens = 0
    private(set) var forcedTokens = 0
    private(set) var maskMicroseconds: [Double] = []

    /// The bytes every output starts with (`{"nextQuestion":"`) and their tokens: evaluated in
    /// the same batch as the prompt.
    let opening: (bytes: [UInt8], tokens: [llama_token])
    /// The content-free prompts' tokens for calibrated choices (empty unless calibrating).
    let calibrationPrompts: [[llama_token]]
    /// ``GenerationOptions/allowedChoices`` as the choice options' bytes (JSON strings).
    private let allowedOptions: Set<[UInt8]>?
    /// Prompt tokens in the context when ``run()`` starts (what follows is output).
    private var promptCount = 0
    /// Called with the output so far each time it grows (the opening bytes first), on the
    /// decoding task between tokens; `nil` (the default) costs one check per step.
    var onOutput: ((_ output: [UInt8]) -> Void)?

    /// - Parameter calibrationPrompts: The tokens of the same request with each content-free
    ///   prompt in place of the real one; needed for ``GenerationOptions/ChoiceStrategy/calibrated``.
    init(
        context: InferenceContext, grammar: Grammar?, options: GenerationOptions,
        calibrationPrompts: [[llama_token]] = []
    ) {
        self.context = context
        self.grammar = grammar
        self.options = options
        self.calibrationPrompts = calibrationPrompts
        self.allowedOptions = options.allowedChoices.map { Set($0.map { Array(GeneratedContent.quoted($0).utf8) }) }
        self.sampler = TokenSampler(options: options)
        var opening: (bytes: [UInt8], tokens: [llama_token]) = ([], [])
        if let grammar {
            let forced = Matcher(grammar: grammar).forcedBytes()
            if !forced.isEmpty, let tokens = context.model.exactTokens(of: forced),
                tokens.count <= (options.maximumResponseTokens ?? .max)
            {
                opening = (forced, tokens)
            }
        }
        self.opening = opening
    }

    /// Runs to completion and returns the output text. The prompt and ``opening`` tokens must
    /// already be evaluated.
    /// - Throws: ``LanguageModelSession/GenerationError/exceededContextWindowSize(tokenCount:contextSize:)``
    ///   when the context window fills before the answer ends (free text is never cut at the
    ///   context edge); ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when
    ///   `maximumResponseTokens` ends before the value is complete (nothing is invented to close
    ///   it) or the decoder loses its place; or `CancellationError`.
    mutating func run() async throws -> String {
        let model = context.model
        // The opening tokens are already in the cache but count against the response budget.
        let room = context.contextSize - context.cachedTokens.count - 1 + opening.tokens.count
        let limit = min(options.maximumResponseTokens ?? .max, room)
        // Whether running out of tokens means the context window is full (not the budget).
        let contextIsTheLimit = room < (options.maximumResponseTokens ?? .max)
        let promptTokens = context.cachedTokens.count - opening.tokens.count
        func exhausted(_ produced: Int) -> LanguageModelSession.GenerationError {
            contextIsTheLimit
                ? .exceededContextWindowSize(tokenCount: promptTokens + produced + 1, contextSize: context.contextSize)
                : .decodingFailure("the token budget (\(limit)) ended before the value was complete")
        }
        guard limit > 0 else { throw exhausted(opening.tokens.count) }
        var output = opening.bytes
        if !output.isEmpty { onOutput?(output) }
        var produced = opening.tokens.count
        forcedTokens = produced
        promptCount = context.cachedTokens.count - opening.tokens.count
        guard let grammar else {
            let everything = AllowedTokens(bulk: model.tokenVocabulary.allTokens[...], extra: model.endOfGenerationTokens)
            while true {
                try Task.checkCancellation()
                guard let token = sampler.pick(from: try context.logits(), allowed: everything) else { break }
                if model.isEndOfGeneration(token) { break }
                // The budget may cut free text; the context edge may not (the answer would be partial).
                guard produced < limit else {
                    if contextIsTheLimit { throw exhausted(produced) }
                    break
                }
                output += model.tokenVocabulary.tokens[Int(token)]
                onOutput?(output)
                produced += 1
                sampledTokens += 1
                try await BlockingWork.run { [context] in try context.append([token]) }
            }
            return String(decoding: output, as: UTF8.self)
        }
        let vocabulary = model.tokenVocabulary
        var matcher = Matcher(grammar: grammar)
        try Self.advance(&matcher, by: opening.bytes, what: "the opening bytes")
        while !matcher.isComplete {
            try Task.checkCancellation()
            let forced = matcher.forcedBytes()
            if !forced.isEmpty {
                if let tokens = model.exactTokens(of: forced), produced + tokens.count <= limit {
                    try Self.advance(&matcher, by: forced, what: "forced bytes")
                    output += forced
                    onOutput?(output)
                    produced += tokens.count
                    forcedTokens += tokens.count
                    if matcher.isComplete { break }
                    try await BlockingWork.run { [context] in try context.append(tokens) }
                    continue
                }
            }
            guard produced < limit else { throw exhausted(produced) }
            if options.choiceStrategy != .tokenByToken || allowedOptions != nil, options.sampling ?? .greedy == .greedy,
                let choice = try await wholeSequenceChoice(matcher, limit: limit - produced)
            {
                try Self.advance(&matcher, by: choice.bytes, what: "a scored choice")
                output += choice.bytes
                onOutput?(output)
                produced += choice.tokens.count
                sampledTokens += choice.tokens.count
                if matcher.isComplete { break }
                try await BlockingWork.run { [context, tokens = choice.tokens] in try context.append(tokens) }
                continue
            }
            let maskStart = ContinuousClock.now
            var allowed = TokenMask.allowedTokens(matcher, vocabulary: vocabulary, cache: model.maskCache)
            maskMicroseconds.append((ContinuousClock.now - maskStart).seconds * 1e6)
            if matcher.canEnd { allowed.extra += model.endOfGenerationTokens }
            guard let token = sampler.pick(from: try context.logits(), allowed: allowed) else {
                throw LanguageModelSession.GenerationError.decodingFailure("no token can continue the value")
            }
            if model.isEndOfGeneration(token) { break }
            let bytes = vocabulary.tokens[Int(token)]
            try Self.advance(&matcher, by: bytes, what: "token \(token)")
            output += bytes
            onOutput?(output)
            produced += 1
            sampledTokens += 1
            if matcher.isComplete { break }
            try await BlockingWork.run { [context] in try context.append([token]) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Feeds bytes the mask or the grammar allowed. A rejection means the mask and the matcher
    /// disagree (a decoder bug): it is reported, never ignored, since the output would no longer
    /// be known to fit the schema.
    static func advance(_ matcher: inout Matcher, by bytes: [UInt8], what: String)
        throws(LanguageModelSession.GenerationError)
    {
        guard matcher.advance(bytes) else {
            throw .decodingFailure(
                "decoder desync: the grammar rejects \(what) (\(bytes.map { String($0, radix: 16) }.joined(separator: " "))) that the mask allowed")
        }
    }

    /// At a choice among fixed alternatives (more than one still open), scores each allowed
    /// alternative's whole token sequence (minus its content-free score when calibrating) and
    /// returns the best; nil elsewhere, and for a choice left to token-by-token decoding.
    private func wholeSequenceChoice(_ matcher: Matcher, limit: Int) async throws
        -> (bytes: [UInt8], tokens: [llama_token])?
    {
        guard matcher.threads.count == 1, case .choice(let node, let position, let alive)? = matcher.threads[0].last,
            case .choice(let choiceOptions) = matcher.grammar.nodes[node], alive.nonzeroBitCount > 1
        else { return nil }
        var open: [Int] = []
        var bits = alive
        while bits != 0 {
            open.append(bits.trailingZeroBitCount)
            bits &= bits - 1
        }
        var everyCandidate: [(bytes: [UInt8], tokens: [llama_token], allowed: Bool)] = []
        for index in open {
            let bytes = Array(choiceOptions[index][position...])
            guard let tokens = context.model.exactTokens(of: bytes), tokens.count <= limit else { continue }
            everyCandidate.append((bytes, tokens, allowedOptions?.contains(choiceOptions[index]) ?? false))
        }
        // Narrowing applies to a choice that shares a value with the allowed set.
        var candidates = everyCandidate.filter(\.allowed)
        if candidates.isEmpty {
            guard options.choiceStrategy != .tokenByToken else { return nil }
            candidates = everyCandidate
        }
        guard !candidates.isEmpty else { return nil }
        if candidates.count == 1 { return (candidates[0].bytes, candidates[0].tokens) }
        let sequences = candidates.map(\.tokens)
        var scores = try await BlockingWork.run { [context] in try context.logProbabilities(of: sequences) }
        if options.choiceStrategy == .calibrated, !calibrationPrompts.isEmpty {
            // Every open alternative is calibrated at once, so a later, differently narrowed
            // request with the same schema finds its scores in the cache.
            let prior = try await contentFreeScores(of: everyCandidate.map(\.tokens))
            scores = zip(scores, sequences).map { $0 - prior[$1]! }
        }
        let best = scores.indices.max { scores[$0] < scores[$1] }!
        return (candidates[best].bytes, candidates[best].tokens)
    }

    /// Each sequence's log-probability after the output so far, under the content-free prompts
    /// instead of the request's (the log of the mean probability over the prompts). Cached per
    /// model and adapter set; on a miss the context evaluates each content-free prompt (sharing
    /// the instructions' tokens) and then the request again, so the cache holds the request
    /// afterwards.
    private func contentFreeScores(of sequences: [[llama_token]]) async throws -> [[llama_token]: Double] {
        let saved = context.cachedTokens
        let output = Array(saved[min(promptCount, saved.count)...])
        let key = ChoiceCalibrationCache.Key(
            prompts: calibrationPrompts, output: output, candidates: sequences, adapters: context.adapters)
        return try await context.model.calibrationCache.scores(for: key) {
            try await BlockingWork.run { [context, calibrationPrompts] in
                var perPrompt: [[Double]] = []
                for prompt in calibrationPrompts {
                    try context.evaluate(prompt + output)
                    perPrompt.append(try context.logProbabilities(of: sequences))
                }
                try context.evaluate(saved)
                var scores: [[llama_token]: Double] = [:]
                for (index, sequence) in sequences.enumerated() {
                    scores[sequence] = ChoiceCalibrationCache.logMeanExp(perPrompt.map { $0[index] })
                }
                return scores
            }
        }
    }
}
