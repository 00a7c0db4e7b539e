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
        let stream = try input.start()
        var frames = 0
        for try await chunk in stream {
            frames += chunk.count
            if frames >= 1_600 { input.stop() }
        }
        #expect(frames >= 1_600)
    }
}
