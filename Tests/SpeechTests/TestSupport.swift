import AssetRequirements
import Foundation
@testable import Speech

/// Shared helpers: the speech manifest when setup has run, and synthetic signals.
enum TestSupport {
    /// The speech resources, or `nil` (with the reason printed once) when setup has not run.
    static let resources: SpeechResources? = {
        // Like the `verbatim` binary, which links llama.cpp: its ggml is global before whisper loads.
        llamaLibrary = loadLlamaGgmlGlobally()
        do { return try SpeechResources.load() } catch {
            print("SpeechTests: skipping tests that need Whisper models: \(error)")
            return nil
        }
    }()

    static var hasModels: Bool { resources != nil }

    /// The Whisper models, for suites that skip without them (or fail under VERBATIM_REQUIRE_MODELS=1).
    static var speechModels: InstalledAsset {
        InstalledAsset(isInstalled: hasModels, missing: "speech setup (whisper.cpp models) not found (run make setup)")
    }

    /// The Whisper models and llama.cpp's ggml, loaded together.
    static var speechAndLlama: InstalledAsset {
        InstalledAsset(isInstalled: hasModels && llamaLibrary != nil, missing: "llama.cpp or speech setup not found (run make setup)")
    }

    /// llama.cpp's ggml library, loaded with RTLD_GLOBAL before any whisper use, if setup provided one.
    ///
    /// Only ggml (the clashing part) is loaded, not libllama itself: a dlopen'ed libllama registers
    /// so many exit handlers that glibc's exit, run by swift-testing on a worker thread while other
    /// threads are alive, intermittently aborts with "double free" in libllama's finalizer.
    nonisolated(unsafe) static var llamaLibrary: String?

    private static func loadLlamaGgmlGlobally() -> String? {
        let manifest = SpeechResources.defaultManifestURL.deletingLastPathComponent().appendingPathComponent("manifest.json")
        guard let data = try? Data(contentsOf: manifest),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let directory = object["llamaLibraryDirectory"] as? String else { return nil }
        for name in ["libggml-base.so", "libggml-cpu.so", "libggml.so"] {
            guard dlopen(directory + "/" + name, RTLD_NOW | RTLD_GLOBAL) != nil else { return nil }
        }
        return directory + "/libggml.so"
    }

    /// An English recognizer on one thread, loaded once for all tests.
    static let englishRecognizer: SpeechRecognizer? = {
        guard let resources else { return nil }
        return try? SpeechRecognizer(resources: resources, options: .init(language: "en"))
    }()

    static func sine(frequency: Double, amplitude: Float, seconds: Double, rate: Double) -> PCMBuffer {
        let n = Int(seconds * rate)
        return PCMBuffer(samples: (0..<n).map { amplitude * Float(sin(2 * Double.pi * frequency * Double($0) / rate)) }, sampleRate: rate)
    }

    /// Estimated frequency from upward zero crossings, ignoring the edges.
    static func frequency(of buffer: PCMBuffer) -> Double {
        let s = buffer.samples
        let lo = s.count / 10, hi = s.count - s.count / 10
        var crossings: [Double] = []
        for i in lo..<hi - 1 where s[i] <= 0 && s[i + 1] > 0 {
            crossings.append(Double(i) + Double(-s[i] / (s[i + 1] - s[i])))
        }
        guard crossings.count > 1 else { return 0 }
        return buffer.sampleRate * Double(crossings.count - 1) / (crossings.last! - crossings.first!)
    }

    /// RMS over the middle 80 % (avoids filter edges).
    static func middleRMS(_ buffer: PCMBuffer) -> Float {
        let s = buffer.samples
        return PCMBuffer(samples: Array(s[s.count / 10..<s.count - s.count / 10]), sampleRate: buffer.sampleRate).rms
    }

    /// A fresh path for a test file, in this suite's own folder (not the shared temporary directory).
    static func scratchFile(_ name: String) -> URL {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("verbatim-speech-tests")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("\(UUID().uuidString)-\(name)")
    }

    /// Files directly inside a directory.
    static func listing(_ path: String) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
    }
}

/// A transcriber for tests that need no model: returns a fixed text for any audio it gets.
struct FixedTranscriber: SpeechTranscriber {
    var text: String
    func transcribe(_ audio: PCMBuffer, onPartial: (@Sendable (String) -> Void)?) async throws(SpeechError) -> String { text }
}
