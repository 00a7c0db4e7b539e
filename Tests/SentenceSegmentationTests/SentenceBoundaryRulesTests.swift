import SentenceSegmentation
import Testing

/// The sentence rules added to match pySBD's published suite: each rule with examples written for
/// this file (none taken from pySBD's tests).
@Suite struct SentenceBoundaryRulesTests {
    private func split(_ text: String, _ language: String = "en") -> [String] {
        SentenceSplitter.split(text, language: language).map(\.text)
    }

    @Test func keepsQuotationsAndBracketsWhole() {
        #expect(split("He said, \"Stop here. Wait for me!\" and ran off.") == ["He said, \"Stop here. Wait for me!\" and ran off."])
        #expect(split("Mia whispered, 'not now! Later, maybe,' and left.") == ["Mia whispered, 'not now! Later, maybe,' and left."])
        #expect(split("The plan (we made it. Twice.) failed.") == ["The plan (we made it. Twice.) failed."])
        #expect(split("Il a dit « Non. Jamais. » puis il est parti.", "fr") == ["Il a dit « Non. Jamais. » puis il est parti."])
    }

    @Test func inchMarksAreNoQuotations() {
        #expect(split("The shelf is 12\" wide. The door is 30\" wide. Both fit.")
            == ["The shelf is 12\" wide.", "The door is 30\" wide.", "Both fit."])
    }

    @Test func endsASentenceAfterAClosedQuotation() {
        #expect(split("She said \"Go home.\" Then she left.") == ["She said \"Go home.\"", "Then she left."])
        #expect(split("They'll come at noon. We'll wait.") == ["They'll come at noon.", "We'll wait."])
    }

    @Test func endsASentenceAfterSpeechBrokenOffWithADash() {
        #expect(split("\"Wait, I only meant--\" Nobody listened.") == ["\"Wait, I only meant--\"", "Nobody listened."])
        #expect(split("\"If only we—\" and she stopped.") == ["\"If only we—\" and she stopped."])
    }

    @Test func aBracketAfterAQuotedExclamationContinuesTheSentence() {
        #expect(split("He shouted, 'Run!' (Nobody moved.)") == ["He shouted, 'Run!' (Nobody moved.)"])
    }

    @Test func joinsLinesWrappedAfterASpace() {
        #expect(split("The meeting ran \nlong today.") == ["The meeting ran \nlong today."])
        #expect(split("Notes \n(draft) are due.") == ["Notes \n(draft) are due."])
        #expect(split("The meeting ran\nlong today.") == ["The meeting ran", "long today."])
    }

    @Test func keepsLineBreaksAfterColonsBeforeListsAndIndentedLines() {
        #expect(split("Shopping list: \nmilk and eggs") == ["Shopping list:", "milk and eggs"])
        #expect(split("Dinner plans \n1. Cook rice") == ["Dinner plans", "1. Cook rice"])
        #expect(split("Budget 2024 \n\tAppendix B") == ["Budget 2024", "Appendix B"])
    }

    @Test func joinsJapaneseLinesWrappedBetweenLetters() {
        #expect(split("今日は天気が\nいいです。", "ja") == ["今日は天気が\nいいです。"])
        #expect(split("晴れです。\n雨は降りません。", "ja") == ["晴れです。", "雨は降りません。"])
    }

    @Test func readsLettersWrittenOneALineAsOneWord() {
        #expect(split("Look:\nS\nT\nO\nP\n") == ["Look:", "S\nT\nO\nP"])
    }

    @Test func keepsALetterlessParagraphApart() {
        #expect(split("First part.\n\n***\n\nSecond part.") == ["First part.", "***", "Second part."])
    }

    @Test func splitsSentencesWrittenWithoutASpace() {
        #expect(split("We left early.Nobody noticed.") == ["We left early.", "Nobody noticed."])
        #expect(split("It cost 2,500.Then prices fell.") == ["It cost 2,500.", "Then prices fell."])
        #expect(split("It works．Really．") == ["It works．", "Really．"])
    }

    @Test func keepsAddressesAndAttachedMarksTogether() {
        #expect(split("Write to ann.lee@mail.org today.") == ["Write to ann.lee@mail.org today."])
        #expect(split("Open Budget.Final.xlsx now.") == ["Open Budget.Final.xlsx now."])
        #expect(split("Try Go!Lang today.") == ["Try Go!Lang today."])
        #expect(split("Compra: 1.Pan, 2.Leche.", "es") == ["Compra: 1.Pan, 2.Leche."])
    }

    @Test func keepsFootnoteMarksWithTheirSentence() {
        #expect(split("Rivers flood often.[3] Towns move away.") == ["Rivers flood often.[3]", "Towns move away."])
        #expect(split("The idea is old.12 Others disagree.") == ["The idea is old.12", "Others disagree."])
        #expect(split("Das Gerät wiegt 3.5 Kilo.", "de") == ["Das Gerät wiegt 3.5 Kilo."])
    }

    @Test func startsASentenceWithADashAfterAQuestion() {
        #expect(split("Who knows? - Nobody did.") == ["Who knows?", "- Nobody did."])
        #expect(split("Llegamos a Lima, D.C. - Perú ayer.", "es") == ["Llegamos a Lima, D.C. - Perú ayer."])
    }

    @Test func endsASentenceAfterAClockTime() {
        #expect(split("We met at 7 p.m. Everyone was tired.") == ["We met at 7 p.m.", "Everyone was tired."])
        #expect(split("At 7 a.m. Dr. Lee arrived.") == ["At 7 a.m. Dr. Lee arrived."])
    }

    @Test func keepsALetterThatOpensItsSentence() {
        #expect(split("Q. Where is it? A. Under the desk.") == ["Q. Where is it?", "A. Under the desk."])
    }

    @Test func findsMoreKindsOfLists() {
        #expect(split("(a) Buy bread. (b) Call Tom.") == ["(a) Buy bread.", "(b) Call Tom."])
        #expect(split("(i) Buy bread (ii) Call Tom (iii) Rest") == ["(i) Buy bread", "(ii) Call Tom", "(iii) Rest"])
        #expect(split("We have two options. a. stay here b. go home") == ["We have two options.", "a. stay here", "b. go home"])
        #expect(split("You can 1) wait or 2) leave now") == ["You can", "1) wait or", "2) leave now"])
        #expect(split("Tasks • 1. sweep • 2. mop") == ["Tasks", "• 1. sweep", "• 2. mop"])
        #expect(split("1. Mix 2. Bake 1. Cool 2. Serve") == ["1. Mix", "2. Bake", "1. Cool", "2. Serve"])
    }

    @Test func knowsMoreAbbreviations() {
        #expect(split("Smith v. Jones was decided in May.") == ["Smith v. Jones was decided in May."])
        #expect(split("Vivo en la Cra. 15 con Cll. 80 de Bogotá.", "es") == ["Vivo en la Cra. 15 con Cll. 80 de Bogotá."])
        #expect(split("Llame a la Ext. 204 mañana.", "es") == ["Llame a la Ext. 204 mañana."])
    }
}
