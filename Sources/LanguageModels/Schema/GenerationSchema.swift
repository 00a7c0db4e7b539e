/// The shape of a value the model generates: the decoder compiles it into an automaton and only
/// lets the model pick tokens that keep the output inside it.
///
/// Build one for a struct with ``init(type:description:properties:)``, or at run time from
/// ``Node`` values (a dynamic schema).
public struct GenerationSchema: Sendable, Equatable {
    /// The root value.
    public var root: Node

    /// A schema whose root is any node.
    public init(root: Node) {
        self.root = root
    }

    /// A schema for an object with properties in a fixed order.
    /// - Parameters:
    ///   - type: The type's name, shown to the model.
    ///   - description: What the value is, shown to the model.
    ///   - properties: The properties, in the order they are generated.
    public init(type: String, description: String? = nil, properties: [Property]) {
        self.root = Node(kind: .object(name: type, properties: properties), description: description)
    }

    /// Checks that the decoder can enforce every guide, without a model: guides that do not
    /// fit their value, unsupported patterns, and combinations no value satisfies (cases that
    /// fail the pattern or length, a pattern longer than `maximumLength`, a range holding no
    /// number of at most 6 decimals). Every request runs this check before any model work.
    /// - Throws: ``LanguageModelSession/GenerationError/unsupportedGuide(_:)`` naming the value.
    public func validate() throws(LanguageModelSession.GenerationError) {
        _ = try Grammar(schema: self)
    }

    /// A value in a schema: a kind, its guides and an optional description for the model.
    public struct Node: Sendable, Equatable {
        public var kind: Kind
        public var guides: [GenerationGuide]
        public var description: String?

        public init(kind: Kind, guides: [GenerationGuide] = [], description: String? = nil) {
            self.kind = kind
            self.guides = guides
            self.description = description
        }

        /// What kind of value a node is.
        public indirect enum Kind: Sendable, Equatable {
            case string
            case integer
            case number
            case boolean
            /// One of a fixed set of strings (an enum's raw values).
            case enumeration([String])
            case array(Node)
            case object(name: String, properties: [Property])
            /// Either a value or `null`; the model chooses.
            case optional(Node)
            /// One of several alternatives.
            case anyOf([Node])
        }

        /// This node with more guides. Guides given for an optional value constrain the value
        /// it wraps (`null` needs none), however many optionals deep.
        func addingGuides(_ more: [GenerationGuide]) -> Node {
            guard !more.isEmpty else { return self }
            var node = self
            if case .optional(let wrapped) = kind {
                node.kind = .optional(wrapped.addingGuides(more))
            } else {
                node.guides += more
            }
            return node
        }

        /// A string, optionally guided.
        public static func string(_ guides: [GenerationGuide] = [], description: String? = nil) -> Node {
            Node(kind: .string, guides: guides, description: description)
        }
        /// An integer, optionally guided.
        public static func integer(_ guides: [GenerationGuide] = [], description: String? = nil) -> Node {
            Node(kind: .integer, guides: guides, description: description)
        }
        /// A number, optionally guided.
        public static func number(_ guides: [GenerationGuide] = [], description: String? = nil) -> Node {
            Node(kind: .number, guides: guides, description: description)
        }
        /// A boolean.
        public static func boolean(description: String? = nil) -> Node {
            Node(kind: .boolean, description: description)
        }
        /// One of a fixed set of strings.
        public static func enumeration(_ cases: [String], description: String? = nil) -> Node {
            Node(kind: .enumeration(cases), description: description)
        }
        /// An array of elements, optionally with count guides.
        public static func array(of element: Node, _ guides: [GenerationGuide] = [], description: String? = nil)
            -> Node
        {
            Node(kind: .array(element), guides: guides, description: description)
        }
        /// An object with properties in a fixed order.
        public static func object(_ name: String, _ properties: [Property], description: String? = nil) -> Node {
            Node(kind: .object(name: name, properties: properties), description: description)
        }
        /// A value that may be `null`.
        public static func optional(_ wrapped: Node) -> Node {
            Node(kind: .optional(wrapped), description: wrapped.description)
        }
        /// One of several alternatives.
        public static func anyOf(_ choices: [Node], description: String? = nil) -> Node {
            Node(kind: .anyOf(choices), description: description)
        }
    }

    /// A named property of an object.
    public struct Property: Sendable, Equatable {
        public var name: String
        public var description: String?
        public var node: Node

        /// A property holding a generable type, with optional guides.
        ///
        ///     .init("groups", [SourceGroup].self, description: "Every ID once.", .count(1...48))
        public init<Value: Generable>(
            _ name: String, _ type: Value.Type, description: String? = nil, _ guides: GenerationGuide...
        ) {
            self.name = name
            self.description = description
            self.node = Value.generationSchema.root.addingGuides(guides)
        }

        /// A property holding any node (for dynamic schemas).
        public init(_ name: String, description: String? = nil, node: Node) {
            self.name = name
            self.description = description
            self.node = node
        }
    }
}
