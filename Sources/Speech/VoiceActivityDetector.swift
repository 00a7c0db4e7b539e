/// Energy-based voice-activity detection on 20 ms frames.
///
/// A frame is speech when its RMS level exceeds both an absolute threshold and a multiple of the
/// tracked noise floor. Speech starts after ``Configuration/minimumSpeech`` of speech frames and
/// ends after ``Configuration/endSilence`` of silence (1.2 s by default).
public struct VoiceActivityDetector: Sendable {
    /// Tuning.
    public struct Configuration: Sendable, Equatable {
        /// Frame length in seconds.
        public var frameDuration = 0.02
        /// Minimum RMS level of speech (0.01 ≈ -40 dBFS).
        public var speechThreshold: Float = 0.01
        /// Speech must also exceed the noise floor by this factor.
        public var noiseFactor: Float = 3
        /// Speech needed before it counts as started, in seconds.
        public var minimumSpeech = 0.1
        /// Silence after speech that ends the answer, in seconds.
        public var endSilence = 1.2
        /// If no speech starts within this many seconds, the detector reports ``Event/noSpeech``.
        public var noSpeechTimeout = 8.0

        /// The defaults.
        public init() {}
    }

    /// What the detector concluded.
    public enum Event: Sendable, Equatable {
        /// Speech began at this time (seconds from the start of input).
        case speechStarted(at: Double)
        /// Speech ended: the silence after it started at this time.
        case endOfSpeech(at: Double)
        /// No speech started within the time limit.
        case noSpeech
    }

    /// The configuration in use.
    public let configuration: Configuration
    /// Input frames per second.
    public let sampleRate: Double
    /// When speech started, once it has.
    public private(set) var speechStart: Double?
    /// When the last speech frame ended.
    public private(set) var lastSpeechEnd: Double?
    /// Whether a final event (end of speech or no speech) has been reported.
    public private(set) var isFinished = false

    private let frameLength: Int
    private var pending: [Float] = []
    private var framesSeen = 0
    private var speechRun = 0
    private var noiseFloor: Float = 0.001

    /// Creates a detector for a sample rate.
    public init(sampleRate: Double, configuration: Configuration = Configuration()) {
        self.sampleRate = sampleRate
        self.configuration = configuration
        self.frameLength = max(1, Int(sampleRate * configuration.frameDuration))
    }

    /// Whether speech has started.
    public var hasSpeech: Bool { speechStart != nil }

    /// Feeds samples; returns the events they caused, in order (at most one final event).
    public mutating func process(_ samples: [Float]) -> [Event] {
        guard !isFinished else { return [] }
        pending.append(contentsOf: samples)
        var events: [Event] = []
        var consumed = 0
        while pending.count - consumed >= frameLength, !isFinished {
            let frame = pending[consumed..<consumed + frameLength]
            consumed += frameLength
            if let event = analyse(frame) { events.append(event) }
        }
        pending.removeFirst(consumed)
        return events
    }

    private mutating func analyse(_ frame: ArraySlice<Float>) -> Event? {
        var sum: Float = 0
        for s in frame { sum += s * s }
        let level = (sum / Float(frame.count)).squareRoot()
        framesSeen += 1
        let now = Double(framesSeen) * configuration.frameDuration
        let isSpeech = level > configuration.speechThreshold && level > noiseFloor * configuration.noiseFactor
        if !isSpeech {
            // Track the background slowly, and only while nobody is talking.
            noiseFloor = max(1e-5, noiseFloor * 0.95 + level * 0.05)
            speechRun = 0
        } else {
            speechRun += 1
            lastSpeechEnd = now
        }
        if speechStart == nil {
            if Double(speechRun) * configuration.frameDuration >= configuration.minimumSpeech {
                let start = now - Double(speechRun) * configuration.frameDuration
                speechStart = start
                return .speechStarted(at: start)
            }
            if now >= configuration.noSpeechTimeout {
                isFinished = true
                return .noSpeech
            }
            return nil
        }
        if let last = lastSpeechEnd, now - last >= configuration.endSilence {
            isFinished = true
            return .endOfSpeech(at: last)
        }
        return nil
    }
}
