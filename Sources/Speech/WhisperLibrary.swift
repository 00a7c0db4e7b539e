import CWhisper
import Synchronization

/// One process-wide `dlopen` of libwhisper (RTLD_LOCAL | RTLD_DEEPBIND, never linked), so its
/// ggml cannot clash with llama.cpp's. The handle stays open for the life of the process.
final class WhisperLibrary: @unchecked Sendable {  // immutable after init; holds C function pointers
    let api: VerbatimWhisper
    private static let loaded = Mutex<[String: WhisperLibrary]>([:])

    private init(api: VerbatimWhisper) { self.api = api }

    /// The library at `path`, loaded on first use.
    static func shared(path: String) throws(SpeechError) -> WhisperLibrary {
        try loaded.withLock { (libraries: inout [String: WhisperLibrary]) throws(SpeechError) -> WhisperLibrary in
            if let library = libraries[path] { return library }
            var api = VerbatimWhisper()
            if let error = verbatim_whisper_open(&api, path) {
                throw .setupMissing("cannot load \(path): \(String(cString: error))")
            }
            let library = WhisperLibrary(api: api)
            libraries[path] = library
            return library
        }
    }
}
