import Foundation
import Testing

@testable import LanguageModels

/// Random schemas decoded with random "logits" over a small synthetic vocabulary: every output
/// must parse and satisfy every guide, and the fast mask must equal a brute-force check.
@Suite struct GuidedDecodingPropertyTests {
    /// A small vocabulary with single bytes and multi-byte pieces that cross JSON structure.
    static let vocabulary: TokenVocabulary = {
        var pieces: [String] = []
        for byte in 0x20...0x7E { pieces.append(String(UnicodeScalar(UInt8(byte)))) }
        pieces += [
            "{\"", "\":", "\",\"", "\"}", "\"]", "],", "]}", "},{", "[{", "\":[", "\":\"", "true", "false", "null",
            "12", "345", "-1", "0.", ".5", "ab", "cd", " the", "é", "日本", "\u{1F600}", "\\n", "\\\"", "\"x",
            "yes\"", "no", "red", "green", "blue", "\"red\"", "gre", "ee", "1,", ",2", "\n", "\t", "a\"b",
        ]
        var tokens = pieces.map { Array($0.utf8) }
        tokens.append([0xE6])  // a lone lead byte (byte-fallback token)
        tokens.append([0x97, 0xA5])
        tokens.append([])  // a control token
        return TokenVocabulary(tokens: tokens)
    }()

    @Test func everyOutputParsesAndSatisfiesItsGuides() throws {
        var random = SplitMix64(seed: 42)
        var completed = 0
        for _ in 0..<1000 {
            let schema = GenerationSchema(root: Self.randomNode(depth: 0, random: &random))
            let grammar = try Grammar(schema: schema)
            guard let output = Self.decode(grammar, random: &random, checkMasks: false) else { continue }
            completed += 1
            let content = try GeneratedContent(json: output)
            #expect(Self.satisfies(content, schema.root), "\(output) does not satisfy \(schema.root)")
        }
        #expect(completed > 800)
    }

    @Test func fastMaskEqualsBruteForceCheck() throws {
        var random = SplitMix64(seed: 7)
        let cache = MaskCache()
        for round in 0..<240 {
            // Every schema is decoded twice with one cache, so the second pass mostly hits it.
            let schema = GenerationSchema(root: Self.randomNode(depth: 0, random: &random))
            let grammar = try Grammar(schema: schema)
            _ = Self.decode(grammar, random: &random, checkMasks: true, cache: round % 2 == 0 ? nil : cache)
            _ = Self.decode(grammar, random: &random, checkMasks: true, cache: cache)
        }
    }

    @Test func fastForwardEmitsOnlyWhatTheGrammarForces() throws {
        let schema = GenerationSchema(type: "S", properties: [
            .init("nextQuestion", description: nil, node: .enumeration(["audience", "stop"]))
        ])
        let matcher = Matcher(grammar: try Grammar(schema: schema))
        #expect(String(decoding: matcher.forcedBytes(), as: UTF8.self) == "{\"nextQuestion\":\"")
    }

    @Test func numbersStayInsideTheirRangeDigitByDigit() throws {
        let grammar = try Grammar(schema: GenerationSchema(root: .integer([.range(10...42)])))
        let matcher = Matcher(grammar: grammar)
        #expect(matcher.accepts(Array("4".utf8)))
        #expect(!matcher.accepts(Array("5".utf8)))
        #expect(!matcher.accepts(Array("43".utf8)))
        #expect(!matcher.accepts(Array("0".utf8)))
        #expect(!matcher.accepts(Array("-".utf8)))
    }

    @Test func aLongNumberStopsAtEighteenDigitsInsteadOfOverflowing() throws {
        let matcher = Matcher(grammar: try Grammar(schema: GenerationSchema(root: .number())))
        #expect(matcher.accepts(Array("123456789012345.123".utf8)))
        #expect(!matcher.accepts(Array("123456789012345.1234".utf8)))
        #expect(matcher.accepts(Array("12345.123456".utf8)))
        #expect(!matcher.accepts(Array("12345.1234567".utf8)))
    }

