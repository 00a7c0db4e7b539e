/// Describes a schema to the model in a compact form; the decoder enforces it regardless.
enum SchemaDescription {
    static func describe(_ schema: GenerationSchema) -> String {
        var notes: [String] = []
        let shape = shape(of: schema.root, path: "", notes: &notes)
        var text = "Respond with JSON only, in this shape:\n" + shape
        if !notes.isEmpty { text += "\n" + notes.joined(separator: "\n") }
        return text
    }

    private static func shape(of node: GenerationSchema.Node, path: String, notes: inout [String]) -> String {
        switch node.kind {
        case .string:
            // The same combined cases the grammar allows (requests compile the grammar first).
            if let cases = (try? StringConstraints(guides: node.guides, path: path))?.cases {
                return cases.map(GeneratedContent.quoted).joined(separator: "|")
            }
            return "string"
        case .enumeration(let cases): return cases.map(GeneratedContent.quoted).joined(separator: "|")
        case .integer, .number:
            let name = node.kind == .integer ? "integer" : "number"
            let low = node.guides.compactMap { if case .valueRange(let v, _) = $0 { v } else { nil } }.max()
            let high = node.guides.compactMap { if case .valueRange(_, let v) = $0 { v } else { nil } }.min()
            guard low != nil || high != nil else { return name }
            func format(_ value: Double?) -> String {
                guard let value else { return "" }
                return value == value.rounded() ? String(Int(value)) : String(value)
            }
            return "\(name) \(format(low))..\(format(high))"
        case .boolean: return "true|false"
        case .array(let element):
            var elementNode = element
            for case .elements(let guides) in node.guides { elementNode = elementNode.addingGuides(guides) }
            let low = node.guides.compactMap { if case .elementCount(let v, _) = $0 { v } else { nil } }.max()
            let high = node.guides.compactMap { if case .elementCount(_, let v) = $0 { v } else { nil } }.min()
            let count =
                switch (low, high) {
                case (nil, nil): ""
                case (let low?, let high?) where low == high: " /* exactly \(low) */"
                default: " /* \(low ?? 0) to \(high.map(String.init) ?? "any") items */"
                }
            return "[" + shape(of: elementNode, path: path + "[]", notes: &notes) + ", ...]" + count
        case .object(_, let properties):
            let fields = properties.map { property -> String in
                let fieldPath = path.isEmpty ? property.name : path + "." + property.name
                if let description = property.description ?? property.node.description {
                    notes.append("- \(fieldPath): \(description)")
                }
                return GeneratedContent.quoted(property.name) + ":" + shape(of: property.node, path: fieldPath, notes: &notes)
            }
            return "{" + fields.joined(separator: ",") + "}"
        case .optional(let wrapped):
            return shape(of: wrapped.addingGuides(node.guides), path: path, notes: &notes) + "|null"
        case .anyOf(let choices): return choices.map { shape(of: $0, path: path, notes: &notes) }.joined(separator: "|")
        }
    }
}
