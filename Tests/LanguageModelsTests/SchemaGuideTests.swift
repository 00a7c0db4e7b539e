import Testing

@testable import LanguageModels

/// A type with guided optional properties, declared the way app code declares them.
struct OptionalReading: Generable {
    var note: String?
    var level: Int?
    var tags: [String]?

    static let generationSchema = GenerationSchema(
        type: "OptionalReading",
        properties: [
            .init("note", String?.self, description: "A short note.", .maximumLength(5)),
            .init("level", Int?.self, description: "A level.", .range(1...3)),
            .init("tags", [String]?.self, description: "Tags.", .count(1...2), .element(.anyOf(["a", "b"]))),
        ])

    init(_ content: GeneratedContent) throws {
        note = try content.value(forProperty: "note")
        level = try content.value(forProperty: "level")
        tags = try content.value(forProperty: "tags")
    }
}

/// How guides combine and which combinations are rejected when the schema is compiled (before
/// any model work), never halfway through generation.
@Suite struct SchemaGuideTests {
    static func matcher(_ node: GenerationSchema.Node) throws -> Matcher {
        Matcher(grammar: try Grammar(schema: GenerationSchema(root: node)))
    }

    // MARK: Guides on optional properties

    @Test func guidesOnOptionalPropertiesConstrainTheWrappedValue() throws {
        let matcher = Matcher(grammar: try Grammar(schema: OptionalReading.generationSchema))
        #expect(matcher.accepts(Array(#"{"note":null,"level":null,"tags":null}"#.utf8)))
        #expect(matcher.accepts(Array(#"{"note":"hi","level":3,"tags":["a","b"]}"#.utf8)))
        #expect(!matcher.accepts(Array(#"{"note":"toolong""#.utf8)))
        #expect(!matcher.accepts(Array(#"{"note":null,"level":4"#.utf8)))
        #expect(!matcher.accepts(Array(#"{"note":null,"level":1,"tags":["c""#.utf8)))
        #expect(!matcher.accepts(Array(#"{"note":null,"level":1,"tags":["a","a","a""#.utf8)))
    }

    @Test func theSchemaDescriptionShowsGuidesOfOptionalProperties() {
        let text = SchemaDescription.describe(OptionalReading.generationSchema)
        #expect(text.contains(#""level":integer 1..3|null"#), "\(text)")
        #expect(text.contains(#""tags":["a"|"b", ...] /* 1 to 2 items */|null"#), "\(text)")
    }

    @Test func guidesPutOnAnOptionalNodeOfADynamicSchemaApplyToItsValue() throws {
        let node = GenerationSchema.Node(kind: .optional(.integer()), guides: [.range(5...6)])
        let matcher = try Self.matcher(node)
        #expect(matcher.accepts(Array("null".utf8)))
        #expect(matcher.accepts(Array("6".utf8)))
        #expect(!matcher.accepts(Array("7".utf8)))
    }

    // MARK: String cases combined with other string guides

    @Test func stringCasesAreFilteredByPatternAndMaximumLength() throws {
        let matcher = try Self.matcher(.string([.anyOf(["ab", "abc", "x1", "abcdef"]), .pattern("[a-z]+"), .maximumLength(3)]))
        #expect(matcher.accepts(Array(#""ab""#.utf8)))
        #expect(matcher.accepts(Array(#""abc""#.utf8)))
        #expect(!matcher.accepts(Array(#""x1""#.utf8)))
        #expect(!matcher.accepts(Array(#""abcdef""#.utf8)))
    }

    @Test func severalCaseGuidesIntersectInsteadOfTheLastWinning() throws {
        let matcher = try Self.matcher(.string([.anyOf(["red", "green", "blue"]), .anyOf(["green", "blue", "pink"])]))
        #expect(matcher.accepts(Array(#""green""#.utf8)))
        #expect(!matcher.accepts(Array(#""red""#.utf8)))
        #expect(!matcher.accepts(Array(#""pink""#.utf8)))
        let constant = try Self.matcher(.string([.constant("on"), .anyOf(["on", "off"])]))
        #expect(constant.accepts(Array(#""on""#.utf8)))
        #expect(!constant.accepts(Array(#""off""#.utf8)))
    }

