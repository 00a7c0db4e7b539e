import Foundation
import Testing
@testable import Speech

/// ALSA without a sound card: the `null` device accepts playback and delivers silence.
@Suite struct ALSADeviceTests {
    @Test func playsToNullDeviceUntilDrained() async throws {
        let output = ALSAOutput(device: "null", sampleRate: 48_000)
        try await output.play(TestSupport.sine(frequency: 440, amplitude: 0.2, seconds: 0.2, rate: 48_000))
    }

    @Test func unknownDeviceIsADeviceError() async {
        let output = ALSAOutput(device: "verbatim-no-such-device")
        await #expect(throws: SpeechError.self) { try await output.play(PCMBuffer(silenceOf: 0.1, sampleRate: 48_000)) }
    }

    @Test func capturesFromNullDevice() async throws {
        let input = ALSAInput(device: "null", sampleRate: 16_000)
        // Two turns on one open device: the second start re-prepares it.
        for _ in 0..<2 {
            let stream = try input.start()
            var frames = 0
            for try await chunk in stream {
                frames += chunk.count
                if frames >= 1_600 { input.stop() }
            }
            #expect(frames >= 1_600)
        }
    }

    @Test func oneOutputPlaysSeveralPromptsOnTheSameOpenDevice() async throws {
        let output = ALSAOutput(device: "null", sampleRate: 48_000)
        for _ in 0..<3 {
            try await output.play(TestSupport.sine(frequency: 440, amplitude: 0.2, seconds: 0.1, rate: 48_000))
        }
    }
}

/// ALSA's `file` plugin records what a device was given, so playback can be checked sample by sample.
@Suite struct ALSAFilePluginTests {
    @Test func playbackThroughFilePluginWritesTheSamples() async throws {
        let url = TestSupport.scratchFile("played.raw")
        defer { try? FileManager.default.removeItem(at: url) }
        let tone = TestSupport.sine(frequency: 440, amplitude: 0.25, seconds: 0.3, rate: 48_000)
        do {
            // The output keeps the device open; releasing it closes the file.
            let output = ALSAOutput(device: "file:'\(url.path)',raw", sampleRate: 48_000)
            try await output.play(tone)
        }
        let data = try Data(contentsOf: url)
        let written = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        #expect(written.count == tone.samples.count)
        #expect(written == tone.samples)
    }
}
