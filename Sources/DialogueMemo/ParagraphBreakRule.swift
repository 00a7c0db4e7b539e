/// Turns one score per boundary between neighbouring sentences into paragraph breaks: plain code,
/// so the model's only part is the scores.
///
/// A boundary breaks when its score is a local peak (no neighbour scores higher) and stands at
/// least ``deviations`` standard deviations above the mean of the note's scores — a relative
/// threshold, because a small model's raw scores shift with the text and the language — and, when
/// ``minimumScore`` is set, is also at least that high in absolute terms.
public struct ParagraphBreakRule: Sendable, Equatable {
    /// How far above the mean, in standard deviations, a break must score.
    public var deviations: Double
    /// An absolute floor for a break's score, if any.
    public var minimumScore: Double?
    /// Fewest sentences a paragraph holds (breaks closer together are dropped, weakest first).
    public var minimumSentences: Int

    /// Creates a rule.
    public init(deviations: Double, minimumScore: Double? = nil, minimumSentences: Int = 1) {
        self.deviations = deviations
        self.minimumScore = minimumScore
        self.minimumSentences = max(1, minimumSentences)
    }

    /// For the model's log-odds of a line break (tuned on the segmentation dev set, in-sample).
    public static let model = ParagraphBreakRule(deviations: 1.0, minimumSentences: 2)
    /// For ``LexicalCohesion`` depth scores (tuned on the segmentation dev set, in-sample).
    public static let cohesion = ParagraphBreakRule(deviations: 1.0, minimumSentences: 2)

    /// Whether a paragraph ends after each sentence but the last; `nil` when the scores do not fit
    /// the sentences (a wrong count or a value that is not finite).
    public func breaks(for scores: [Double], sourceCount: Int) -> [Bool]? {
        guard sourceCount > 0, scores.count == sourceCount - 1, scores.allSatisfy(\.isFinite) else { return nil }
        guard !scores.isEmpty else { return [] }
        let mean = scores.reduce(0, +) / Double(scores.count)
        let variance = scores.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(scores.count)
        let threshold = mean + deviations * variance.squareRoot()
        var candidates = scores.indices.filter { index in
            let score = scores[index]
            let peak = (index == 0 || score >= scores[index - 1]) && (index == scores.count - 1 || score >= scores[index + 1])
            return peak && score > threshold && score >= (minimumScore ?? -Double.infinity)
        }
        // Strongest first, keep a break only when it leaves every paragraph long enough.
        candidates.sort { scores[$0] > scores[$1] }
        var kept: [Int] = []
        for index in candidates {
            // A break after sentence `index` starts a paragraph at `index + 1`.
            let start = index + 1
            let edges = [0, sourceCount] + kept.map { $0 + 1 }
            if edges.allSatisfy({ abs($0 - start) >= minimumSentences }) { kept.append(index) }
        }
        var result = Array(repeating: false, count: scores.count)
        for index in kept { result[index] = true }
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
}
