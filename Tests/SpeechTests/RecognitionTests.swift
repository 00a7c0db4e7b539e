import AssetRequirements
import Foundation
import Synchronization
import Testing
@testable import Speech

/// End-to-end with espeak-ng and whisper.cpp; skipped (with a printed reason) without models.
@Suite(.enabled(ifInstalled: TestSupport.speechModels), .requires(TestSupport.speechModels))
struct RecognitionTests {
    static let answer = "I went to the market yesterday and bought some apples and fresh bread for my family."

    @Test func spokenAnswerIsTranscribedAfterQuestionPlayed() async throws {
        let recognizer = try #require(TestSupport.englishRecognizer)
        // The answer goes through a real WAV file, as a recorded microphone would.
        let url = TestSupport.scratchFile("answer.wav")
        defer { try? FileManager.default.removeItem(at: url) }
        try WAVFile.write(try SpeechSynthesizer(language: "en").renderSpeech(Self.answer), to: url)
        let microphone = WAVFileMicrophone(buffer: try WAVFile.read(from: url), sampleRate: 48_000, pacing: 0.25)
        let speaker = CapturingSpeaker(pacing: 0.25)
        let partials = PartialLog()
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: recognizer, output: speaker, input: microphone)
        let turn = await taker.takeTurn(question: "What did you do yesterday?", isFirst: true) { partials.add($0) }
        #expect(turn.outcome == .answered)
        let wer = WordErrorRate.compute(reference: Self.answer, hypothesis: turn.transcript)
        print("RecognitionTests: heard \"\(turn.transcript)\" (WER \(wer))")
        #expect(wer <= 0.10)
        #expect(!partials.texts.isEmpty)
        let playback = try #require(speaker.playbacks.first)
        #expect(try #require(microphone.startedAt) >= playback.drained)
    }

    @Test func interruptedAnswerKeepsWhatWasRecognized() async throws {
        let recognizer = try #require(TestSupport.englishRecognizer)
        let answer = try SpeechSynthesizer(language: "en").renderSpeech(Self.answer)
        let microphone = WAVFileMicrophone(buffer: answer, behavior: .interrupt(afterSeconds: answer.duration * 0.6))
        let taker = VoiceTurnTaker(synthesizer: SpeechSynthesizer(), transcriber: recognizer,
                                   output: CapturingSpeaker(), input: microphone)
        let turn = await taker.takeTurn(question: "What did you do yesterday?", isFirst: false)
        guard case .failed(.interrupted) = turn.outcome else {
            Issue.record("expected an interruption, got \(turn.outcome)")
            return
        }
        let heard = WordErrorRate.normalizedWords(turn.transcript)
        print("RecognitionTests: interrupted turn kept \"\(turn.transcript)\"")
        #expect(heard.count >= 4)
        #expect(heard.prefix(3) == ["i", "went", "to"])
    }

    @Test func multilingualModelRecognizesGerman() async throws {
        let resources = try #require(TestSupport.resources)
        let recognizer = try SpeechRecognizer(resources: resources, options: .init(language: "de"))
        let text = "Ich bin gestern in die Stadt gefahren."
        let heard = try await recognizer.transcribe(try SpeechSynthesizer(language: "de").renderSpeech(text))
        print("RecognitionTests: German heard \"\(heard)\"")
        #expect(WordErrorRate.compute(reference: text, hypothesis: heard) <= 0.34)
    }

    @Test func missingModelIsASetupError() throws {
        let resources = try #require(TestSupport.resources)
        #expect(throws: SpeechError.self) {
            try SpeechRecognizer(libraryPath: resources.whisperLibrary, modelPath: "/nonexistent/model.bin", options: .init(language: "en"))
        }
    }
}

/// Collects partial results from any thread.
final class PartialLog: Sendable {
    private let storage = Mutex<[String]>([])
    func add(_ text: String) { storage.withLock { $0.append(text) } }
    var texts: [String] { storage.withLock { $0 } }
}
