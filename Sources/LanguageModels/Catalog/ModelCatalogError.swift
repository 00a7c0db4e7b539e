/// Why the model catalog cannot be read, or a name cannot be resolved with it.
public enum ModelCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The catalog file is missing or unreadable (setup has not run).
    case unreadable(path: String)
    /// The catalog file is not what setup writes.
    case malformed(detail: String)
    /// A model reference is neither a GGUF file nor a catalog name.
    case unknownModel(String, known: [String])

    public var description: String {
        switch self {
        case .unreadable(let path): "no model catalog at \(path): run 'make setup'"
        case .malformed(let detail): "the model catalog is malformed: \(detail)"
        case .unknownModel(let name, let known):
            "'\(name)' is neither a GGUF file nor a catalog model (\(known.joined(separator: ", ")))"
        }
    }
}
