import AssetRequirements
import DialogueMemo
import Foundation
import LanguageModels
import Speech
import Testing

@testable import VerbatimCLI

/// The whole voice loop with real parts: espeak-ng speaks the answers into WAV files, they are
/// the microphone, questions are "played" into a capturing speaker, whisper.cpp transcribes,
/// the default model drives the dialogue, and the saved note holds the answers.
/// Runs only when setup has installed the default model and the speech models.
let voiceParts = InstalledAsset(
    isInstalled: SystemLanguageModel.default.availability == .available && (try? SpeechResources.load()) != nil,
    missing: "the model or speech setup is missing (run make setup)")

@Suite(.serialized, .enabled(ifInstalled: voiceParts), .requires(voiceParts))
struct VoiceMemoEndToEndTests {
    static let spoken = [
        "I have an idea for a cooking club at work.",
        "People could share one dinner every Friday.",
        "I will ask my friends to try it first.",
        "We need a small kitchen with a long table.",
    ]

    @Test func spokenAnswersBecomeASavedNote() async throws {
        let resources = try SpeechResources.load()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-voice-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        // espeak renders each answer; the files stand in for the microphone.
        let voice = SpeechSynthesizer(language: "en", outputSampleRate: 22_050)
        var recordings: [PCMBuffer] = []
        for (index, text) in Self.spoken.enumerated() {
            let url = folder.appendingPathComponent("answer-\(index).wav")
            try WAVFile.write(try voice.renderPrompt(text, isFirst: false), to: url)
            recordings.append(try WAVFile.read(from: url))
        }
        let speaker = CapturingSpeaker()
        let microphone = WAVPlaylistMicrophone(buffers: recordings)
        let taker = VoiceTurnTaker(
            synthesizer: SpeechSynthesizer(language: "en"),
            transcriber: try SpeechRecognizer(resources: resources, options: .init(language: "en")),
            output: speaker, input: microphone)
        var answers = VoiceAnswers<MemoRunTypingStub>(taker: taker, typing: nil, autoSend: true) { _ in }
        let access = ModelAccess.resolve(.default, language: .english)
        #expect(access.model != nil, "the real model drives this dialogue")
        var engine = await MemoDialogue.run(language: .english, access: access, answers: &answers)
        let note = await engine.finish()
        // The model, not the rules alone, advised the questions.
        #expect(engine.record.modelUsed)
        #expect(engine.record.decisions.reduce(0) { $0 + $1.modelRequests } > 0, "no question decision asked the model")
        // Every spoken answer is one sentence, too short for two paragraphs: its block is the layout.
        #expect(engine.record.layout?.modelRequests == 0)
        let store = NoteStore(directory: folder.appendingPathComponent("notes"))
        let id = try store.save(markdown: note.markdown, title: "voice")
        let saved = try store.show(id: id)

        // Every answered turn is in the saved note, nearly word for word.
        let answered = answers.turns.filter { $0.outcome == .answered }
        #expect(answered.count >= 3)
        let expected = Self.spoken.prefix(answered.count).joined(separator: " ")
        let wer = WordErrorRate.compute(reference: expected, hypothesis: note.sources.joined(separator: " "))
        #expect(wer <= 0.10, "WER \(wer): \(note.sources) vs \(expected)")
        for sentence in note.sources { #expect(saved.contains(sentence)) }

        // Real leading silence: 0.24 s before the first prompt, 0.06 s before later ones.
        let playbacks = speaker.playbacks
        #expect(playbacks.count == answers.turns.count)
        for (index, playback) in playbacks.enumerated() {
            let onset = Double(try #require(playback.buffer.firstIndex(above: 1e-4)))
            let expectedSilence = index == 0 ? 0.24 : 0.06
            #expect(abs(onset / playback.buffer.sampleRate - expectedSilence) < 0.005)
        }
        // Recording never overlaps playback: each capture starts after its question drained.
        for (playback, start) in zip(playbacks, microphone.captureStarts) {
            #expect(start >= playback.drained)
        }
    }
}

/// No typing in this test: a failed turn would end the exchange.
struct MemoRunTypingStub: AnswerProvider {
    mutating func answer(to question: String, isFirst: Bool) async -> String? { nil }
}
