/// A model's tokens as bytes, arranged for fast mask computation.
///
/// - A byte trie over all tokens, so the allowed set for a grammar state is found by walking
///   only the branches the grammar accepts.
/// - For the common context-free state "inside a free string", a precomputed list of tokens
///   that are plain string content (no quote, backslash or control byte; whole UTF-8
///   characters), sorted by character count, plus the short list of tokens that need a full check.
struct TokenVocabulary: Sendable {
    /// Bytes of each token id; empty for control tokens, which are never allowed.
    let tokens: [[UInt8]]
    /// Trie nodes: children as (byte, node) pairs sorted by byte; `tokensEnding` the token ids
    /// whose bytes end at this node.
    let trieChildren: [[(UInt8, Int32)]]
    let trieTokens: [[Int32]]
    /// Plain string-content tokens, sorted by scalar count ascending.
    let plainStringTokens: [Int32]
    let plainStringScalarCounts: [Int32]
    /// Tokens that may appear in a string but need a full check (quotes, escapes, partial UTF-8).
    let specialStringTokens: [Int32]

    init(tokens: [[UInt8]]) {
        self.tokens = tokens
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
        var special: [Int32] = []
        for (id, bytes) in tokens.enumerated() where !bytes.isEmpty {
            if let scalars = Self.plainScalarCount(bytes) {
                plain.append((Int32(id), Int32(scalars)))
            } else if !bytes.contains(where: { $0 < 0x20 }) {
                // Compact JSON has no raw control bytes anywhere, so tokens holding one never fit.
                special.append(Int32(id))
            }
        }
        plain.sort { $0.1 < $1.1 }
        plainStringTokens = plain.map(\.0)
        plainStringScalarCounts = plain.map(\.1)
        specialStringTokens = special
    }

    /// The number of Unicode scalars when the bytes are whole, plain string content; else nil.
    static func plainScalarCount(_ bytes: [UInt8]) -> Int? {
        var count = 0
        var pending = 0
        for byte in bytes {
            if pending > 0 {
                guard byte & 0xC0 == 0x80 else { return nil }
                pending -= 1
                continue
            }
            switch byte {
            case 0..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F: return nil
            case 0x20..<0x80: count += 1
            case 0xC2...0xDF: pending = 1; count += 1
            case 0xE0...0xEF: pending = 2; count += 1
            case 0xF0...0xF4: pending = 3; count += 1
            default: return nil
            }
        }
        return pending == 0 ? count : nil
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
