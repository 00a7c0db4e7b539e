/// A schema compiled to a byte-level grammar producing canonical compact JSON.
///
/// Objects become fixed sequences (`{"a":` value `,"b":` value `}`), enums and booleans become
/// choices among byte strings, optionals and `anyOf` become alternatives. Every guide is
/// enforced here, so anything the ``Matcher`` accepts satisfies the schema.
struct Grammar: Sendable, Hashable {
    enum Node: Sendable, Hashable {
        case literal([UInt8])
        /// Alternatives as byte strings (at most 64; larger sets are split into alternatives).
        case choice([[UInt8]])
        case integer(minimum: Int?, maximum: Int?)
        case number(minimum: Double?, maximum: Double?)
        case string(maximumLength: Int?, pattern: PatternAutomaton?)
        case array(element: Int, minimumCount: Int, maximumCount: Int?)
        case sequence([Int])
        case alternatives([Int])
    }

    private(set) var nodes: [Node] = []
    private(set) var root = 0
    /// For each node, a superset of the bytes it can start with (every node consumes a byte).
    private(set) var firstBytes: [ByteSet] = []
    /// Node indices by node while compiling (emptied afterwards; not part of equality).
    private var interned: [Node: Int] = [:]

    /// Compiles a schema.
    /// - Throws: ``LanguageModelSession/GenerationError/unsupportedGuide(_:)`` for guides that
    ///   do not fit their value or patterns outside the supported subset.
    init(schema: GenerationSchema) throws(LanguageModelSession.GenerationError) {
        root = try compile(schema.root, path: "root")
        interned = [:]
        firstBytes = Array(repeating: .empty, count: nodes.count)
        // Children have smaller indices than their parents, so one pass in order suffices.
        for index in nodes.indices { firstBytes[index] = startBytes(of: index) }
    }

    static let digits = ByteSet(range: UInt8(ascii: "0")...UInt8(ascii: "9"))

    static func == (lhs: Grammar, rhs: Grammar) -> Bool {
        lhs.root == rhs.root && lhs.nodes == rhs.nodes
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(root)
        hasher.combine(nodes)
    }

    private func startBytes(of index: Int) -> ByteSet {
        switch nodes[index] {
        case .literal(let bytes): return ByteSet(bytes.prefix(1))
        case .choice(let options): return ByteSet(options.compactMap(\.first))
        case .integer, .number:
            var set = Self.digits
            set.insert(UInt8(ascii: "-"))
            return set
        case .string: return ByteSet([UInt8(ascii: "\"")])
        case .array: return ByteSet([UInt8(ascii: "[")])
        case .sequence(let parts): return parts.first.map { firstBytes[$0] } ?? .empty
        case .alternatives(let choices):
            var set = ByteSet.empty
            for choice in choices { set.formUnion(firstBytes[choice]) }
            return set
        }
    }

