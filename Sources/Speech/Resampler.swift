import Foundation

/// Band-limited sample-rate conversion with a Kaiser-windowed sinc filter.
///
/// The filter's cut-off sits just below the lower of the two Nyquist frequencies, so downsampling
/// does not alias. Filter taps come from a table of fractional phases with linear interpolation.
public struct Resampler: Sendable {
    /// Input frames per second.
    public let inputRate: Double
    /// Output frames per second.
    public let outputRate: Double
    private let cutoff: Double          // in cycles per input sample * 2 (1 = input Nyquist)
    private let halfWidth: Int          // taps on each side, in input samples
    private let phases: Int
    private let table: [Float]          // (phases + 1) rows of 2 * halfWidth taps

    /// Creates a resampler; `zeroCrossings` sets the filter length (quality) per side.
    public init(from inputRate: Double, to outputRate: Double, zeroCrossings: Int = 16) {
        precondition(inputRate > 0 && outputRate > 0, "Resampler: rates must be positive")
        self.inputRate = inputRate
        self.outputRate = outputRate
        let cutoff = min(1, outputRate / inputRate) * 0.94
        self.cutoff = cutoff
        let halfWidth = Int((Double(zeroCrossings) / cutoff).rounded(.up))
        self.halfWidth = halfWidth
        let phases = 256
        self.phases = phases
        let beta = 8.6
        let taps = 2 * halfWidth
        var table = [Float](repeating: 0, count: (phases + 1) * taps)
        let norm = Self.besselI0(beta)
        for p in 0...phases {
            let frac = Double(p) / Double(phases)
            for k in 0..<taps {
                // Distance from the output instant to input sample (k - halfWidth + 1), in input samples.
                let x = Double(k - halfWidth + 1) - frac
                let r = x / Double(halfWidth)
                guard abs(r) < 1 else { continue }
                let window = Self.besselI0(beta * (1 - r * r).squareRoot()) / norm
                let arg = Double.pi * cutoff * x
                let sinc = x == 0 ? 1 : sin(arg) / arg
                table[p * taps + k] = Float(cutoff * sinc * window)
            }
        }
        self.table = table
    }

    /// Converts a whole signal; the output has `count * outputRate / inputRate` frames.
    public func resample(_ input: [Float]) -> [Float] {
        guard !input.isEmpty else { return [] }
        if inputRate == outputRate { return input }
        let count = Int((Double(input.count) * outputRate / inputRate).rounded())
        let step = inputRate / outputRate
        let taps = 2 * halfWidth
        var output = [Float](repeating: 0, count: count)
        input.withUnsafeBufferPointer { x in
            table.withUnsafeBufferPointer { h in
                for n in 0..<count {
                    let t = Double(n) * step
                    let base = Int(t.rounded(.down))
                    let frac = t - Double(base)
                    let position = frac * Double(phases)
                    let p = min(Int(position), phases - 1)
                    let mix = Float(position - Double(p))
                    let row0 = p * taps
                    let row1 = row0 + taps
                    var acc: Float = 0
                    let first = base - halfWidth + 1
                    let kStart = max(0, -first)
                    let kEnd = min(taps, x.count - first)
                    if kStart < kEnd {
                        for k in kStart..<kEnd {
                            let tap = h[row0 + k] + (h[row1 + k] - h[row0 + k]) * mix
                            acc += x[first + k] * tap
                        }
                    }
                    output[n] = acc
                }
            }
        }
        return output
    }

    /// Modified Bessel function of the first kind, order 0 (power series).
    private static func besselI0(_ x: Double) -> Double {
        var sum = 1.0
        var term = 1.0
        let half = x / 2
        for k in 1..<50 {
            term *= (half / Double(k)) * (half / Double(k))
            sum += term
            if term < sum * 1e-12 { break }
        }
        return sum
    }
}
