public import LanguageModels

/// Consecutive source IDs that belong together in the note.
public struct SourceGroup: Generable, Sendable, Equatable, Codable {
    /// The IDs, which the renderer checks before copying any sentence.
    public var sourceIDs: [Int]

    /// Creates a group.
    public init(sourceIDs: [Int]) {
        self.sourceIDs = sourceIDs
    }

    public static let generationSchema = GenerationSchema(
        type: "SourceGroup",
        properties: [
            .init("sourceIDs", [Int].self, description: "Consecutive source IDs. Copy them exactly.", .count(1...48))
        ])

    public init(_ content: GeneratedContent) throws {
        sourceIDs = try content.value(forProperty: "sourceIDs")
    }
}

/// A note's layout: title advice and groups of sentence IDs. It never holds text, only references
/// to the person's own sentences. ``NoteLayout`` builds it in code from the model's boundary
/// scores; the schema remains for models asked to list the IDs themselves (the earlier request,
/// kept as the benchmark's baseline).
public struct SourceLayout: Generable, Sendable, Equatable, Codable {
    /// Advice: whether the first sentence can be the title (the title rule decides).
    public var firstSourceIsTitle: Bool
    /// The groups, in order.
    public var groups: [SourceGroup]

    /// Creates a layout.
    public init(firstSourceIsTitle: Bool, groups: [SourceGroup]) {
        self.firstSourceIsTitle = firstSourceIsTitle
        self.groups = groups
    }

    /// Creates a layout from arrays of IDs.
    public init(firstSourceIsTitle: Bool, groupIDs: [[Int]]) {
        self.init(firstSourceIsTitle: firstSourceIsTitle, groups: groupIDs.map(SourceGroup.init(sourceIDs:)))
    }

    /// The most IDs one layout request handles; longer notes are laid out in windows.
    public static let maximumSources = 48

    public static let generationSchema = GenerationSchema(
        type: "SourceLayout",
        properties: [
            .init("firstSourceIsTitle", Bool.self, description: titleDescription),
            .init("groups", [SourceGroup].self, description: groupsDescription, .count(1...maximumSources)),
        ])

    /// The schema for exactly `sourceCount` sources: IDs are limited to `1...sourceCount` while
    /// decoding, and each group to `maximumGroupSize` IDs when given.
    public static func generationSchema(sourceCount: Int, maximumGroupSize: Int? = nil) -> GenerationSchema {
        let count = min(max(sourceCount, 1), maximumSources)
        let groupSize = min(count, max(1, maximumGroupSize ?? count))
        let ids = GenerationSchema.Node.array(
            of: .integer([.range(1...count)]), [.count(1...groupSize)],
            description: "Consecutive source IDs. Copy them exactly.")
        let group = GenerationSchema.Node.object("SourceGroup", [.init("sourceIDs", node: ids)])
        return GenerationSchema(
            type: "SourceLayout",
            properties: [
                .init("firstSourceIsTitle", Bool.self, description: titleDescription),
                .init("groups", description: groupsDescription, node: .array(of: group, [.count(1...count)])),
            ])
    }

    private static let titleDescription = "Use the first sentence as title only if short."
    private static let groupsDescription = "Every supplied ID exactly once, in order."

    public init(_ content: GeneratedContent) throws {
        firstSourceIsTitle = try content.value(forProperty: "firstSourceIsTitle")
        groups = try content.value(forProperty: "groups")
    }

    /// All IDs, in the order the groups list them.
    public var flattenedIDs: [Int] { groups.flatMap(\.sourceIDs) }
}
