import DialogueMemo
import Testing

@Suite struct ParagraphBreakRuleTests {
    @Test func scoresThatDoNotFitGiveNoBreaks() {
        let rule = ParagraphBreakRule.semantic
        #expect(rule.breaks(for: [1, 2], sourceCount: 4) == nil)
        #expect(rule.breaks(for: [1, .nan, 2], sourceCount: 4) == nil)
        #expect(rule.breaks(for: [1, -.infinity, 2], sourceCount: 4) == nil)
        #expect(rule.breaks(for: [], sourceCount: 0) == nil)
        #expect(rule.breaks(for: [], sourceCount: 1) == [])
    }

    @Test func equalScoresBreakNowhere() {
        #expect(ParagraphBreakRule.semantic.breaks(for: Array(repeating: -3, count: 9), sourceCount: 10) == Array(repeating: false, count: 9))
    }

    @Test func onlyPeaksAboveTheThresholdBreak() {
        let rule = ParagraphBreakRule(deviations: 1, minimumSentences: 1)
        // Index 2 is a peak far above the rest; index 5 is high but its neighbour is higher.
        let breaks = rule.breaks(for: [0, 0, 9, 0, 0, 3, 4, 0], sourceCount: 9)
        #expect(breaks == [false, false, true, false, false, false, false, false])
    }

    @Test func everyParagraphKeepsTheMinimumLengthStrongestBreakFirst() {
        let rule = ParagraphBreakRule(deviations: 0, minimumSentences: 3)
        // Breaks after sentences 3 and 4 would leave a one-sentence paragraph: the stronger stays.
        let breaks = rule.breaks(for: [0, 0, 5, 0, 0, 0, 6, 0, 0], sourceCount: 10)
        #expect(breaks.map(ParagraphBreakRule.groups(for:)) == [[1, 2, 3], [4, 5, 6, 7], [8, 9, 10]])
        let close = rule.breaks(for: [0, 0, 5, 6, 0, 0, 0, 0, 0], sourceCount: 10)
        #expect(close.map(ParagraphBreakRule.groups(for:)) == [[1, 2, 3, 4], [5, 6, 7, 8, 9, 10]])
    }

    @Test func cohesionCanTipABoundary() {
        let rule = ParagraphBreakRule(deviations: 1, minimumSentences: 2, cohesionWeight: 1)
        let flat: [Double] = [0, 0, 0, 0, 0, 0, 0]
        let cohesion: [Double] = [0, 0, 0, 0.8, 0, 0, 0]
        #expect(rule.breaks(for: flat, cohesion: cohesion, sourceCount: 8)?[3] == true)
        #expect(rule.breaks(for: flat, sourceCount: 8)?.contains(true) == false)
    }

    @Test func lexicalCohesionIsDeepestWhereTheWordsChange() {
        let text = [
            "The garden needs new soil.", "The soil in the garden is dry.", "Dry soil kills the garden plants.",
            "My bike has a flat tyre.", "The bike tyre needs a patch.", "A patch for the bike costs little.",
        ]
        let depths = LexicalCohesion.depthScores(for: text)
        #expect(depths.count == 5)
        #expect(depths.indices.max { depths[$0] < depths[$1] } == 2)
        #expect(depths.allSatisfy { $0 >= 0 })
        #expect(LexicalCohesion.depthScores(for: ["One."]).isEmpty)
    }
}
