import Testing
@testable import Speech

@Suite struct VoiceActivityDetectorTests {
    private let rate = 16_000.0

    private func signal(_ parts: [(seconds: Double, loud: Bool)]) -> [Float] {
        parts.flatMap { part in
            part.loud ? TestSupport.sine(frequency: 220, amplitude: 0.3, seconds: part.seconds, rate: rate).samples
                : [Float](repeating: 0.0005, count: Int(part.seconds * rate))
        }
    }

    @Test func endsAnswerAfterConfiguredSilenceFollowingSpeech() {
        var detector = VoiceActivityDetector(sampleRate: rate)
        let events = detector.process(signal([(0.5, false), (1.0, true), (0.5, false), (0.8, true), (2.0, false)]))
        #expect(events.count == 2)
        guard case .speechStarted(let start) = events.first, case .endOfSpeech(let end) = events.last else {
            Issue.record("unexpected events \(events)")
            return
        }
        #expect(abs(start - 0.5) < 0.05)
        #expect(abs(end - 2.8) < 0.05)  // the 0.5 s pause did not end the answer
        #expect(detector.isFinished)
    }

    @Test func silenceLengthIsConfigurable() {
        var configuration = VoiceActivityDetector.Configuration()
        configuration.endSilence = 0.4
        var detector = VoiceActivityDetector(sampleRate: rate, configuration: configuration)
        let events = detector.process(signal([(1.0, true), (0.5, false)]))
        #expect(events.last == .endOfSpeech(at: 1.0))
    }

    @Test func reportsNoSpeechAfterTimeout() {
        var configuration = VoiceActivityDetector.Configuration()
        configuration.noSpeechTimeout = 1.0
        var detector = VoiceActivityDetector(sampleRate: rate, configuration: configuration)
        #expect(detector.process(signal([(1.5, false)])) == [.noSpeech])
        #expect(!detector.hasSpeech)
    }
}
