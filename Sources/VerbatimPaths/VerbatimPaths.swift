public import Foundation

/// Where Verbatim keeps what setup installs (the cache) and what a person makes (the data), by
/// one set of rules every module, benchmark and script follows (`scripts/lib.sh` is the shell
/// side):
///
/// - cache: `VERBATIM_CACHE`, else `$XDG_CACHE_HOME/verbatim`, else `~/.cache/verbatim`;
/// - data: `$XDG_DATA_HOME/verbatim`, else `~/.local/share/verbatim`;
/// - the manifest: `VERBATIM_MANIFEST`, else `manifest.json` in the cache;
/// - the food diary: `VERBATIM_FOOD_DIARY`, else `food/diary.sqlite` in the data folder.
///
/// A variable that is set but empty counts as unset, as in the shell's `${NAME:-default}`, and
/// so does a relative `XDG_*` path (the XDG rules say to ignore it).
public struct VerbatimPaths: Sendable, Equatable {
    /// Everything setup installs: the Python environment, models, speech models, the nutrition
    /// database and their manifests.
    public var cache: URL
    /// Everything a person makes: notes, drafts, the food diary.
    public var data: URL
    /// The manifest setup writes for the language models (`manifest.json`).
    public var manifest: URL
    /// The food diary's SQLite file.
    public var diary: URL

    /// The paths for an environment.
    /// - Parameter environment: The process environment (`HOME` among it; the account's home
    ///   folder when it is missing or empty).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        func absolute(_ name: String) -> String? { value(name).flatMap { $0.hasPrefix("/") ? $0 : nil } }
        let home = URL(fileURLWithPath: value("HOME") ?? NSHomeDirectory(), isDirectory: true)
        cache = value("VERBATIM_CACHE").map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? (absolute("XDG_CACHE_HOME").map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? home.appendingPathComponent(".cache", isDirectory: true))
            .appendingPathComponent("verbatim", isDirectory: true)
        data = (absolute("XDG_DATA_HOME").map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? home.appendingPathComponent(".local/share", isDirectory: true))
            .appendingPathComponent("verbatim", isDirectory: true)
        manifest = value("VERBATIM_MANIFEST").map { URL(fileURLWithPath: $0) }
            ?? cache.appendingPathComponent("manifest.json")
        diary = value("VERBATIM_FOOD_DIARY").map { URL(fileURLWithPath: $0) }
            ?? data.appendingPathComponent("food/diary.sqlite")
    }

    /// The paths for this process's environment.
    public static var current: VerbatimPaths { VerbatimPaths() }

    /// Saved notes, one Markdown file each.
    public var notes: URL { data.appendingPathComponent("notes", isDirectory: true) }
    /// The words of memo runs stopped before they were accepted.
    public var drafts: URL { data.appendingPathComponent("drafts", isDirectory: true) }

    /// A file or folder in the cache (`speech.json`, `nutrition.json`, `models.json`, `venv`).
    public func cacheFile(_ name: String) -> URL { cache.appendingPathComponent(name) }
}
