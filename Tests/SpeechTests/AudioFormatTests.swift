import Foundation
import Testing
@testable import Speech

@Suite struct AudioFormatTests {
    @Test func wavRoundTripKeepsSamplesAndRate() throws {
        let original = TestSupport.sine(frequency: 440, amplitude: 0.5, seconds: 0.25, rate: 22_050)
        let url = TestSupport.scratchFile("answer.wav")
        defer { try? FileManager.default.removeItem(at: url) }
        try WAVFile.write(original, to: url)
        let decoded = try WAVFile.read(from: url)
        #expect(decoded.sampleRate == 22_050)
        #expect(decoded.samples.count == original.samples.count)
        let worst = zip(original.samples, decoded.samples).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 1.0 / 16_000)
        #expect(try Data(contentsOf: url).count == 44 + 2 * original.samples.count)
    }

    @Test func wavDecoderRejectsOtherData() {
        #expect(throws: SpeechError.self) { try WAVFile.decode(Data("not a wave file at all".utf8)) }
    }

    @Test func resamplerKeepsSineFrequencyAndAmplitudeWhenUpsampling() {
        let input = TestSupport.sine(frequency: 1_000, amplitude: 0.8, seconds: 1, rate: 22_050)
        let output = input.resampled(to: 48_000)
        #expect(output.samples.count == 48_000)
        #expect(abs(TestSupport.frequency(of: output) - 1_000) < 0.5)
        #expect(abs(TestSupport.middleRMS(output) - 0.8 / Float(2).squareRoot()) < 0.005)
    }

    @Test func resamplerKeepsPassbandAndRemovesAliasesWhenDownsampling() {
        let kept = TestSupport.sine(frequency: 3_000, amplitude: 0.5, seconds: 1, rate: 48_000).resampled(to: 16_000)
        #expect(abs(TestSupport.frequency(of: kept) - 3_000) < 1)
        #expect(abs(TestSupport.middleRMS(kept) - 0.5 / Float(2).squareRoot()) < 0.005)
        // 12 kHz is above the 8 kHz output Nyquist: a naive decimator would fold it to 4 kHz.
        let removed = TestSupport.sine(frequency: 12_000, amplitude: 0.5, seconds: 1, rate: 48_000).resampled(to: 16_000)
        #expect(TestSupport.middleRMS(removed) < 0.5 / Float(2).squareRoot() * 0.01)  // at least 40 dB down
    }

    @Test func wordErrorRateNormalizesCaseAndPunctuation() {
        #expect(WordErrorRate.compute(reference: "Hello, world!", hypothesis: "hello world") == 0)
        #expect(WordErrorRate.compute(reference: "one two three four", hypothesis: "one too three") == 0.5)
    }
}