    @Test func patternsAreEnforcedWhileWriting() throws {
        let grammar = try Grammar(schema: GenerationSchema(root: .string([.pattern("[A-Z]{2}-\\d{3}")])))
        let matcher = Matcher(grammar: grammar)
        #expect(matcher.accepts(Array("\"AB-1".utf8)))
        #expect(!matcher.accepts(Array("\"Ab".utf8)))
        #expect(!matcher.accepts(Array("\"AB-12\"".utf8)))
        #expect(matcher.accepts(Array("\"AB-123\"".utf8)))
    }

    @Test func misplacedGuidesAreRejected() {
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .string([.count(2)])))
        }
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .string([.pattern("a(b")])))
        }
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .array(of: .integer(), [.elementCount(minimum: 3, maximum: 2)])))
        }
    }

    // MARK: - Helpers

    /// Decodes with random choices among the allowed tokens; nil when it ran too long.
    static func decode(_ grammar: Grammar, random: inout SplitMix64, checkMasks: Bool, cache: MaskCache? = nil)
        -> String?
    {
        var matcher = Matcher(grammar: grammar)
        var output: [UInt8] = []
        for _ in 0..<400 {
            if matcher.isComplete { return String(decoding: output, as: UTF8.self) }
            let forced = matcher.forcedBytes()
            if !forced.isEmpty {
                let accepted = matcher.advance(forced)
                #expect(accepted)
                output += forced
                continue
            }
            let allowed = TokenMask.allowedTokens(matcher, vocabulary: vocabulary, cache: cache)
            if checkMasks {
                let brute = vocabulary.tokens.indices.filter {
                    !vocabulary.tokens[$0].isEmpty && matcher.accepts(vocabulary.tokens[$0])
                }
                #expect(Set(allowed.all.map(Int.init)) == Set(brute))
                #expect(allowed.count == Set(allowed.all).count, "a token is listed twice")
            }
            if allowed.isEmpty {
                // Only a top-level number may end without a closing byte.
                #expect(matcher.canEnd, "dead end after \(String(decoding: output, as: UTF8.self))")
                return matcher.canEnd ? String(decoding: output, as: UTF8.self) : nil
            }
            if matcher.canEnd, random.next() % 3 == 0 { return String(decoding: output, as: UTF8.self) }
            let token = allowed.all[Int(random.next() % UInt64(allowed.count))]
            let bytes = vocabulary.tokens[Int(token)]
            let accepted = matcher.advance(bytes)
            #expect(accepted)
            output += bytes
        }
        return nil
    }

    static func randomNode(depth: Int, random: inout SplitMix64) -> GenerationSchema.Node {
        let pick = random.next() % (depth >= 2 ? 7 : 10)
        switch pick {
        case 0: return .string([.maximumLength(Int(random.next() % 6))])
        case 1: return .enumeration(["red", "green", "blue", "gre"])
        case 2:
            let low = Int(random.next() % 50) - 20
            return .integer([.range(low...(low + Int(random.next() % 200)))])
        case 3:
            let low = Double(random.next() % 10) - 5
            return .number([.range(low...(low + 7.5))])
        case 4: return .boolean()
        case 5:
            let kind = random.next() % 3
            if kind == 0 {
                return .string([.excerpt(of: ["2 eggs, 200g rice, and a \"coffee\"", "ab cd\té 日本 the"][Int(random.next() % 2)])])
            }
            if kind == 1, random.next() % 2 == 0 {
                return .string([.spans(of: "ab cd\té 日本 the", [0..<2, 0..<5, 3..<5, 8..<10, 6..<14])])
            }
            return .string([.pattern(["(ab|cd)+", "[a-c]{1,3}", "x?\\d\\d", "(yes|no)"][Int(random.next() % 4)])])
        case 6: return .string([.anyOf(["a\"b", "é", "日本"])])
        case 7:
            let low = Int(random.next() % 3)
            return .array(of: randomNode(depth: depth + 1, random: &random), [.count(low...(low + Int(random.next() % 3)))])
        case 8:
            let count = 1 + Int(random.next() % 3)
            return .object("O", (0..<count).map { index in
                .init("p\(index)", node: randomNode(depth: depth + 1, random: &random))
            })
        default:
            return random.next() % 2 == 0
                ? .optional(randomNode(depth: depth + 1, random: &random))
                : .anyOf([randomNode(depth: depth + 1, random: &random), .boolean()])
        }
    }

    /// An independent check of a value against a schema node (patterns via NSRegularExpression).
    /// Whether `text` occurs in `source` somewhere it starts and ends at word boundaries, without
    /// white space at either end (checked on scalars, independently of the automaton).
    static func isExcerpt(_ text: String, of source: String) -> Bool {
        let part = Array(text.unicodeScalars), whole = Array(source.unicodeScalars)
        guard let first = part.first, let last = part.last, !first.properties.isWhitespace, !last.properties.isWhitespace,
            part.count <= whole.count
        else { return false }
        func word(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isAlphabetic || scalar.properties.numericType != nil }
        for start in 0...(whole.count - part.count) where Array(whole[start..<(start + part.count)]) == part {
            let end = start + part.count
            let startsWell = start == 0 || !word(whole[start - 1]) || !word(first)
            let endsWell = end == whole.count || !word(whole[end]) || !word(last)
            if startsWell && endsWell { return true }
        }
        return false
    }

    static func satisfies(_ content: GeneratedContent, _ node: GenerationSchema.Node) -> Bool {
        switch (node.kind, content) {
        case (.string, .string(let text)):
            for guide in node.guides {
                switch guide {
                case .maximumLength(let length): if text.unicodeScalars.count > length { return false }
                case .anyOf(let values): if !values.contains(text) { return false }
                case .pattern(let pattern):
                    guard let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return false }
                    let range = NSRange(text.startIndex..., in: text)
                    if regex.firstMatch(in: text, range: range) == nil { return false }
                case .excerpt(let source): if !isExcerpt(text, of: source) { return false }
                case .spans(let source, let ranges):
                    let scalars = Array(source.unicodeScalars)
                    let allowed = ranges.map { range in
                        var view = String.UnicodeScalarView()
                        view.append(contentsOf: scalars[range])
                        return String(view)
                    }
                    if !allowed.contains(text) { return false }
                default: return false
                }
            }
            return true
        case (.enumeration(let cases), .string(let text)): return cases.contains(text)
        case (.integer, .integer(let value)): return inRange(Double(value), node.guides)
        case (.number, .integer(let value)): return inRange(Double(value), node.guides)
        case (.number, .number(let value)): return inRange(value, node.guides)
        case (.boolean, .bool): return true
        case (.array(let element), .array(let values)):
            for case .elementCount(let low, let high) in node.guides {
                if values.count < low || values.count > (high ?? .max) { return false }
            }
            return values.allSatisfy { satisfies($0, element) }
        case (.object(_, let properties), .object(let values)):
            return properties.map(\.name) == values.map(\.name)
                && zip(properties, values).allSatisfy { satisfies($1.value, $0.node) }
        case (.optional, .null): return true
        case (.optional(let wrapped), _): return satisfies(content, wrapped)
        case (.anyOf(let choices), _): return choices.contains { satisfies(content, $0) }
        default: return false
        }
    }

    static func inRange(_ value: Double, _ guides: [GenerationGuide]) -> Bool {
        for case .valueRange(let low, let high) in guides {
            if let low, value < low { return false }
            if let high, value > high { return false }
        }
        return true
    }
}

/// The excerpt guide: a string can only be the input's own words.
@Suite struct ExcerptGuideTests {
    static let text = "For lunch I had 2 slices of toast, and a coffee."

    @Test(arguments: ["2 slices of toast", "toast", "a coffee", "For", "coffee.", "I had 2"])
    func wholeWordStretchesOfTheTextMatch(_ excerpt: String) {
        #expect(PatternAutomaton(excerptOf: Self.text).matches(excerpt))
    }

    @Test(arguments: ["slices of toa", "oast", " toast", "toast ", "two slices", "", "2 slices of Toast", "coffee and toast"])
    func anythingElseDoesNot(_ text: String) {
        #expect(!PatternAutomaton(excerptOf: Self.text).matches(text))
    }

    @Test func anEmptyTextHasNoExcerptAndIsRejectedWhenCompiled() {
        #expect(PatternAutomaton(excerptOf: "").minimumLength == .max)
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .string([.excerpt(of: "   ")])))
        }
    }

    @Test func anExcerptAndAPatternOnOneStringAreRejected() {
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .string([.excerpt(of: "a b"), .pattern("a")])))
        }
    }
}
