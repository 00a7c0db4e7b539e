import DialogueMemo
import Testing

@Suite struct LayoutPropertyTests {
    /// A few thousand cases here; `verbatim-bench layout-property` runs 100,000.
    static let caseCount = 3_000

    @Test func anyAnswersAndAnyLayoutKeepEverySentenceOnceInOrder() async {
        let summary = await LayoutPropertyCheck.run(cases: Self.caseCount, seed: 0x5EED_0001)
        #expect(summary.cases == Self.caseCount)
        #expect(summary.failures == 0, "\(summary.firstFailure ?? "")")
        // The generator really exercises the retry, the fallback and multi-window notes.
        #expect(summary.retries > 0 && summary.localFallbacks > 0 && summary.multiWindowNotes > 0)
    }

    @Test func theCheckerNoticesALostRepeatedOrChangedSentence() {
        let sources = ["One.", "Two.", "Three."]
        #expect(LayoutPropertyCheck.holdsEverySentence("# One.\n\n- Two.\n- Three.\n", sources: sources, language: .english))
        #expect(!LayoutPropertyCheck.holdsEverySentence("# One.\n\n- Three.\n", sources: sources, language: .english))
        #expect(!LayoutPropertyCheck.holdsEverySentence("# One.\n\n- Two.\n- Two.\n- Three.\n", sources: sources, language: .english))
        #expect(!LayoutPropertyCheck.holdsEverySentence("# One.\n\n- Three.\n- Two.\n", sources: sources, language: .english))
        #expect(!LayoutPropertyCheck.holdsEverySentence("# One.\n\n- Two!\n- Three.\n", sources: sources, language: .english))
        #expect(!LayoutPropertyCheck.holdsEverySentence("# One.\n\n- Two. Nice.\n- Three.\n", sources: sources, language: .english))
    }
}
