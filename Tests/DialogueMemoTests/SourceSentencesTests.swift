import DialogueMemo
import Testing

/// Tests of the temporary seam only; the real splitter has its own tests.
@Suite struct SourceSentencesTests {
    @Test func splitsAfterTerminatorsAndKeepsTheRest() {
        #expect(SourceSentences.sources(from: ["A new idea. Frozen meals!  Why? Yes"], language: "en")
            == ["A new idea.", "Frozen meals!", "Why?", "Yes"])
        #expect(SourceSentences.sources(from: ["新しいアイデアです。冷凍食品です。"], language: "ja")
            == ["新しいアイデアです。", "冷凍食品です。"])
        #expect(SourceSentences.sources(from: ["Pi is 3.14 today.", "", "  "], language: "en") == ["Pi is 3.14 today."])
        #expect(SourceSentences.sources(from: ["Wait... what?! OK"], language: "en") == ["Wait...", "what?!", "OK"])
        #expect(SourceSentences.sources(from: ["🙂🙂"], language: "en") == ["🙂🙂"])
    }
}
