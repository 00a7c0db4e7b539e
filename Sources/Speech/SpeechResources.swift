public import Foundation
import VerbatimPaths

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

    /// `speech.json` in the Verbatim cache (see ``VerbatimPaths``).
    public static var defaultManifestURL: URL { VerbatimPaths.current.cacheFile("speech.json") }

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