    /// Adds a node, or returns the index of an equal one: equal alternatives then share one
    /// node, so their parse stacks are identical and merge at once.
    private mutating func add(_ node: Node) -> Int {
        if case .alternatives(let choices) = node {
            var unique: [Int] = []
            for choice in choices where !unique.contains(choice) { unique.append(choice) }
            if unique.count == 1 { return unique[0] }
            if unique.count < choices.count { return add(.alternatives(unique)) }
        }
        if let existing = interned[node] { return existing }
        nodes.append(node)
        interned[node] = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func compile(_ node: GenerationSchema.Node, path: String) throws(LanguageModelSession.GenerationError)
        -> Int
    {
        func unsupported(_ guide: GenerationGuide) -> LanguageModelSession.GenerationError {
            .unsupportedGuide("\(guide) does not apply to \(path) (\(node.kind.name))")
        }
        switch node.kind {
        case .string:
            let constraints = try StringConstraints(guides: node.guides, path: path)
            if let cases = constraints.cases {
                return try compileChoice(cases.map { Array(GeneratedContent.quoted($0).utf8) }, path: path)
            }
            return add(.string(maximumLength: constraints.maximumLength, pattern: constraints.pattern))
        case .enumeration(var cases):
            for guide in node.guides {
                guard case .anyOf(let subset) = guide else { throw unsupported(guide) }
                cases = cases.filter(subset.contains)
            }
            return try compileChoice(cases.map { Array(GeneratedContent.quoted($0).utf8) }, path: path)
        case .boolean:
            if let guide = node.guides.first { throw unsupported(guide) }
            return add(.choice([Array("true".utf8), Array("false".utf8)]))
        case .integer, .number:
            var minimum: Double?
            var maximum: Double?
            for guide in node.guides {
                switch guide {
                case .valueRange(let low, let high):
                    if let low { minimum = max(minimum ?? low, low) }
                    if let high { maximum = min(maximum ?? high, high) }
                default: throw unsupported(guide)
                }
            }
            if let minimum, let maximum, minimum > maximum {
                throw .unsupportedGuide("empty range \(minimum)...\(maximum) at \(path)")
            }
            if case .integer = node.kind {
                // The decoder writes integers of at most 18 digits; bounds beyond ±9e17 are open.
                let limit = 9e17
                let low = minimum.map { $0.rounded(.up) }
                let high = maximum.map { $0.rounded(.down) }
                if max(low ?? -limit, -limit) > min(high ?? limit, limit) {
                    throw .unsupportedGuide("no integer of at most 18 digits in \(minimum ?? -.infinity)...\(maximum ?? .infinity) at \(path)")
                }
                return add(.integer(
                    minimum: low.flatMap { $0 > -limit ? Int($0) : nil },
                    maximum: high.flatMap { $0 < limit ? Int($0) : nil }))
            }
            guard NumberState.canWriteSomeValue(minimum: minimum, maximum: maximum) else {
                throw .unsupportedGuide(
                    "no number with at most 15 integer digits and \(NumberState.maximumFractionDigits) decimals lies in \(minimum ?? -.infinity)...\(maximum ?? .infinity) at \(path)")
            }
            return add(.number(minimum: minimum, maximum: maximum))
        case .array(var element):
            var minimumCount = 0
            var maximumCount: Int?
            for guide in node.guides {
                switch guide {
                case .elementCount(let low, let high):
                    minimumCount = max(minimumCount, low)
                    if let high { maximumCount = min(maximumCount ?? high, high) }
                case .elements(let guides): element = element.addingGuides(guides)
                default: throw unsupported(guide)
                }
            }
            if let maximumCount, maximumCount < minimumCount {
                throw .unsupportedGuide("count \(minimumCount)...\(maximumCount) is empty at \(path)")
            }
            let elementIndex = try compile(element, path: path + "[]")
            return add(.array(element: elementIndex, minimumCount: minimumCount, maximumCount: maximumCount))
        case .object(_, let properties):
            if let guide = node.guides.first { throw unsupported(guide) }
            var parts: [Int] = []
            var pending = Array("{".utf8)
            for (index, property) in properties.enumerated() {
                if index > 0 { pending += Array(",".utf8) }
                pending += Array((GeneratedContent.quoted(property.name) + ":").utf8)
                parts.append(add(.literal(pending)))
                pending = []
                parts.append(try compile(property.node, path: path + "." + property.name))
            }
            parts.append(add(.literal(pending + Array("}".utf8))))
            return add(.sequence(parts))
        case .optional(let wrapped):
            // Guides on an optional (a dynamic schema may put them there) constrain the value.
            let value = try compile(wrapped.addingGuides(node.guides), path: path)
            let null = add(.literal(Array("null".utf8)))
            return add(.alternatives([value, null]))
        case .anyOf(let choices):
            if let guide = node.guides.first { throw unsupported(guide) }
            guard !choices.isEmpty else { throw .unsupportedGuide("anyOf with no choices at \(path)") }
            var compiled: [Int] = []
            for (index, choice) in choices.enumerated() {
                compiled.append(try compile(choice, path: "\(path)|\(index)"))
            }
            return add(.alternatives(compiled))
        }
    }

    private mutating func compileChoice(_ options: [[UInt8]], path: String) throws(LanguageModelSession.GenerationError)
        -> Int
    {
        guard !options.isEmpty else { throw .unsupportedGuide("no allowed value at \(path)") }
        if options.count <= 64 { return add(.choice(options)) }
        var parts: [Int] = []
        var start = 0
        while start < options.count {
            parts.append(add(.choice(Array(options[start..<min(start + 64, options.count)]))))
            start += 64
        }
        return add(.alternatives(parts))
    }
}

extension GenerationSchema.Node.Kind {
    var name: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        case .enumeration: "enumeration"
        case .array: "array"
        case .object: "object"
        case .optional: "optional"
        case .anyOf: "anyOf"
        }
    }
}
