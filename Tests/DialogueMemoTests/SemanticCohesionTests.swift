@testable import DialogueMemo
import Testing

@Suite struct SemanticCohesionTests {
    @Test func theDeepestBoundaryIsWhereTheVectorsChangeDirection() {
        // Four sentences about one thing, then four about another (orthogonal directions).
        let first: [Float] = [1, 0.1, 0]
        let second: [Float] = [0, 0.1, 1]
        let vectors = Array(repeating: first, count: 4) + Array(repeating: second, count: 4)
        let depths = SemanticCohesion.depthScores(for: vectors, window: 2)
        #expect(depths.count == 7)
        #expect(depths.firstIndex(of: depths.max()!) == 3)
        #expect(depths.allSatisfy { $0 >= 0 })
        let breaks = ParagraphBreakRule.semantic.breaks(for: depths, sourceCount: vectors.count)
        #expect(breaks.map(ParagraphBreakRule.groups) == [[1, 2, 3, 4], [5, 6, 7, 8]])
    }

    @Test func fewerThanTwoSentencesHaveNoBoundaries() {
        #expect(SemanticCohesion.depthScores(for: []).isEmpty)
        #expect(SemanticCohesion.depthScores(for: [[1, 0]]).isEmpty)
    }
}
