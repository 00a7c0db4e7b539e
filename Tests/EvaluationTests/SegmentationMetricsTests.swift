import Evaluation
import Testing

@Suite struct SegmentationMetricsTests {
    /// A reference and a hypothesis as segment sizes, a window k, and the Pk and WindowDiff worked by hand.
    struct Case: Sendable, CustomTestStringConvertible {
        var reference: [Int]
        var hypothesis: [Int]
        var k: Int
        var pk: Double
        var windowDiff: Double
        var testDescription: String { "\(reference) vs \(hypothesis), k = \(k)" }
    }

    // Boundary flags sit between neighbouring sentences (n − 1 of them); window i counts the flags
    // i..<i+k, and there are n − k windows.
    static let cases: [Case] = [
        // Identical segmentations: no window disagrees.
        Case(reference: [3, 2, 4], hypothesis: [3, 2, 4], k: 2, pk: 0, windowDiff: 0),
        // Reference [2, 2] has one boundary (flags F T F); one segment has none (F F F). k = 2: windows
        // (0,1) and (1,2) each hold 1 reference boundary and 0 hypothesis ones → 2 of 2 wrong.
        Case(reference: [2, 2], hypothesis: [4], k: 2, pk: 1, windowDiff: 1),
        // All singletons (T T T) against F T F, k = 1: windows 0 and 2 disagree, window 1 agrees → 2/3.
        Case(reference: [2, 2], hypothesis: [1, 1, 1, 1], k: 1, pk: 2.0 / 3.0, windowDiff: 2.0 / 3.0),
        // k = 2: windows hold 1 vs 2 boundaries. Pk only asks "any boundary?" (both yes → 0 of 2);
        // WindowDiff counts them (1 ≠ 2 in both → 2 of 2).
        Case(reference: [2, 2], hypothesis: [1, 1, 1, 1], k: 2, pk: 0, windowDiff: 1),
        // [3, 3] is F F T F F, [2, 4] is F T F F F; k = 2, 4 windows: (0,1) 0 vs 1 ✗, (1,2) 1 vs 1 ✓,
        // (2,3) 1 vs 0 ✗, (3,4) 0 vs 0 ✓ → 2/4.
        Case(reference: [3, 3], hypothesis: [2, 4], k: 2, pk: 0.5, windowDiff: 0.5),
        // k larger than the document is clamped to n − 1 = 3: one window (flags 0..<3), 1 vs 0 → 1/1.
        Case(reference: [2, 2], hypothesis: [4], k: 10, pk: 1, windowDiff: 1),
        // One sentence: no window at all, no error.
        Case(reference: [1], hypothesis: [1], k: 1, pk: 0, windowDiff: 0),
    ]

    @Test(arguments: cases)
    func pkAndWindowDiffMatchTheHandComputedValues(_ example: Case) {
        let pk = SegmentationMetrics.pk(reference: example.reference, hypothesis: example.hypothesis, k: example.k)
        let windowDiff = SegmentationMetrics.windowDiff(reference: example.reference, hypothesis: example.hypothesis, k: example.k)
        #expect(abs(pk - example.pk) < 1e-12)
        #expect(abs(windowDiff - example.windowDiff) < 1e-12)
    }

    @Test(arguments: [
        // Half the mean reference segment, rounded half away from zero, at least 1.
        ([4, 4, 4], 2),  // 12 / 3 / 2 = 2
        ([1, 1], 1),  // 2 / 2 / 2 = 0.5 → 1
        ([10, 12], 6),  // 22 / 2 / 2 = 5.5 → 6
        ([3, 3], 2),  // 6 / 2 / 2 = 1.5 → 2
        ([], 1),
    ])
    func windowIsHalfTheMeanReferenceSegment(reference: [Int], window: Int) {
        #expect(SegmentationMetrics.window(forReference: reference) == window)
    }
}
