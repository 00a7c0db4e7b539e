import DialogueMemo
import Testing

/// The seam numbers every answer's sentences in order; the splitter has its own tests.
@Suite struct SourceSentencesTests {
    @Test func numbersEachAnswersSentencesInOrderAndSkipsBlankAnswers() {
        #expect(SourceSentences.sources(from: ["A new idea. Frozen meals!  Why? Yes"], language: "en")
            == ["A new idea.", "Frozen meals!", "Why?", "Yes"])
        #expect(SourceSentences.sources(from: ["新しいアイデアです。冷凍食品です。"], language: "ja")
            == ["新しいアイデアです。", "冷凍食品です。"])
        #expect(SourceSentences.sources(from: ["Pi is 3.14 today.", "", "  ", "Dr. Smith agreed."], language: "en")
            == ["Pi is 3.14 today.", "Dr. Smith agreed."])
        #expect(SourceSentences.sources(from: ["🙂🙂"], language: "en") == ["🙂🙂"])
    }
}
