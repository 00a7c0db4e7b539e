/// Turns one score per boundary between neighbouring sentences into paragraph breaks: plain code,
/// so the scorer's only part is the scores.
///
/// The scores are standardised and, when lexical-cohesion depths are given, ``cohesionWeight``
/// times their standardised values are added. A boundary breaks when its combined score is a local peak, stands at least
/// ``deviations`` standard deviations above the mean, and leaves every paragraph at least
/// ``minimumSentences`` long (stronger breaks win).
public struct ParagraphBreakRule: Sendable, Equatable {
    /// How far above the mean, in standard deviations, a break must score.
    public var deviations: Double
    /// Fewest sentences a paragraph holds (breaks closer together are dropped, weakest first).
    public var minimumSentences: Int
    /// Weight of the standardised lexical-cohesion depths added to the standardised scores.
    public var cohesionWeight: Double

    /// Creates a rule.
    public init(deviations: Double, minimumSentences: Int = 1, cohesionWeight: Double = 0) {
        self.deviations = deviations
        self.minimumSentences = max(1, minimumSentences)
        self.cohesionWeight = cohesionWeight
    }

    /// For ``LexicalCohesion`` depth scores alone (tuned on the segmentation dev set, in-sample).
    public static let cohesion = ParagraphBreakRule(deviations: 2, minimumSentences: 3)
    /// For ``SemanticCohesion`` depth scores, with lexical cohesion mixed in (tuned on the
    /// segmentation dev set, in-sample; Pk moves by under 0.02 across 1–2 deviations and 2–4 sentences).
    public static let semantic = ParagraphBreakRule(deviations: 1.5, minimumSentences: 3, cohesionWeight: 0.5)

    /// Whether a paragraph ends after each sentence but the last; `nil` when the scores do not fit
    /// the sentences (a wrong count or a value that is not finite).
    /// - Parameters:
    ///   - scores: One score per boundary; higher means a likelier break.
    ///   - cohesion: ``LexicalCohesion`` depths for the same boundaries, used when
    ///     ``cohesionWeight`` is not zero.
    ///   - sourceCount: The sentences.
    public func breaks(for scores: [Double], cohesion: [Double]? = nil, sourceCount: Int) -> [Bool]? {
        guard sourceCount > 0, scores.count == sourceCount - 1, scores.allSatisfy(\.isFinite) else { return nil }
        guard !scores.isEmpty else { return [] }
        var combined = Self.standardised(scores)
        if cohesionWeight != 0, let cohesion, cohesion.count == scores.count, cohesion.allSatisfy(\.isFinite) {
            combined = zip(combined, Self.standardised(cohesion)).map { $0 + cohesionWeight * $1 }
        }
        // Standardised values have mean 0 and deviation 1 unless they are all equal.
        let mean = combined.reduce(0, +) / Double(combined.count)
        let deviation = (combined.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(combined.count)).squareRoot()
        guard deviation > 1e-9 else { return Array(repeating: false, count: scores.count) }
        let threshold = mean + deviations * deviation
        var candidates = combined.indices.filter { index in
            let score = combined[index]
            let peak =
                (index == 0 || score >= combined[index - 1]) && (index == combined.count - 1 || score >= combined[index + 1])
            return peak && score > threshold
        }
        candidates.sort { combined[$0] > combined[$1] }
        var starts: [Int] = []
        for index in candidates {
            // A break after sentence `index` starts a paragraph at `index + 1`.
            let start = index + 1
            if ([0, sourceCount] + starts).allSatisfy({ abs($0 - start) >= minimumSentences }) { starts.append(start) }
        }
        var result = Array(repeating: false, count: scores.count)
        for start in starts { result[start - 1] = true }
        return result
    }

    /// Groups of IDs (from 1) for breaks: a new group after every `true`.
    public static func groups(for breaks: [Bool]) -> [[Int]] {
        var groups: [[Int]] = [[1]]
        for (index, isBreak) in breaks.enumerated() {
            if isBreak { groups.append([]) }
            groups[groups.count - 1].append(index + 2)
        }
        return groups
    }

    /// Values shifted to mean 0 and scaled to deviation 1 (all zeros when they are all equal).
    static func standardised(_ values: [Double]) -> [Double] {
        let mean = values.reduce(0, +) / Double(values.count)
        let deviation = (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)).squareRoot()
        guard deviation > 1e-9 else { return values.map { _ in 0 } }
        return values.map { ($0 - mean) / deviation }
    }
}
