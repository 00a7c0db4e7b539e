public import Foundation

/// The models setup can install, and which of them it installed.
///
/// Setup writes the catalog to `$VERBATIM_CACHE/models.json`: the checked-in
/// `scripts/model-catalog.json` with the `path` of every model it installed and verified.
public struct ModelCatalog: Sendable, Equatable {
    /// The entries, in catalog order.
    public var models: [CatalogModel]
    /// The name of the model setup installs by default.
    public var defaultName: String?

    /// Creates a catalog from entries.
    public init(models: [CatalogModel], defaultName: String? = nil) {
        self.models = models
        self.defaultName = defaultName
    }

    /// Parses a catalog (the checked-in one or the one setup writes).
    /// - Parameter data: The JSON text.
    /// - Throws: ``ModelCatalogError/malformed(detail:)`` when it is not a catalog.
    public init(data: Data) throws(ModelCatalogError) {
        let file: CatalogFile
        do {
            file = try JSONDecoder().decode(CatalogFile.self, from: data)
        } catch {
            throw .malformed(detail: Self.reason(error))
        }
        let names = file.models.map(\.name)
        if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
            throw .malformed(detail: "'\(duplicate)' appears twice")
        }
        if let bad = file.models.first(where: { !Self.isValidName($0.name) }) {
            throw .malformed(detail: "'\(bad.name)' is not a model name (letters, digits, '.', '-' and '_')")
        }
        if let bad = file.models.first(where: { $0.bytes <= 0 || !Self.isSHA256($0.sha256) }) {
            throw .malformed(detail: "'\(bad.name)' needs a positive size and a 64-digit sha256")
        }
        if let bad = file.models.first(where: { $0.kind.map { CatalogModel.Kind(rawValue: $0) == nil } ?? false }) {
            let kinds = CatalogModel.Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw .malformed(detail: "'\(bad.name)' has kind '\(bad.kind ?? "")' (known: \(kinds))")
        }
        if let name = file.default, !names.contains(name) {
            throw .malformed(detail: "the default '\(name)' is not in the catalog")
        }
        models = file.models.map {
            CatalogModel(
                name: $0.name, title: $0.title, kind: $0.kind.flatMap(CatalogModel.Kind.init(rawValue:)) ?? .language,
                licence: $0.licence, source: $0.source, bytes: $0.bytes,
                sha256: $0.sha256.lowercased(), path: $0.path.map { URL(fileURLWithPath: $0) })
        }
        defaultName = file.default
    }

    /// Reads the catalog setup wrote.
    /// - Parameter url: The file (default: `models.json` in the configured cache).
    /// - Throws: ``ModelCatalogError`` when it is missing or malformed.
    public static func installed(
        at url: URL = VerbatimConfiguration.current.modelCatalogURL
    ) throws(ModelCatalogError) -> ModelCatalog {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .unreadable(path: url.path) }
        return try ModelCatalog(data: data)
    }

    /// The first installed model of a kind, if any (catalog order).
    public func installedModel(of kind: CatalogModel.Kind) -> CatalogModel? {
        models.first { model in
            guard model.kind == kind, case .installed = model.status else { return false }
            return true
        }
    }

    /// The entry with a name, if any.
    public func model(named name: String) -> CatalogModel? { models.first { $0.name == name } }

    /// The entry whose recorded file is `url`, if any.
    public func model(at url: URL) -> CatalogModel? {
        let path = url.standardizedFileURL.path
        return models.first { $0.path?.standardizedFileURL.path == path }
    }

    /// Resolves a model reference: a path (it contains `/` or ends in `.gguf`, or names an
    /// existing file) or a catalog name.
    /// - Parameter reference: What was given to `--model` or `VERBATIM_MODEL`.
    /// - Returns: The file or the catalog entry (installed or not).
    /// - Throws: ``ModelCatalogError/unknownModel(_:known:)`` when it is neither.
    public func select(_ reference: String) throws(ModelCatalogError) -> ModelSelection {
        if reference.contains("/") || reference.lowercased().hasSuffix(".gguf") {
            return .file(URL(fileURLWithPath: reference))
        }
        if let model = model(named: reference) { return .catalog(model) }
        if FileManager.default.fileExists(atPath: reference) { return .file(URL(fileURLWithPath: reference)) }
        throw .unknownModel(reference, known: models.map(\.name))
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || ".-_".unicodeScalars.contains($0)
        }
    }

    static func isSHA256(_ text: String) -> Bool {
        text.count == 64 && text.lowercased().unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "missing '\(key.stringValue)'" + Self.location(context)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type" + Self.location(context)
        case DecodingError.dataCorrupted(let context): "not JSON" + Self.location(context)
        default: "\(error)"
        }
    }

    private static func location(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "" : " at \(path)"
    }
}

/// The JSON layout of a catalog file.
private struct CatalogFile: Decodable {
    struct Entry: Decodable {
        var name: String
        var title: String
        var kind: String?
        var licence: String
        var source: String
        var bytes: Int
        var sha256: String
        var path: String?
    }
    var `default`: String?
    var models: [Entry]
}
