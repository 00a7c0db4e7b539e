import AssetRequirements
import Foundation
import Testing
@testable import Speech

/// libllama and libwhisper bring different ggml builds with the same symbol names. libllama is
/// loaded globally first (as in the `verbatim` binary); whisper, dlopen'ed with RTLD_DEEPBIND,
/// must still decode with its own ggml.
@Suite(.enabled(ifInstalled: TestSupport.speechAndLlama), .requires(TestSupport.speechAndLlama))
struct CoexistenceTests {
    @Test func whisperDecodesCorrectlyWithLlamaGgmlGloballyLoaded() async throws {
        _ = TestSupport.resources
        let llamaDirectory = URL(fileURLWithPath: try #require(TestSupport.llamaLibrary)).deletingLastPathComponent().path
        // The process-wide ggml_init is llama.cpp's copy ...
        let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "ggml_init"))
        let owner = try #require(Self.mappedFile(containing: UInt(bitPattern: symbol)))
        #expect(owner.hasPrefix(llamaDirectory))
        // ... yet whisper transcribes as it does alone.
        let recognizer = try #require(TestSupport.englishRecognizer)
        let text = "Please remind me to call my sister tomorrow morning."
        let heard = try await recognizer.transcribe(try SpeechSynthesizer(language: "en").renderSpeech(text))
        print("CoexistenceTests: ggml_init from \(owner); heard \"\(heard)\"")
        #expect(WordErrorRate.compute(reference: text, hypothesis: heard) <= 0.2)
    }

    /// The file mapped at an address, from /proc/self/maps.
    private static func mappedFile(containing address: UInt) -> String? {
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6 else { continue }
            let range = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            if range.count == 2, range[0] <= address, address < range[1] { return String(fields[5]) }
        }
        return nil
    }
}
