/// Computes the tokens a ``Matcher`` allows next.
///
/// Inside a free string (no pattern) the answer comes from precomputed lists: plain content
/// tokens up to the remaining length, plus the few tokens holding quotes, escapes or partial
/// characters, each checked. Everywhere else a walk of the token trie visits only the branches
/// the grammar accepts.
enum TokenMask {
    static func allowedTokens(_ matcher: Matcher, vocabulary: TokenVocabulary) -> [Int32] {
        if matcher.threads.count == 1, case .string(let node, let state)? = matcher.threads[0].last,
            state.acceptsPlainContent, case .string(let maximumLength, _) = matcher.grammar.nodes[node]
        {
            let remaining = maximumLength.map { $0 - state.scalarCount } ?? Int(Int32.max)
            var allowed = Array(vocabulary.plainStringTokens.prefix(vocabulary.plainTokenCount(withAtMost: remaining)))
            for token in vocabulary.specialStringTokens where matcher.accepts(vocabulary.tokens[Int(token)]) {
                allowed.append(token)
            }
            return allowed
        }
        var allowed: [Int32] = []
        walk(node: 0, threads: matcher.threads, grammar: matcher.grammar, vocabulary: vocabulary, into: &allowed)
        return allowed
    }

    private static func walk(
        node: Int, threads: [[Matcher.Item]], grammar: Grammar, vocabulary: TokenVocabulary, into allowed: inout [Int32]
    ) {
        for (byte, child) in vocabulary.trieChildren[node] {
            var next: [[Matcher.Item]] = []
            for stack in threads { Matcher.feed(grammar, stack, byte, into: &next) }
            guard !next.isEmpty else { continue }
            allowed += vocabulary.trieTokens[Int(child)]
            walk(node: Int(child), threads: next, grammar: grammar, vocabulary: vocabulary, into: &allowed)
        }
    }
}
