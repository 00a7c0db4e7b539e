import Foundation
import Testing
@testable import Speech

@Suite struct SpeechSynthesizerTests {
    @Test func rendersEnglishWithExactLeadingSilenceFirstThenLater() throws {
        let synthesizer = SpeechSynthesizer(language: "en", outputSampleRate: 48_000)
        let first = try synthesizer.renderPrompt("What did you do today?", isFirst: true)
        let later = try synthesizer.renderPrompt("And how did that feel?", isFirst: false)
        for (buffer, silence) in [(first, 0.24), (later, 0.06)] {
            #expect(buffer.sampleRate == 48_000)
            let onset = try #require(buffer.firstIndex(above: SpeechSynthesizer.audibleThreshold))
            #expect(onset == Int((silence * 48_000).rounded()))
            #expect(buffer.samples[..<onset].allSatisfy { $0 == 0 })
            #expect(buffer.duration > silence + 0.5)
            #expect(buffer.rms > 0.01)
        }
    }

    @Test func renderingWritesNoFiles() throws {
        // The working and home directories stay as they were; the shared temporary directory
        // (busy with other processes) gains no audio file. This suite's own files live elsewhere.
        let places = [FileManager.default.currentDirectoryPath, FileManager.default.homeDirectoryForCurrentUser.path]
        let before = places.map(TestSupport.listing)
        let tempBefore = TestSupport.listing(NSTemporaryDirectory())
        let audio = try SpeechSynthesizer(language: "en").renderPrompt("Nothing of this reaches the disk.", isFirst: true)
        #expect(audio.duration > 1)
        #expect(places.map(TestSupport.listing) == before)
        let newInTemp = TestSupport.listing(NSTemporaryDirectory()).subtracting(tempBefore)
        #expect(newInTemp.filter { [".wav", ".raw", ".pcm", ".au"].contains(where: $0.hasSuffix) }.isEmpty)
    }

    @Test(arguments: ["en", "de", "es", "fr", "ja"])
    func rendersEverySupportedLanguage(language: String) throws {
        let text = ["en": "Good morning.", "de": "Guten Morgen.", "es": "Buenos días.", "fr": "Bonjour à tous.",
                    "ja": "今日は良い天気です。"][language]!
        let speech = try SpeechSynthesizer(language: language).renderSpeech(text)
        #expect(speech.sampleRate == 22_050)
        #expect(speech.duration > 0.4)
        #expect(speech.rms > 0.01)
    }

    @Test func japaneseKanjiAreReadAsKatakana() {
        let reading = JapaneseReading.katakana("今日は良い天気です", dictionary: TestSupport.resources?.mecabDictionary)
        #expect(!reading.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) })
        #expect(reading.contains("テンキ"))
    }

    @Test func firstFinalChunkSealsRenderingAndDuplicatesAreIgnored() {
        var rendering = SpeechRendering()
        let audio: [Int16] = [1, 2, 3]
        audio.withUnsafeBufferPointer { rendering.receive($0, isFinal: false) }
        rendering.receive(UnsafeBufferPointer(start: nil, count: 0), isFinal: true)
        rendering.receive(UnsafeBufferPointer(start: nil, count: 0), isFinal: true)
        audio.withUnsafeBufferPointer { rendering.receive($0, isFinal: false) }
        #expect(rendering.isSealed)
        #expect(rendering.samples == [1, 2, 3])
        #expect(rendering.ignoredChunks == 2)
    }

    @Test func emptyTextIsAnError() {
        #expect(throws: SpeechError.self) { try SpeechSynthesizer().renderSpeech("   ") }
    }
}
