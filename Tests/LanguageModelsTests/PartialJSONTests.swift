import Testing

@testable import LanguageModels

/// The lenient reading of partial JSON that streaming snapshots show.
@Suite struct PartialJSONTests {
    func parse(_ text: String) -> GeneratedContent? { PartialJSON.parse(Array(text.utf8)) }

    @Test func closesAnOpenStringInsideAnObject() {
        #expect(parse(#"{"name":"Jo"#) == .object([.init("name", .string("Jo"))]))
        #expect(parse(#"{"name":""#) == .object([.init("name", .string(""))]))
    }

    @Test func leavesOutAPropertyWhoseValueHasNotStarted() {
        #expect(parse(#"{"name":"Jo","ag"#) == .object([.init("name", .string("Jo"))]))
        #expect(parse(#"{"name":"Jo","age":"#) == .object([.init("name", .string("Jo"))]))
        #expect(parse("{") == .object([]))
    }

    @Test func showsANumberOnlyOnceSomethingFollowsIt() {
        #expect(parse(#"{"ids":[1,2"#) == .object([.init("ids", .array([.integer(1)]))]))
        #expect(parse(#"{"ids":[1,23]"#) == .object([.init("ids", .array([.integer(1), .integer(23)]))]))
        #expect(parse("-1.5e") == nil)
        #expect(parse("[-1.5e3,") == .array([.number(-1500)]))
    }

    @Test func showsALiteralOnlyWhenComplete() {
        #expect(parse("[tru") == .array([]))
        #expect(parse("[true") == .array([.bool(true)]))
        #expect(parse(#"{"a":nul"#) == .object([]))
        #expect(parse(#"{"a":null"#) == .object([.init("a", .null)]))
    }

    @Test func leavesOutAnIncompleteEscapeOrCharacter() {
        #expect(parse(#""a\"#) == .string("a"))
        #expect(parse(#""a\n"#) == .string("a\n"))
        #expect(parse(#""a\u00"#) == .string("a"))
        #expect(parse(#""a\u00e9"#) == .string("aé"))
        // "café" cut inside the two bytes of "é".
        #expect(PartialJSON.parse(Array(#""caf"#.utf8) + [0xC3]) == .string("caf"))
        #expect(PartialJSON.parse(Array(#""日"#.utf8) + [0xE6, 0x9C]) == .string("日"))
    }

    @Test func nothingIsShownBeforeAValueStarts() {
        #expect(parse("") == nil)
        #expect(parse("  ") == nil)
        #expect(parse("12") == nil)
    }

    @Test func everyPrefixOfDecoderOutputIsAPrefixOfTheFinalValue() throws {
        var random = SplitMix64(seed: 2024)
        var checked = 0
        for _ in 0..<600 {
            let schema = GenerationSchema(root: GuidedDecodingPropertyTests.randomNode(depth: 0, random: &random))
            let grammar = try Grammar(schema: schema)
            guard let output = GuidedDecodingPropertyTests.decode(grammar, random: &random, checkMasks: false) else {
                continue
            }
            try checkEveryPrefix(of: Array(output.utf8))
            checked += 1
        }
        #expect(checked > 400)
    }

    @Test func everyPrefixOfRandomJSONIsAPrefixOfTheFinalValue() throws {
        var random = SplitMix64(seed: 99)
        for round in 0..<400 {
            let value = Self.randomValue(depth: 0, random: &random)
            // Compact as the decoder writes it, and with whitespace between tokens.
            let text = round % 2 == 0 ? value.jsonString : Self.spaced(value, random: &random)
            try checkEveryPrefix(of: Array(text.utf8))
        }
    }

    /// Each prefix's snapshot is a prefix of the next one's and of the final value; the whole
    /// text reads as the strict parser reads it (but a bare top-level number, never shown).
    func checkEveryPrefix(of bytes: [UInt8]) throws {
        let final = try GeneratedContent(json: String(decoding: bytes, as: UTF8.self))
        var previous: GeneratedContent? = nil
        for end in 0...bytes.count {
            let snapshot = PartialJSON.parse(Array(bytes[..<end]))
            let text = String(decoding: bytes[..<end], as: UTF8.self)
            #expect(isPrefix(snapshot, of: final), "\(text) → \(String(describing: snapshot)), final \(final)")
            #expect(isPrefix(previous, of: snapshot), "\(text) shrank: \(String(describing: previous)) → \(String(describing: snapshot))")
            previous = snapshot
        }
        switch final {
        case .integer, .number: #expect(previous == nil)
        default: #expect(previous == final, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    static func randomValue(depth: Int, random: inout SplitMix64) -> GeneratedContent {
        let pieces = ["a", "é", "日本", "\u{1F600}", "\"", "\\", "\n", "e\u{301}", " ", "\u{1}", "xyz"]
        switch random.next() % (depth >= 3 ? 6 : 8) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .integer(Int(random.next() % 2001) - 1000)
        case 3: return .number(Double(Int(random.next() % 20001) - 10000) / 8)
        case 4, 5:
            let count = Int(random.next() % 6)
            return .string((0..<count).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined())
        case 6:
            return .array((0..<Int(random.next() % 4)).map { _ in randomValue(depth: depth + 1, random: &random) })
        default:
            return .object(
                (0..<Int(random.next() % 4)).map { index in
                    .init("k\(index)\(pieces[Int(random.next() % UInt64(pieces.count))])", randomValue(depth: depth + 1, random: &random))
                })
        }
    }

    /// JSON text of a value with random whitespace around its structural characters.
    static func spaced(_ value: GeneratedContent, random: inout SplitMix64) -> String {
        func space() -> String { ["", " ", "\n  ", "\t"][Int(random.next() % 4)] }
        switch value {
        case .array(let values):
            return "[" + space() + values.map { spaced($0, random: &random) + space() }.joined(separator: "," + space()) + "]"
        case .object(let properties):
            return "{" + space()
                + properties.map { GeneratedContent.quoted($0.name) + space() + ":" + space() + spaced($0.value, random: &random) + space() }
                .joined(separator: "," + space()) + "}"
        default:
            return value.jsonString
        }
    }
}
