import Foundation

/// Picks the next token among the allowed ones from the model's logits.
struct TokenSampler: Sendable {
    let mode: GenerationOptions.SamplingMode
    let temperature: Double
    private var random: SplitMix64

    init(options: GenerationOptions) {
        mode = options.sampling ?? .greedy
        temperature = max(options.temperature ?? 1, 1e-4)
        let seed: UInt64? =
            switch mode {
            case .greedy: 0
            case .randomTop(_, let seed), .randomProbability(_, let seed): seed
            }
        random = SplitMix64(seed: seed ?? UInt64.random(in: 0...UInt64.max))
    }

    /// The chosen token, or `nil` when nothing is allowed.
    mutating func pick(from logits: UnsafePointer<Float>, allowed: AllowedTokens) -> Int32? {
        guard !allowed.isEmpty else { return nil }
        if case .greedy = mode {
            var best: Int32 = -1
            var bestLogit = -Float.infinity
            allowed.forEach { token in
                if best < 0 || logits[Int(token)] > bestLogit {
                    best = token
                    bestLogit = logits[Int(token)]
                }
            }
            return best
        }
        var candidates = allowed.all.map { (token: $0, logit: Double(logits[Int($0)]) / temperature) }
        candidates.sort { $0.logit > $1.logit }
        if case .randomTop(let k, _) = mode { candidates = Array(candidates.prefix(max(1, k))) }
        let top = candidates[0].logit
        var weights = candidates.map { exp($0.logit - top) }
        let total = weights.reduce(0, +)
        weights = weights.map { $0 / total }
        if case .randomProbability(let threshold, _) = mode {
            var sum = 0.0
            var keep = 0
            while keep < weights.count, sum < threshold {
                sum += weights[keep]
                keep += 1
            }
            candidates = Array(candidates.prefix(max(1, keep)))
            weights = Array(weights.prefix(max(1, keep)))
        }
        let draw = random.nextUnit() * weights.reduce(0, +)
        var running = 0.0
        for (candidate, weight) in zip(candidates, weights) {
            running += weight
            if draw < running { return candidate.token }
        }
        return candidates.last?.token
    }
}

/// A small seeded generator, so random sampling is reproducible.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
