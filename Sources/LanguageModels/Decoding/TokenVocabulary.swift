/// A model's tokens as bytes, arranged for fast mask computation.
///
/// - A byte trie over all tokens, so the allowed set for a grammar state is found by walking
///   only the branches the grammar accepts.
/// - For the common context-free state "inside a free string", precomputed classes: tokens that
///   are string content (characters and escapes, sorted by character count, so a length limit
///   is a prefix), and tokens that close the string (content, a quote, then a suffix — grouped
///   by suffix so each suffix is checked once). No other token can follow there.
struct TokenVocabulary: Sendable {
    /// Bytes of each token id; empty for control tokens, which are never allowed.
    let tokens: [[UInt8]]
    /// Every token id, in order (the allowed set for free text).
    let allTokens: [Int32]
    /// Trie nodes: children as (byte, node) pairs sorted by byte, and the token ids ending there.
    let trieChildren: [[(UInt8, Int32)]]
    let trieTokens: [[Int32]]
    /// String-content tokens (may end inside a character or an escape), sorted by scalar count.
    let plainStringTokens: [Int32]
    let plainStringScalarCounts: [Int32]
    /// Tokens of the form content + `"` + suffix.
    let quoteTokens: [QuoteToken]
    /// Distinct suffixes after the closing quote.
    let quoteSuffixes: [[UInt8]]

    struct QuoteToken: Sendable {
        var token: Int32
        var contentScalars: Int32
        var suffix: Int32
    }

    init(tokens: [[UInt8]]) {
        self.tokens = tokens
        allTokens = tokens.indices.compactMap { tokens[$0].isEmpty ? nil : Int32($0) }
        var children: [[(UInt8, Int32)]] = [[]]
        var ending: [[Int32]] = [[]]
        for (id, bytes) in tokens.enumerated() where !bytes.isEmpty {
            var node = 0
            for byte in bytes {
                if let next = children[node].first(where: { $0.0 == byte }) {
                    node = Int(next.1)
                } else {
                    children.append([])
                    ending.append([])
                    let created = Int32(children.count - 1)
                    children[node].append((byte, created))
                    node = Int(created)
                }
            }
            ending[node].append(Int32(id))
        }
        for index in children.indices { children[index].sort { $0.0 < $1.0 } }
        trieChildren = children
        trieTokens = ending

        var plain: [(Int32, Int32)] = []
        var quotes: [QuoteToken] = []
        var suffixes: [[UInt8]] = []
        var suffixIndex: [[UInt8]: Int32] = [:]
        for (id, bytes) in tokens.enumerated() where !bytes.isEmpty {
            // Compact JSON has no raw control bytes anywhere, so tokens holding one never fit.
            if bytes.contains(where: { $0 < 0x20 }) { continue }
            guard let content = Self.stringContent(bytes) else { continue }
            if content.length == bytes.count {
                plain.append((Int32(id), Int32(content.scalars)))
            } else if content.endsOnBoundary {
                let suffix = Array(bytes[(content.length + 1)...])
                let index = suffixIndex[suffix] ?? {
                    suffixes.append(suffix)
                    suffixIndex[suffix] = Int32(suffixes.count - 1)
                    return Int32(suffixes.count - 1)
                }()
                quotes.append(QuoteToken(token: Int32(id), contentScalars: Int32(content.scalars), suffix: index))
            }
        }
        plain.sort { $0.1 < $1.1 }
        plainStringTokens = plain.map(\.0)
        plainStringScalarCounts = plain.map(\.1)
        quoteTokens = quotes
        quoteSuffixes = suffixes
    }

    /// Reads bytes as JSON string content from a character boundary, up to the first unescaped
    /// quote or the end: its byte length, the characters it starts (an escape counts as one),
    /// and whether it stops on a boundary (not inside a character or an escape). Nil when the
    /// bytes cannot be string content there (a stray continuation byte, an unsupported escape,
    /// ill-formed UTF-8 such as an overlong form, a surrogate or a scalar above U+10FFFF).
    static func stringContent(_ bytes: [UInt8]) -> (length: Int, scalars: Int, endsOnBoundary: Bool)? {
        var count = 0
        var pending = 0
        var next = UTF8Validation.continuation
        var afterBackslash = false
        for (index, byte) in bytes.enumerated() {
            if pending > 0 {
                guard next.contains(byte) else { return nil }
                next = UTF8Validation.continuation
                pending -= 1
                continue
            }
            if afterBackslash {
                guard StringState.escapeBytes.contains(byte) else { return nil }
                afterBackslash = false
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): return (index, count, true)
            case UInt8(ascii: "\\"): afterBackslash = true; count += 1
            case 0..<0x20, 0x7F: return nil
            case 0x20..<0x80: count += 1
            default:
                // The same well-formedness rules as the matcher's string state.
                guard let lead = UTF8Validation.lead(byte) else { return nil }
                pending = lead.continuationBytes
                next = lead.firstContinuation
                count += 1
            }
        }
        return (bytes.count, count, pending == 0 && !afterBackslash)
    }

    /// How many plain tokens have at most `scalars` scalars (a prefix of ``plainStringTokens``).
    func plainTokenCount(withAtMost scalars: Int) -> Int {
        var low = 0
        var high = plainStringScalarCounts.count
        while low < high {
            let mid = (low + high) / 2
            if plainStringScalarCounts[mid] <= scalars { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
