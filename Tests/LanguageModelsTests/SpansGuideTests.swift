import Testing

@testable import LanguageModels

/// The spans guide: a string can only be one of the stretches of the text the caller allows.
@Suite struct SpansGuideTests {
    static let text = "Neighbours lend ladders and drills. 祖母に水を"
    /// "Neighbours lend ladders", "ladders and drills", "祖母に水を" (scalar offsets).
    static let ranges = [0..<23, 16..<34, 36..<41]

    @Test(arguments: ["Neighbours lend ladders", "ladders and drills", "祖母に水を"])
    func theGivenStretchesMatch(_ span: String) {
        #expect(PatternAutomaton(spansOf: Self.text, ranges: Self.ranges).matches(span))
    }

    @Test(arguments: ["Neighbours", "Neighbours lend", "ladders and", "drills.", "祖母", "", "lend ladders"])
    func otherStretchesOfTheTextDoNot(_ span: String) {
        #expect(!PatternAutomaton(spansOf: Self.text, ranges: Self.ranges).matches(span))
    }

    @Test func emptyAndOutOfRangeStretchesAreIgnored() {
        let automaton = PatternAutomaton(spansOf: "abc", ranges: [1..<1, 2..<9, -1..<2])
        #expect(automaton.minimumLength == .max)
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .string([.spans(of: "abc", [2..<9])])))
        }
    }

    @Test func theStretchesAreNotListedInThePrompt() throws {
        let schema = GenerationSchema(
            type: "T", properties: [.init("title", node: .string([.spans(of: Self.text, Self.ranges)]))])
        _ = try Grammar(schema: schema)
        let description = SchemaDescription.describe(schema)
        #expect(description.contains(#""title":string"#))
        #expect(!description.contains("ladders"))
    }

    /// A lead byte such as E0 only starts scalars from U+0800 on: with a text of ASCII letters it
    /// must be refused (it was taken for any scalar below U+1000, so "m" seemed reachable, and
    /// SmolLM2-135M wrote it and had no token left to continue).
    @Test func aLeadByteWhoseScalarsTheTextLacksIsRefused() throws {
        for guide in [GenerationGuide.spans(of: "this morning, mostly", [0..<20]), .excerpt(of: "this morning, mostly")] {
            var matcher = Matcher(grammar: try Grammar(schema: GenerationSchema(root: .string([guide]))))
            let opened = matcher.advance(Array("\"this morning, ".utf8))
            #expect(opened)
            var lead = matcher
            let leadTaken = lead.advance([0xE0])
            #expect(!leadTaken)
            var ascii = matcher
            let asciiTaken = ascii.advance(Array("m".utf8))
            #expect(asciiTaken)
        }
        var japanese = Matcher(grammar: try Grammar(schema: GenerationSchema(root: .string([.spans(of: "日本", [0..<2])]))))
        let kanjiLead = japanese.advance([0x22, 0xE6])
        #expect(kanjiLead)
    }

    @Test func spansAndAPatternOnOneStringAreRejected() {
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .string([.spans(of: "a b", [0..<1]), .pattern("a")])))
        }
    }
}
