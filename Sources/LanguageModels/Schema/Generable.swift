/// A type the model can generate: it describes its shape and is built from generated content.
///
/// String-backed enums that are `CaseIterable` conform with no extra code:
///
///     enum QuestionChoice: String, CaseIterable, Generable { case audience, problem, ready }
///
/// Structs list their properties, in order, with descriptions and guides:
///
///     struct SourceGroup: Generable {
///         var sourceIDs: [Int]
///         static let generationSchema = GenerationSchema(type: "SourceGroup", properties: [
///             .init("sourceIDs", [Int].self, description: "Consecutive source IDs.", .count(1...48)),
///         ])
///         init(_ content: GeneratedContent) throws {
///             sourceIDs = try content.value(forProperty: "sourceIDs")
///         }
///     }
public protocol Generable: Sendable {
    /// The shape the decoder enforces.
    static var generationSchema: GenerationSchema { get }
    /// Builds a value from content that matches ``generationSchema``.
    init(_ content: GeneratedContent) throws
}

extension Generable where Self: RawRepresentable & CaseIterable, RawValue == String {
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .enumeration(allCases.map(\.rawValue)))
    }

    public init(_ content: GeneratedContent) throws {
        guard case .string(let raw) = content, let value = Self(rawValue: raw) else {
            throw LanguageModelSession.GenerationError.decodingFailure(
                "'\(content.jsonString)' is not a case of \(Self.self)")
        }
        self = value
    }
}

extension String: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(root: .string()) }
    public init(_ content: GeneratedContent) throws {
        guard case .string(let value) = content else { throw mismatch(content, "a string") }
        self = value
    }
}

extension Int: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(root: .integer()) }
    public init(_ content: GeneratedContent) throws {
        switch content {
        case .integer(let value): self = value
        case .number(let value) where value == value.rounded() && abs(value) < 9e18: self = Int(value)
        default: throw mismatch(content, "an integer")
        }
    }
}

extension Double: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(root: .number()) }
    public init(_ content: GeneratedContent) throws {
        switch content {
        case .integer(let value): self = Double(value)
        case .number(let value): self = value
        default: throw mismatch(content, "a number")
        }
    }
}

extension Bool: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(root: .boolean()) }
    public init(_ content: GeneratedContent) throws {
        guard case .bool(let value) = content else { throw mismatch(content, "a boolean") }
        self = value
    }
}

extension Array: Generable where Element: Generable {
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .array(of: Element.generationSchema.root))
    }
    public init(_ content: GeneratedContent) throws {
        guard case .array(let values) = content else { throw mismatch(content, "an array") }
        self = try values.map(Element.init)
    }
}

/// Lets ``GeneratedContent/value(_:forProperty:)`` return `nil` for a missing optional property.
protocol OptionalGenerable {
    static var absent: Self { get }
}

extension Optional: OptionalGenerable {
    static var absent: Optional { nil }
}

extension Optional: Generable where Wrapped: Generable {
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .optional(Wrapped.generationSchema.root))
    }
    public init(_ content: GeneratedContent) throws {
        self = content == .null ? nil : try Wrapped(content)
    }
}

/// GeneratedContent is itself generable: use it with a dynamic schema.
extension GeneratedContent: Generable {
    public static var generationSchema: GenerationSchema { GenerationSchema(root: .string()) }
    public init(_ content: GeneratedContent) throws { self = content }
}

private func mismatch(_ content: GeneratedContent, _ expected: String) -> LanguageModelSession.GenerationError {
    .decodingFailure("expected \(expected), got \(content.jsonString)")
}
