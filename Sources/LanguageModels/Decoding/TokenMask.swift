/// The tokens allowed next: a prefix of a precomputed list plus a few extra tokens, so a mask
/// over a large vocabulary is never copied.
struct AllowedTokens: Sendable {
    var bulk: ArraySlice<Int32>
    var extra: [Int32]

    var isEmpty: Bool { bulk.isEmpty && extra.isEmpty }
    var count: Int { bulk.count + extra.count }

    func forEach(_ body: (Int32) -> Void) {
        for token in bulk { body(token) }
        for token in extra { body(token) }
    }

    var all: [Int32] { Array(bulk) + extra }
}

/// Computes the tokens a ``Matcher`` allows next.
///
/// Inside a free string (no pattern) the answer comes from the vocabulary's precomputed classes.
/// Everywhere else a walk of the token trie follows only bytes the grammar can accept.
enum TokenMask {
    static func allowedTokens(_ matcher: Matcher, vocabulary: TokenVocabulary, cache: MaskCache? = nil)
        -> AllowedTokens
    {
        if matcher.threads.count == 1, case .string(let node, let state)? = matcher.threads[0].last,
            state.acceptsPlainContent, case .string(let maximumLength, _) = matcher.grammar.nodes[node]
        {
            let remaining = maximumLength.map { $0 - state.scalarCount } ?? Int(Int32.max)
            let bulk = vocabulary.plainStringTokens.prefix(vocabulary.plainTokenCount(withAtMost: remaining))
            var extra: [Int32] = []
            var closed = matcher
            closed.advance([UInt8(ascii: "\"")])
            // Most suffixes fail on their first byte: check that against a byte set before feeding.
            let next = Matcher.possibleBytes(closed.grammar, closed.threads)
            var suffixFits = [Bool?](repeating: nil, count: vocabulary.quoteSuffixes.count)
            for quote in vocabulary.quoteTokens where Int(quote.contentScalars) <= remaining {
                let index = Int(quote.suffix)
                if suffixFits[index] == nil {
                    let suffix = vocabulary.quoteSuffixes[index]
                    suffixFits[index] = suffix.isEmpty || (next.contains(suffix[0]) && closed.accepts(suffix))
                }
                if suffixFits[index] == true { extra.append(quote.token) }
            }
            return AllowedTokens(bulk: bulk, extra: extra)
        }
        guard let cache else { return AllowedTokens(bulk: [], extra: walkedTokens(matcher, vocabulary: vocabulary)) }
        return AllowedTokens(bulk: [], extra: cache.mask(for: matcher) { walkedTokens(matcher, vocabulary: vocabulary) })
    }

    /// The allowed tokens found by walking the trie (structural states).
    private static func walkedTokens(_ matcher: Matcher, vocabulary: TokenVocabulary) -> [Int32] {
        var allowed: [Int32] = []
        if matcher.threads.count == 1, case .choice(let node, let position, let alive)? = matcher.threads[0].last,
            case .choice(let options) = matcher.grammar.nodes[node]
        {
            // Walk the trie along the remaining option strings directly; only after an option
            // completes does the general walk take over, from one shared parent state.
            var parent = matcher.threads[0]
            parent.removeLast()
            var candidates: [ArraySlice<UInt8>] = []
            var bits = alive
            while bits != 0 {
                candidates.append(options[bits.trailingZeroBitCount][position...])
                bits &= bits - 1
            }
            walkChoice(
                node: 0, candidates: candidates, parent: [parent], grammar: matcher.grammar, vocabulary: vocabulary,
                into: &allowed)
            return allowed
        }
        walk(node: 0, threads: matcher.threads, grammar: matcher.grammar, vocabulary: vocabulary, into: &allowed)
        return allowed
    }

    private static func walkChoice(
        node: Int, candidates: [ArraySlice<UInt8>], parent: [[Matcher.Item]], grammar: Grammar,
        vocabulary: TokenVocabulary, into allowed: inout [Int32]
    ) {
        var remaining = candidates
        while let byte = remaining.first?.first {
            let group = remaining.filter { $0.first == byte }
            remaining.removeAll { $0.first == byte }
            guard let child = vocabulary.trieChildren[node].first(where: { $0.0 == byte })?.1 else { continue }
            allowed += vocabulary.trieTokens[Int(child)]
            let rests = group.map { $0.dropFirst() }
            if rests.contains(where: \.isEmpty) {
                walk(node: Int(child), threads: parent, grammar: grammar, vocabulary: vocabulary, into: &allowed)
            }
            let longer = rests.filter { !$0.isEmpty }
            if !longer.isEmpty {
                walkChoice(
                    node: Int(child), candidates: longer, parent: parent, grammar: grammar, vocabulary: vocabulary,
                    into: &allowed)
            }
        }
    }

    private static func walk(
        node: Int, threads: [[Matcher.Item]], grammar: Grammar, vocabulary: TokenVocabulary, into allowed: inout [Int32]
    ) {
        let possible = Matcher.possibleBytes(grammar, threads)
        for (byte, child) in vocabulary.trieChildren[node] where possible.contains(byte) {
            let next = Matcher.step(grammar, threads, byte)
            guard !next.isEmpty else { continue }
            allowed += vocabulary.trieTokens[Int(child)]
            walk(node: Int(child), threads: next, grammar: grammar, vocabulary: vocabulary, into: &allowed)
        }
    }
}
