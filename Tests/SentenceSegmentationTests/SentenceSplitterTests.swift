import SentenceSegmentation
import Testing

/// Rule classes of the sentence splitter, each with inputs of its own (not from the golden file).
@Suite struct SentenceSplitterTests {
    private func split(_ text: String, _ language: String = "en") -> [String] {
        SentenceSplitter.split(text, language: language).map(\.text)
    }

    @Test func splitsPlainSentences() {
        #expect(split("The sun rose. Birds sang! Did you hear them?") == ["The sun rose.", "Birds sang!", "Did you hear them?"])
        #expect(split("Guten Morgen. Wie geht es dir?", "de") == ["Guten Morgen.", "Wie geht es dir?"])
    }

    @Test func keepsInitialsInsideASentence() {
        #expect(split("The novel was written by George R. Martin in Maine.") == ["The novel was written by George R. Martin in Maine."])
        #expect(split("Ask Mary K. Jones about it. She knows.") == ["Ask Mary K. Jones about it.", "She knows."])
        #expect(split("It was you, not I. Nobody else came.") == ["It was you, not I.", "Nobody else came."])
    }

    @Test func keepsTitlesWithTheirNames() {
        #expect(split("Mrs. Brown met Prof. Green today.") == ["Mrs. Brown met Prof. Green today."])
        #expect(split("La Sra. Gómez habló con el Ing. Pérez ayer.", "es") == ["La Sra. Gómez habló con el Ing. Pérez ayer."])
        #expect(split("Mme Martin et Mlle. Roux sont là. Elles parlent.", "fr") == ["Mme Martin et Mlle. Roux sont là.", "Elles parlent."])
    }

