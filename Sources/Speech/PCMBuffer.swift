/// Mono audio as 32-bit float samples in -1...1 at a given sample rate.
public struct PCMBuffer: Sendable, Equatable {
    /// The samples, one per frame.
    public var samples: [Float]
    /// Frames per second.
    public var sampleRate: Double

    /// Creates a buffer from samples.
    public init(samples: [Float], sampleRate: Double) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// Creates a buffer of digital silence lasting `seconds` (rounded to the nearest frame).
    public init(silenceOf seconds: Double, sampleRate: Double) {
        self.init(samples: [Float](repeating: 0, count: Int((seconds * sampleRate).rounded())), sampleRate: sampleRate)
    }

    /// The length in seconds.
    public var duration: Double { Double(samples.count) / sampleRate }

    /// Whether the buffer holds no frames.
    public var isEmpty: Bool { samples.isEmpty }

    /// Root-mean-square level of all samples (0 for an empty buffer).
    public var rms: Float {
        guard !samples.isEmpty else { return 0 }
        var sum: Double = 0
        for s in samples { sum += Double(s) * Double(s) }
        return Float((sum / Double(samples.count)).squareRoot())
    }

    /// The index of the first sample whose magnitude reaches `threshold`, or `nil`.
    public func firstIndex(above threshold: Float) -> Int? {
        samples.firstIndex { abs($0) >= threshold }
    }

    /// This buffer at another sample rate, converted with a band-limited ``Resampler``.
    public func resampled(to rate: Double) -> PCMBuffer {
        guard rate != sampleRate else { return self }
        return PCMBuffer(samples: Resampler(from: sampleRate, to: rate).resample(samples), sampleRate: rate)
    }

    /// Appends another buffer at the same rate.
    public mutating func append(_ other: PCMBuffer) {
        precondition(other.sampleRate == sampleRate, "PCMBuffer.append: sample rates differ")
        samples.append(contentsOf: other.samples)
    }
}
