public import Foundation

/// Paths resolved by `scripts/setup-speech.sh`, read from `$VERBATIM_CACHE/speech.json`.
public struct SpeechResources: Sendable, Codable, Equatable {
    /// The libwhisper shared library, loaded with `dlopen` (never linked).
    public var whisperLibrary: String
    /// whisper.cpp model files by key: a language code (`en`) or `multilingual`.
    public var models: [String: String]
    /// MeCab's IPA dictionary, used to read Japanese text aloud.
    public var mecabDictionary: String?

    /// Creates resources from explicit paths.
    public init(whisperLibrary: String, models: [String: String], mecabDictionary: String? = nil) {
        self.whisperLibrary = whisperLibrary
        self.models = models
        self.mecabDictionary = mecabDictionary
    }

    /// `$VERBATIM_CACHE/speech.json`, defaulting the cache to `$XDG_CACHE_HOME/verbatim` or `~/.cache/verbatim`.
    public static var defaultManifestURL: URL {
        let env = ProcessInfo.processInfo.environment
        let cache: String
        if let explicit = env["VERBATIM_CACHE"], !explicit.isEmpty {
            cache = explicit
        } else if let xdg = env["XDG_CACHE_HOME"], !xdg.isEmpty {
            cache = xdg + "/verbatim"
        } else {
            cache = FileManager.default.homeDirectoryForCurrentUser.path + "/.cache/verbatim"
        }
        return URL(fileURLWithPath: cache).appendingPathComponent("speech.json")
    }

    /// Loads the manifest and checks that the library and models it names exist.
    public static func load(from url: URL = defaultManifestURL) throws(SpeechError) -> SpeechResources {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .setupMissing("\(url.path) not found") }
        let resources: SpeechResources
        do { resources = try JSONDecoder().decode(SpeechResources.self, from: data) } catch {
            throw .setupMissing("\(url.path) is not a valid speech manifest")
        }
        for path in [resources.whisperLibrary] + resources.models.values.sorted()
        where !FileManager.default.fileExists(atPath: path) {
            throw .setupMissing("\(path) is missing")
        }
        return resources
    }

    /// The model for a language: its own (`en` → tiny.en) if present, else the multilingual one.
    public func modelPath(for language: String) -> String? {
        models[language] ?? models["multilingual"]
    }
}
