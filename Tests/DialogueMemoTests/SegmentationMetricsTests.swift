import DialogueMemo
import Testing

@Suite struct SegmentationMetricsTests {
    @Test func perfectSegmentationScoresZero() {
        #expect(SegmentationMetrics.pk(reference: [3, 2, 4], hypothesis: [3, 2, 4], k: 2) == 0)
        #expect(SegmentationMetrics.windowDiff(reference: [3, 2, 4], hypothesis: [3, 2, 4], k: 2) == 0)
    }

    @Test func windowIsHalfTheMeanReferenceSegment() {
        #expect(SegmentationMetrics.window(forReference: [4, 4, 4]) == 2)
        #expect(SegmentationMetrics.window(forReference: [1, 1]) == 1)
        #expect(SegmentationMetrics.window(forReference: [10, 12]) == 6)
    }

    @Test func knownValues() {
        // Reference [2, 2]: boundary after sentence 2. One segment: windows (0,2) and (1,3) both miss it.
        #expect(SegmentationMetrics.pk(reference: [2, 2], hypothesis: [4], k: 2) == 1)
        // All singletons against [2, 2] with k = 1: windows (0,1) and (2,3) disagree, (1,2) agrees.
        #expect(abs(SegmentationMetrics.pk(reference: [2, 2], hypothesis: [1, 1, 1, 1], k: 1) - 2.0 / 3.0) < 1e-9)
        // WindowDiff also counts a window with two boundaries where the reference has one.
        #expect(SegmentationMetrics.pk(reference: [2, 2], hypothesis: [1, 1, 1, 1], k: 2) == 0)
        #expect(SegmentationMetrics.windowDiff(reference: [2, 2], hypothesis: [1, 1, 1, 1], k: 2) == 1)
    }

    @Test func singleSentenceDocumentsScoreZero() {
        #expect(SegmentationMetrics.pk(reference: [1], hypothesis: [1], k: 1) == 0)
    }
}
