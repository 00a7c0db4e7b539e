import Testing

@testable import LanguageModels

/// The matcher's string state and the vocabulary's fast string classes must agree on every byte
/// sequence, or a byte-fallback token the mask allows can dead-end decoding.
@Suite struct UTF8AgreementTests {
    /// Overlong forms, surrogates and scalars above U+10FFFF, whole and cut after two bytes.
    static let illFormed: [[UInt8]] = [
        [0xC0, 0x80], [0xC1, 0xBF],  // overlong two-byte forms
        [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xE0, 0x80], [0xE0, 0x9F],  // overlong three-byte forms
        [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x80],  // overlong four-byte forms
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xED, 0xA0],  // surrogates
        [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x90], [0xF5, 0x80, 0x80, 0x80],  // above U+10FFFF
    ]

    /// The first and last scalars next to each excluded range.
    static let wellFormed: [[UInt8]] = [
        [0xC2, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80],
        [0xF4, 0x8F, 0xBF, 0xBF],
    ]

    static func insideFreeString() throws -> Matcher {
        var matcher = Matcher(grammar: try Grammar(schema: GenerationSchema(root: .string())))
        let opened = matcher.advance(Array("\"".utf8))
        #expect(opened)
        return matcher
    }

    @Test func theStringStateRejectsIllFormedUTF8ByteByByte() throws {
        let matcher = try Self.insideFreeString()
        for bytes in Self.illFormed {
            #expect(!matcher.accepts(bytes), "accepted \(bytes.map { String($0, radix: 16) })")
        }
        for bytes in Self.wellFormed {
            #expect(matcher.accepts(bytes + [UInt8(ascii: "\"")]), "rejected \(bytes.map { String($0, radix: 16) })")
        }
    }

    @Test func theFastStringClassesAgreeWithTheStringState() throws {
        // Byte-fallback tokens, alone and before a closing quote.
        var tokens = (Self.illFormed + Self.wellFormed).flatMap { [$0, $0 + [UInt8(ascii: "\"")]] }
        tokens += [Array("a".utf8), Array("\"".utf8), [0xE6], [0x97, 0xA5]]
        let vocabulary = TokenVocabulary(tokens: tokens)
        let matcher = try Self.insideFreeString()
        let allowed = Set(TokenMask.allowedTokens(matcher, vocabulary: vocabulary).all.map(Int.init))
        let brute = Set(tokens.indices.filter { matcher.accepts(tokens[$0]) })
        #expect(allowed == brute)
        for token in allowed {
            // No allowed token may leave the string where no byte can follow.
            var after = matcher
            let accepted = after.advance(tokens[token])
            #expect(accepted)
            let canContinue = after.isComplete || (0...255).contains { after.accepts([UInt8($0)]) }
            #expect(canContinue, "token \(tokens[token].map { String($0, radix: 16) }) dead-ends the string")
        }
        for bytes in Self.illFormed {
            #expect(!allowed.contains(tokens.firstIndex(of: bytes)!), "mask allows \(bytes.map { String($0, radix: 16) })")
        }
    }

    @Test func aByteTheGrammarRejectsIsADesyncErrorNotIgnored() throws {
        var matcher = try Self.insideFreeString()
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Generator.advance(&matcher, by: [0xED, 0xA0, 0x80], what: "a test token")
        }
        #expect(matcher.accepts(Array("ok\"".utf8)), "a rejected token must leave the matcher unchanged")
    }
}
