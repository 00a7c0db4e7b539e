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
}
