public import Foundation
import Speech

/// Speech for the web app: the same whisper pipeline and espeak-ng voice `verbatim memo --voice`
/// uses. The browser uploads 16-bit PCM WAV (it records with Web Audio); questions come back as
/// WAV for an audio element. One recognition at a time (one whisper context per language).
public actor VoiceService {
    private var recognizers: [String: SpeechRecognizer] = [:]
    private let resources: SpeechResources?
    private let setupProblem: String?

    /// Loads the speech manifest setup wrote; without it, every call reports why.
    public init() {
        do {
            resources = try SpeechResources.load()
            setupProblem = nil
        } catch {
            resources = nil
            setupProblem = error.description
        }
    }

    /// Whether the speech models are installed.
    public var isAvailable: Bool { resources != nil }

    /// The words in a WAV recording.
    /// - Throws: ``WebError/badRequest(_:)`` for audio that is not 16-bit PCM WAV,
    ///   ``WebError/failed(_:)`` when speech is not set up or recognition fails.
    public func transcribe(wav: Data, language: String) async throws(WebError) -> String {
        let audio: PCMBuffer
        do { audio = try WAVFile.decode(wav) } catch { throw .badRequest(error.description) }
        let recognizer = try recognizer(for: language)
        do {
            return try await recognizer.transcribe(audio).trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            throw .failed(error.description)
        }
    }

    /// A question spoken as WAV, rendered before it is played: leading silence as the terminal
    /// voice loop uses (longer for the first prompt).
    public func speak(_ text: String, language: String, isFirst: Bool) throws(WebError) -> Data {
        guard let resources else { throw .failed(setupProblem ?? "speech is not set up") }
        let code = SpeechSynthesizer.supportedLanguages.contains(language) ? language : "en"
        let synthesizer = SpeechSynthesizer(language: code, mecabDictionary: resources.mecabDictionary)
        do {
            return WAVFile.encode(try synthesizer.renderPrompt(text, isFirst: isFirst))
        } catch {
            throw .failed(error.description)
        }
    }

    private func recognizer(for language: String) throws(WebError) -> SpeechRecognizer {
        if let ready = recognizers[language] { return ready }
        guard let resources else { throw .failed(setupProblem ?? "speech is not set up") }
        do {
            let made = try SpeechRecognizer(resources: resources, options: .init(language: language))
            recognizers[language] = made
            return made
        } catch {
            throw .failed(error.description)
        }
    }
}