    @Test func thePromptDescribesTheCasesTheGrammarAllows() {
        let schema = GenerationSchema(root: .string([.anyOf(["red", "green", "blue"]), .anyOf(["blue", "green"]), .maximumLength(4)]))
        let text = SchemaDescription.describe(schema)
        #expect(text.hasSuffix("\n\"blue\""), "\(text)")
    }

    @Test func stringGuidesThatLeaveNoValueAreRejected() {
        for guides: [GenerationGuide] in [
            [.anyOf(["red"]), .anyOf(["blue"])],
            [.constant("red"), .maximumLength(2)],
            [.anyOf(["a1", "b2"]), .pattern("[a-z]+")],
            [.pattern("a+"), .pattern("b+")],
        ] {
            #expect(throws: LanguageModelSession.GenerationError.self, "\(guides)") {
                try Grammar(schema: GenerationSchema(root: .string(guides)))
            }
        }
    }

    @Test func twoMaximumLengthsKeepTheSmaller() throws {
        let matcher = try Self.matcher(.string([.maximumLength(2), .maximumLength(5)]))
        #expect(matcher.accepts(Array(#""ab""#.utf8)))
        #expect(!matcher.accepts(Array(#""abc"#.utf8)))
    }

    // MARK: Impossible combinations

    @Test func aPatternWhoseShortestMatchExceedsTheMaximumLengthIsRejected() {
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .string([.pattern("[A-Z]{2}-\\d{3}"), .maximumLength(5)])))
        }
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .string([.maximumLength(1), .pattern("ab+")]))).nodes.count
        }
    }

    @Test func aPatternAndAMaximumLengthNeverDeadEndMidString() throws {
        // "a*b" fits in 3 characters only if the b comes in time: after "aa" only "b" may follow.
        let matcher = try Self.matcher(.string([.pattern("a*b"), .maximumLength(3)]))
        #expect(matcher.accepts(Array(#""aab""#.utf8)))
        #expect(!matcher.accepts(Array(#""aaa"#.utf8)))
        #expect(matcher.accepts(Array(#""b""#.utf8)))
    }

    @Test func aPatternNoWritableStringMatchesIsRejected() {
        // The decoder writes no raw control characters and no \u escapes.
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .string([.pattern("a\u{01}")])))
        }
    }

    @Test func aNumberRangeNeedingMoreThanSixDecimalsIsRejected() {
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .number([.range(0.0000001...0.0000009)])))
        }
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .number([.minimum(1e16)])))
        }
        #expect(throws: LanguageModelSession.GenerationError.self) {
            try Grammar(schema: GenerationSchema(root: .integer([.minimum(1e19)])))
        }
    }

    @Test func aNumberRangeWithSixDecimalsCompilesAndAcceptsItsValue() throws {
        let matcher = try Self.matcher(.number([.range(0.000001...0.000002)]))
        #expect(matcher.accepts(Array("0.000001".utf8)))
        #expect(matcher.accepts(Array("0.000002".utf8)))
        #expect(!matcher.accepts(Array("0.000003".utf8)))
        let tenths = try Self.matcher(.number([.range(0.1...0.1)]))
        #expect(tenths.accepts(Array("0.1".utf8)))
    }

    @Test func validateReportsAnImpossibleSchemaWithoutAModel() {
        let bad = GenerationSchema(root: .string([.constant("long"), .maximumLength(2)]))
        #expect(throws: LanguageModelSession.GenerationError.self) { try bad.validate() }
        #expect(throws: Never.self) { try OptionalReading.generationSchema.validate() }
    }
}
