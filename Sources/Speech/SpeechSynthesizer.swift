import Foundation

/// Text-to-speech with espeak-ng, rendered entirely in memory before anything is played.
///
/// A rendering is converted to Float32 at the output device's rate and starts with real digital
/// silence — ``firstPromptSilence`` before the first prompt, ``laterPromptSilence`` before later
/// ones — so opening the output stream cannot clip the first syllable. Nothing is written to disk.
public struct SpeechSynthesizer: Sendable {
    /// Leading silence before the first prompt of an exchange, in seconds.
    public static let firstPromptSilence = 0.24
    /// Leading silence before every later prompt, in seconds.
    public static let laterPromptSilence = 0.06
    /// Languages with an espeak-ng voice that Verbatim uses.
    public static let supportedLanguages = ["en", "de", "es", "fr", "ja"]

    /// The language code, which is also the espeak-ng voice name.
    public var language: String
    /// The rate renderings are converted to (the output device's rate).
    public var outputSampleRate: Double
    /// Speaking rate; `nil` uses 165 words per minute.
    public var wordsPerMinute: Int?
    /// MeCab dictionary for Japanese readings (`nil`: MeCab's default).
    public var mecabDictionary: String?

    /// Creates a synthesizer for a language and an output rate.
    public init(language: String = "en", outputSampleRate: Double = 48_000, wordsPerMinute: Int? = nil,
                mecabDictionary: String? = nil) {
        self.language = language
        self.outputSampleRate = outputSampleRate
        self.wordsPerMinute = wordsPerMinute
        self.mecabDictionary = mecabDictionary
    }

    /// Renders one prompt of an exchange with the leading silence its position calls for.
    public func renderPrompt(_ text: String, isFirst: Bool) throws(SpeechError) -> PCMBuffer {
        try render(text, leadingSilence: isFirst ? Self.firstPromptSilence : Self.laterPromptSilence)
    }

    /// Renders text at ``outputSampleRate`` preceded by exactly `leadingSilence` seconds of zeros.
    ///
    /// The engine's own leading near-silence is trimmed first, so the first audible sample sits
    /// at `round(leadingSilence * outputSampleRate)`.
    public func render(_ text: String, leadingSilence: Double) throws(SpeechError) -> PCMBuffer {
        let speech = try renderSpeech(text).resampled(to: outputSampleRate)
        let start = speech.firstIndex(above: Self.audibleThreshold) ?? speech.samples.count
        var result = PCMBuffer(silenceOf: leadingSilence, sampleRate: outputSampleRate)
        result.samples.append(contentsOf: speech.samples[start...])
        return result
    }

    /// Renders text at the engine's native rate (22,050 Hz), without added silence.
    public func renderSpeech(_ text: String) throws(SpeechError) -> PCMBuffer {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .synthesisFailed("nothing to say") }
        let spoken = language == "ja" ? JapaneseReading.katakana(trimmed, dictionary: mecabDictionary) : trimmed
        let (pcm, rate) = try EspeakEngine.shared.synthesize(spoken, voice: language, wordsPerMinute: wordsPerMinute)
        guard !pcm.isEmpty else { throw .synthesisFailed("espeak-ng produced no audio for \"\(trimmed)\"") }
        return PCMBuffer(samples: pcm.map { Float($0) / 32768 }, sampleRate: rate)
    }

    /// Magnitude below which a sample counts as silence when trimming (about -80 dBFS).
    static let audibleThreshold: Float = 1e-4
}
