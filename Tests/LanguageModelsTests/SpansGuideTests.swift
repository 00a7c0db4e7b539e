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

    @Test func spansAndAPatternOnOneStringAreRejected() {
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .string([.spans(of: "a b", [0..<1]), .pattern("a")])))
        }
    }
}
