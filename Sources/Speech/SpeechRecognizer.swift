import CWhisper
import Dispatch
import Foundation
import Synchronization

/// Speech-to-text with whisper.cpp (greedy decoding, CPU, one thread by default).
///
/// The encoder context follows the audio's length (50 frames per second, at least
/// ``Options/minimumAudioContext`` = 512, at most 1500), which keeps short answers fast without
/// cutting them; ``Options/maxTokens`` caps each segment. Calls on one recognizer are serialized.
public final class SpeechRecognizer: SpeechTranscriber {
    /// Decoding options.
    public struct Options: Sendable, Equatable {
        /// The spoken language (`en`, `de`, …).
        public var language: String
        /// CPU threads; keep 1 on shared machines.
        public var threads: Int = 1
        /// Maximum tokens per segment.
        public var maxTokens: Int = 96
        /// Smallest encoder context (whisper.cpp's `audio_ctx`); below 512 accuracy drops.
        public var minimumAudioContext: Int = 512

        /// Options for a language.
        public init(language: String) { self.language = language }
    }

    /// Whisper's input rate.
    public static let modelSampleRate = 16_000.0

    /// The options in use.
    public let options: Options
    /// The model file.
    public let modelPath: String
    private let library: WhisperLibrary
    private let context: Mutex<OpaquePointer>

    /// Loads the model for `options.language` named in the speech manifest.
    public convenience init(resources: SpeechResources, options: Options) throws(SpeechError) {
        guard let model = resources.modelPath(for: options.language) else {
            throw .setupMissing("no Whisper model for \(options.language)")
        }
        try self.init(libraryPath: resources.whisperLibrary, modelPath: model, options: options)
    }

    /// Loads a model with an explicit libwhisper path.
    public init(libraryPath: String, modelPath: String, options: Options, verbose: Bool = false) throws(SpeechError) {
        library = try WhisperLibrary.shared(path: libraryPath)
        guard FileManager.default.fileExists(atPath: modelPath),
              let ctx = withUnsafePointer(to: library.api, { verbatim_whisper_init($0, modelPath, verbose) })
        else { throw .setupMissing("cannot load Whisper model \(modelPath)") }
        self.modelPath = modelPath
        self.options = options
        self.context = Mutex(ctx)
    }

    deinit {
        let free = library.api.free_context
        context.withLock { free?($0) }
    }

    public func transcribe(_ audio: PCMBuffer, onPartial: (@Sendable (String) -> Void)? = nil) async throws(SpeechError) -> String {
        let result: Result<String, SpeechError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                do throws(SpeechError) {
                    continuation.resume(returning: .success(try self.transcribeBlocking(audio, onPartial: onPartial)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// Transcribes on the calling thread (blocking).
    public func transcribeBlocking(_ audio: PCMBuffer, onPartial: (@Sendable (String) -> Void)? = nil) throws(SpeechError) -> String {
        // A little silence on both sides: words that start at the very first sample get lost.
        let pad = [Float](repeating: 0, count: Int(Self.modelSampleRate * 0.3))
        let samples = pad + audio.resampled(to: Self.modelSampleRate).samples + pad
        guard samples.count >= 2 * pad.count + Int(Self.modelSampleRate / 10) else { return "" }
        let seconds = Double(samples.count) / Self.modelSampleRate
        let audioContext = min(1500, max(options.minimumAudioContext, Int((seconds * 50).rounded(.up)) + 16))
        let partial = PartialBox(onPartial)
        let user = Unmanaged.passRetained(partial)
        defer { user.release() }
        // Decoding and reading the segments happen under one lock: the segments live in the context.
        let outcome: Result<String, SpeechError> = context.withLock { ctx in
            let status = options.language.withCString { language in
                var request = VerbatimWhisperRequest(
                    language: language, threads: Int32(options.threads), audio_ctx: Int32(audioContext),
                    max_tokens: Int32(options.maxTokens),
                    on_segment: onPartial == nil ? nil : { text, user in
                        guard let text, let user else { return }
                        Unmanaged<PartialBox>.fromOpaque(user).takeUnretainedValue().deliver(String(cString: text))
                    },
                    user: user.toOpaque())
                return withUnsafePointer(to: library.api) { api in
                    samples.withUnsafeBufferPointer { verbatim_whisper_run(api, ctx, &request, $0.baseAddress, Int32($0.count)) }
                }
            }
            guard status == 0 else { return .failure(.recognitionFailed("whisper_full returned \(status)")) }
            var pieces: [String] = []
            for i in 0..<library.api.n_segments(ctx) {
                if let cText = library.api.segment_text(ctx, i) { pieces.append(String(cString: cText)) }
            }
            return .success(pieces.joined())
        }
        let text = try outcome.get()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Carries the partial-result closure through whisper's `user_data`.
private final class PartialBox: Sendable {
    let handler: (@Sendable (String) -> Void)?
    init(_ handler: (@Sendable (String) -> Void)?) { self.handler = handler }
    func deliver(_ text: String) { handler?(text.trimmingCharacters(in: .whitespaces)) }
}
