import DialogueMemo
import LanguageModels
import Testing

/// The answer a taught question model writes: the intents already answered, then its choice.
struct AnsweredQuestionSelectionTests {
    @Test func theTrainingAnswerReadsBackAsTheSameSelection() throws {
        let selection = AnsweredQuestionSelection(alreadyAnswered: [.decision, .nextStep], nextQuestion: .obstacle)
        #expect(selection.json == #"{"alreadyAnswered":["decision","nextStep"],"nextQuestion":"obstacle"}"#)
        #expect(try AnsweredQuestionSelection(GeneratedContent(json: selection.json)) == selection)
        let nothingAnswered = AnsweredQuestionSelection(alreadyAnswered: [], nextQuestion: .reason)
        #expect(try AnsweredQuestionSelection(GeneratedContent(json: nothingAnswered.json)) == nothingAnswered)
    }

    @Test func theSchemaAsksForTheAnsweredIntentsBeforeTheChoice() {
        let description = AnsweredQuestionSelection.generationSchema.promptDescription
        let answered = description.range(of: "alreadyAnswered")
        let choice = description.range(of: "nextQuestion")
        #expect(answered != nil && choice != nil)
        if let answered, let choice { #expect(answered.lowerBound < choice.lowerBound) }
    }
}
