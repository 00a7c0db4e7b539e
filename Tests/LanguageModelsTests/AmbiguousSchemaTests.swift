import Testing

@testable import LanguageModels

/// Ambiguous alternatives (two choices that accept the same bytes) must not multiply the parse
/// stacks: identical stacks merge after every byte, so the count stays bounded however long the
/// output grows.
@Suite struct AmbiguousSchemaTests {
    /// At most two stacks per ambiguous level, and the random schemas below nest at most three.
    static let stackBound = 8

    @Test func anIntegerOrNumberArrayOf48ElementsKeepsAtMostTwoStacks() throws {
        let schema = GenerationSchema(root: .array(of: .anyOf([.integer(), .number()]), [.count(48)]))
        var matcher = Matcher(grammar: try Grammar(schema: schema))
        let output = "[" + (1...48).map { $0 % 3 == 0 ? "\($0).5" : "\($0)" }.joined(separator: ",") + "]"
        var most = 0
        for byte in output.utf8 {
            let accepted = matcher.advance([byte])
            #expect(accepted, "rejected \(Character(UnicodeScalar(byte))) in \(output)")
            most = max(most, matcher.threads.count)
            if most > 2 { break }  // without merging the count doubles per element
        }
        #expect(most <= 2, "\(most) parse stacks")
        #expect(matcher.isComplete)
    }

    @Test func twoEqualAlternativesAreOneStackAndKeepTheFreeStringPath() throws {
        let schema = GenerationSchema(root: .array(of: .anyOf([.string(), .string()]), [.count(1...48)]))
        var matcher = Matcher(grammar: try Grammar(schema: schema))
        let accepted = matcher.advance(Array("[\"a\",\"b\",\"c".utf8))
        #expect(accepted)
        #expect(matcher.threads.count == 1)
        // One stack inside a free string: the mask comes from the precomputed string classes.
        let allowed = TokenMask.allowedTokens(matcher, vocabulary: GuidedDecodingPropertyTests.vocabulary)
        #expect(!allowed.bulk.isEmpty)
    }

    @Test func randomAmbiguousSchemasStayWithinTheStackBound() throws {
        var random = SplitMix64(seed: 2026)
        var completed = 0
        for _ in 0..<60 {
            let schema = GenerationSchema(root: Self.randomAmbiguousNode(depth: 0, random: &random))
            let grammar = try Grammar(schema: schema)
            let (output, most) = Self.decode(grammar, random: &random)
            #expect(most <= Self.stackBound, "\(most) parse stacks for \(schema.root)")
            guard let output else { continue }
            completed += 1
            let content = try GeneratedContent(json: output)
            #expect(GuidedDecodingPropertyTests.satisfies(content, schema.root), "\(output) breaks \(schema.root)")
        }
        #expect(completed > 40)
    }

    // MARK: - Helpers

    /// Decodes with random allowed tokens, stopping early once the stacks exceed the bound.
    /// Returns the output (nil when unfinished) and the most stacks seen.
    static func decode(_ grammar: Grammar, random: inout SplitMix64) -> (String?, Int) {
        let vocabulary = GuidedDecodingPropertyTests.vocabulary
        var matcher = Matcher(grammar: grammar)
        var output: [UInt8] = []
        var most = matcher.threads.count
        for _ in 0..<3000 {
            if matcher.isComplete { return (String(decoding: output, as: UTF8.self), most) }
            let forced = matcher.forcedBytes()
            let step: [UInt8]
            if !forced.isEmpty {
                step = forced
            } else {
                let allowed = TokenMask.allowedTokens(matcher, vocabulary: vocabulary)
                if allowed.isEmpty || (matcher.canEnd && random.next() % 3 == 0) {
                    return (matcher.canEnd ? String(decoding: output, as: UTF8.self) : nil, most)
                }
                step = vocabulary.tokens[Int(allowed.all[Int(random.next() % UInt64(allowed.count))])]
            }
            for byte in step {
                let accepted = matcher.advance([byte])
                #expect(accepted)
                most = max(most, matcher.threads.count)
                if most > stackBound { return (nil, most) }
            }
            output += step
        }
        return (nil, most)
    }

    /// Arrays (up to 48 elements) of values that two or more alternatives accept alike.
    static func randomAmbiguousNode(depth: Int, random: inout SplitMix64) -> GenerationSchema.Node {
        func leaf() -> GenerationSchema.Node {
            switch random.next() % 5 {
            case 0: .integer([.range(0...99)])
            case 1: .number()
            case 2: .string([.maximumLength(4)])
            case 3: .enumeration(["red", "gre", "green"])
            default: .boolean()
            }
        }
        func ambiguous() -> GenerationSchema.Node {
            switch random.next() % 6 {
            case 0: return .anyOf([.integer(), .number()])
            case 1:
                let node = leaf()
                return .anyOf([node, node])
            case 2:
                let node = leaf()
                return .anyOf([.optional(node), node, .optional(node)])
            case 3: return .anyOf([.string([.maximumLength(3)]), .string(), .enumeration(["red", "gre"])])
            case 4: return .optional(.optional(.anyOf([.integer(), .number([.range(0...50)])])))
            default:
                guard depth < 2 else { return .anyOf([.integer(), .integer([.range(0...9)])]) }
                return randomAmbiguousNode(depth: depth + 1, random: &random)
            }
        }
        let low = Int(random.next() % (depth == 0 ? 48 : 4))
        let element: GenerationSchema.Node =
            random.next() % 4 == 0
            ? .object("O", [.init("a", node: ambiguous()), .init("b", node: ambiguous())])
            : ambiguous()
        return .array(of: element, [.count(low...(depth == 0 ? 48 : 5))])
    }
}
