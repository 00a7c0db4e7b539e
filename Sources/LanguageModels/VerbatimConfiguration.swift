public import Foundation
import VerbatimPaths

/// Where Verbatim's installed assets are, read from the manifest setup writes.
///
/// Looked up in order: `VERBATIM_MANIFEST`, then `$VERBATIM_CACHE/manifest.json`, then
/// `${XDG_CACHE_HOME:-~/.cache}/verbatim/manifest.json`. `VERBATIM_MODEL` overrides the model:
/// a GGUF path or a name from the model catalog (`$VERBATIM_CACHE/models.json`).
public struct VerbatimConfiguration: Sendable {
    /// The cache folder setup fills.
    public var cacheDirectory: URL
    /// The manifest file (may not exist).
    public var manifestURL: URL
    /// The model to use, if any (`nil` also when `VERBATIM_MODEL` names a model not installed).
    public var modelURL: URL?
    /// What `VERBATIM_MODEL` selects, else the default model; `nil` when neither is configured.
    public var modelSelection: ModelSelection?
    /// The model catalog setup wrote (`models.json` in the cache folder).
    public var modelCatalogURL: URL
    /// The model catalog, or an empty one when setup has not written it.
    public var modelCatalog: ModelCatalog
    /// The default model setup installed, if any.
    public var defaultModelURL: URL?
    /// Where llama.cpp's libraries were found at setup.
    public var llamaLibraryDirectory: String?
    /// Threads for llama.cpp: `VERBATIM_THREADS`, else the physical cores.
    public var threads: Int

    /// The configuration from the environment and the manifest.
    public static var current: VerbatimConfiguration { VerbatimConfiguration(environment: ProcessInfo.processInfo.environment) }

    /// Reads the configuration from an environment.
    public init(environment: [String: String]) {
        let paths = VerbatimPaths(environment: environment)
        cacheDirectory = paths.cache
        manifestURL = paths.manifest
        let manifest = (try? Data(contentsOf: manifestURL))
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
        defaultModelURL = (manifest["defaultModel"] as? String).map { URL(fileURLWithPath: $0) }
        llamaLibraryDirectory = manifest["llamaLibraryDirectory"] as? String
        let catalogURL = cacheDirectory.appendingPathComponent("models.json")
        let catalog = (try? ModelCatalog.installed(at: catalogURL)) ?? ModelCatalog(models: [])
        modelCatalogURL = catalogURL
        modelCatalog = catalog
        let selection: ModelSelection?
        if let override = environment["VERBATIM_MODEL"], !override.isEmpty {
            // A name the catalog does not know stays a path, so its error names the file.
            selection = (try? catalog.select(override)) ?? .file(URL(fileURLWithPath: override))
        } else {
            selection = defaultModelURL.map { url in catalog.model(at: url).map { .catalog($0) } ?? .file(url) }
        }
        modelSelection = selection
        switch selection {
        case .file(let url): modelURL = url
        case .catalog(let model):
            if case .installed(let url) = model.status { modelURL = url } else { modelURL = nil }
        case nil: modelURL = nil
        }
        threads = environment["VERBATIM_THREADS"].flatMap(Int.init).map { max(1, $0) } ?? Self.physicalCores()
    }

    /// The number of physical cores (distinct core ids per package), at least 1.
    static func physicalCores() -> Int {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
            return max(1, ProcessInfo.processInfo.activeProcessorCount)
        }
        var cores = Set<String>()
        var physical = ""
        for line in info.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            if parts[0] == "physical id" { physical = parts[1] }
            if parts[0] == "core id" { cores.insert(physical + "/" + parts[1]) }
        }
        return cores.isEmpty ? max(1, ProcessInfo.processInfo.activeProcessorCount) : cores.count
    }
}