    @Test func endsASentenceAfterAnAbbreviationWhenANewOneStarts() {
        #expect(split("He moved to the U.K. After that he wrote books.") == ["He moved to the U.K.", "After that he wrote books."])
        #expect(split("She joined Acme Inc. They hired her fast.") == ["She joined Acme Inc.", "They hired her fast."])
        #expect(split("The U.K. Parliament voted on Monday.") == ["The U.K. Parliament voted on Monday."])
        #expect(split("The shop opens at 9 a.m. and closes at 5 p.m. We are there all day.")
            == ["The shop opens at 9 a.m. and closes at 5 p.m.", "We are there all day."])
    }

    @Test func keepsAbbreviationsBeforeNumbers() {
        #expect(split("Read ch. 3 and fig. 2 before the exam.") == ["Read ch. 3 and fig. 2 before the exam."])
        #expect(split("Ich wohne in der Lindenstr. 12 in Köln. Komm vorbei!", "de") == ["Ich wohne in der Lindenstr. 12 in Köln.", "Komm vorbei!"])
        #expect(split("The box holds No. 7 and No. 8 only.") == ["The box holds No. 7 and No. 8 only."])
    }

    @Test func splitsBeforeASentenceThatStartsWithANumber() {
        #expect(split("We asked the committee. 12 members agreed.") == ["We asked the committee.", "12 members agreed."])
        #expect(split("The total is 42. 7 of us paid.") == ["The total is 42.", "7 of us paid."])
        #expect(split("Consulte el art. 14 y la pág. 20 del manual.", "es") == ["Consulte el art. 14 y la pág. 20 del manual."])
    }

    @Test func keepsSpacedAbbreviationsTogether() {
        #expect(split("Viajó a los EE. UU. el año pasado.", "es") == ["Viajó a los EE. UU. el año pasado."])
        #expect(split("Das gilt u. U. für alle Kunden.", "de") == ["Das gilt u. U. für alle Kunden."])
        #expect(split("Er ist Dr. phil. Becker aus Bonn.", "de") == ["Er ist Dr. phil. Becker aus Bonn."])
    }

    @Test func doesNotBreakAfterAPeriodGluedToAWord() {
        #expect(split("Compra: 1.Pan, 2.Leche, 3.Huevos. ¿Algo más?", "es") == ["Compra: 1.Pan, 2.Leche, 3.Huevos.", "¿Algo más?"])
    }

    @Test func splitsNumberedAndLetteredLists() {
        #expect(split("1) Wash the car 2) Feed the cat 3) Call mom") == ["1) Wash the car", "2) Feed the cat", "3) Call mom"])
        #expect(split("a) apples b) pears") == ["a) apples", "b) pears"])
        #expect(split("i. Gather data ii. Clean it iii. Publish") == ["i. Gather data", "ii. Clean it", "iii. Publish"])
        #expect(split("Steps: 1. Open the box. 2. Take out the phone.") == ["Steps: 1. Open the box.", "2. Take out the phone."])
        #expect(split("- 1. Draft - 2. Review") == ["- 1. Draft", "- 2. Review"])
    }

    @Test func handlesEllipses() {
        #expect(split("He paused . . . and then spoke.") == ["He paused . . . and then spoke."])
        #expect(split("I tried . . . . Then I gave up.") == ["I tried . . . .", "Then I gave up."])
        #expect(split("We waited. . . . Nobody came.") == ["We waited.", ". . . Nobody came."])
        #expect(split("Well... I guess so.") == ["Well...", "I guess so."])
        #expect(split("The quote [...] was cut (Jones 12).") == ["The quote [...] was cut (Jones 12)."])
    }

    @Test func keepsExclamationMarksInsideNames() {
        #expect(split("We watched Jeopardy! with grandma.") == ["We watched Jeopardy! with grandma."])
        #expect(split("\"Stop!\" she shouted at him.") == ["\"Stop!\" she shouted at him."])
    }

    @Test func keepsGermanOrdinalDatesAndOrdinals() {
        #expect(split("Am 3. Oktober feiern wir. Danach ruhen wir uns aus.", "de") == ["Am 3. Oktober feiern wir.", "Danach ruhen wir uns aus."])
        #expect(split("Das ist der 5. Versuch heute.", "de") == ["Das ist der 5. Versuch heute."])
        #expect(split("Im 19. Jahrhundert wuchs die Stadt. Heute ist sie groß.", "de") == ["Im 19. Jahrhundert wuchs die Stadt.", "Heute ist sie groß."])
        #expect(split("Das ist ein Test. Wir gehen.", "de") == ["Das ist ein Test.", "Wir gehen."])
        #expect(split("Bitte bring z. B. Brot mit.", "de") == ["Bitte bring z. B. Brot mit."])
    }

    @Test func keepsJapaneseQuotationsTogether() {
        #expect(split("「行こう！」と彼女は言った。私は頷いた。", "ja") == ["「行こう！」と彼女は言った。", "私は頷いた。"])
        #expect(split("雨です。「本当？」", "ja") == ["雨です。", "「本当？」"])
    }

    @Test func rangesPointIntoTheOriginalText() {
        let text = "  Hi there! 👨‍👩‍👧 Family é.\n\nNew line.\tEnd?  "
        let sentences = SentenceSplitter.split(text, language: "en")
        #expect(!sentences.isEmpty)
        for sentence in sentences {
            #expect(String(text[sentence.range]) == sentence.text)
            #expect(sentence.text.first?.isWhitespace == false)
            #expect(sentence.text.last?.isWhitespace == false)
        }
        #expect(sentences.map(\.text) == ["Hi there!", "👨‍👩‍👧 Family é.", "New line.", "End?"])
    }

    @Test func acceptsLanguageTagsWithRegions() {
        #expect(split("Mr. Lee left. We stayed.", "en-US") == ["Mr. Lee left.", "We stayed."])
        #expect(split("Mr. Lee left. We stayed.", "EN_gb") == ["Mr. Lee left.", "We stayed."])
    }

    @Test func emptyAndWhitespaceOnlyTextHasNoSentences() {
        #expect(split("").isEmpty)
        #expect(split(" \n\t ").isEmpty)
    }
}
