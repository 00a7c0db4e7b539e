/// Scores a segmentation of sentences against a reference with Pk (Beeferman et al.) and
/// WindowDiff (Pevzner and Hearst). Both are error rates: 0 is perfect, lower is better.
///
/// Segmentations are given as segment sizes (`[3, 2]` is five sentences in two segments).
public enum SegmentationMetrics {
    /// The customary window: half the mean reference segment length, rounded, at least 1.
    public static func window(forReference sizes: [Int]) -> Int {
        let total = sizes.reduce(0, +)
        guard !sizes.isEmpty, total > 0 else { return 1 }
        return max(1, Int((Double(total) / Double(sizes.count) / 2).rounded()))
    }

    /// Pk: the share of windows `(i, i + k)` where the two segmentations disagree on whether both
    /// ends lie in the same segment.
    public static func pk(reference: [Int], hypothesis: [Int], k: Int) -> Double {
        score(reference: reference, hypothesis: hypothesis, k: k) { referenceCount, hypothesisCount in
            (referenceCount == 0) != (hypothesisCount == 0)
        }
    }

    /// WindowDiff: the share of windows `(i, i + k)` holding a different number of boundaries.
    public static func windowDiff(reference: [Int], hypothesis: [Int], k: Int) -> Double {
        score(reference: reference, hypothesis: hypothesis, k: k) { $0 != $1 }
    }

    /// `boundaries[i]` is true when a segment ends after sentence `i` (one flag between each
    /// pair of neighbouring sentences).
    static func boundaries(_ sizes: [Int]) -> [Bool] {
        var result: [Bool] = []
        for size in sizes where size > 0 {
            result += Array(repeating: false, count: size - 1) + [true]
        }
        return Array(result.dropLast())
    }

    private static func score(reference: [Int], hypothesis: [Int], k: Int, differs: (Int, Int) -> Bool) -> Double {
        let referenceBoundaries = boundaries(reference)
        let hypothesisBoundaries = boundaries(hypothesis)
        precondition(referenceBoundaries.count == hypothesisBoundaries.count, "segmentations of different lengths")
        let sentences = referenceBoundaries.count + 1
        let k = min(max(1, k), max(1, sentences - 1))
        guard sentences > k else { return 0 }
        // Prefix sums of boundaries, so each window costs O(1).
        func prefix(_ flags: [Bool]) -> [Int] {
            var sums = [0]
            for flag in flags { sums.append(sums.last! + (flag ? 1 : 0)) }
            return sums
        }
        let referenceSums = prefix(referenceBoundaries)
        let hypothesisSums = prefix(hypothesisBoundaries)
        var errors = 0
        for start in 0..<(sentences - k) {
            // The boundaries between sentence `start` and sentence `start + k`.
            let referenceCount = referenceSums[start + k] - referenceSums[start]
            let hypothesisCount = hypothesisSums[start + k] - hypothesisSums[start]
            if differs(referenceCount, hypothesisCount) { errors += 1 }
        }
        return Double(errors) / Double(sentences - k)
    }
}
