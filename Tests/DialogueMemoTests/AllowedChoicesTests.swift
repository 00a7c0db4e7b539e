import DialogueMemo
import Testing

@Suite struct AllowedChoicesTests {
    private static func context(_ idea: String, _ answers: [(QuestionChoice, String)] = []) -> DialogueContext {
        DialogueContext(
            turns: [DialogueTurn(intent: nil, answer: idea)] + answers.map { DialogueTurn(intent: $0.0, answer: $0.1) })
    }

    static let contexts: [DialogueContext] = [
        context("An app idea: a shared shopping list that sorts items by aisle."),
        context("A new app for runners.", [(.problem, "Runners lose track of their shoes' mileage.")]),
        context("Notes from today's team meeting about the launch.", [(.meetingFocus, "The launch date.")]),
        context("A new app for runners.", [(.validation, "I don't know yet.")]),
        context("I read a book about habits.", [(.takeaway, "Small steps."), (.example, "Flossing one tooth.")]),
    ]

    @Test(arguments: contexts)
    func everyAllowedChoiceIsKeptByTheRules(_ context: DialogueContext) {
        let allowed = ChoiceRules.allowedChoices(in: context)
        #expect(!allowed.isEmpty)
        for choice in allowed {
            let decision = ChoiceRules.decide(modelPick: choice, in: context)
            #expect(decision.choice == choice, "\(choice) was changed to \(decision.choice)")
            #expect(decision.reasons == [.keptModelChoice])
        }
    }

    @Test(arguments: contexts)
    func everyOtherChoiceIsOverruled(_ context: DialogueContext) {
        let allowed = Set(ChoiceRules.allowedChoices(in: context))
        for choice in QuestionChoice.allCases where !allowed.contains(choice) {
            #expect(ChoiceRules.decide(modelPick: choice, in: context).reasons != [.keptModelChoice], "\(choice)")
        }
    }

    @Test func askedAndUndecidedIntentsAndMeetingIntentsWithoutAMeetingAreNotOffered() {
        let ctx = Self.context("A new app for runners.", [(.validation, "I don't know yet."), (.problem, "Lost shoes.")])
        let allowed = ChoiceRules.allowedChoices(in: ctx)
        #expect(!allowed.contains(.validation) && !allowed.contains(.problem))
        #expect(!allowed.contains(.meetingFocus) && !allowed.contains(.decision) && !allowed.contains(.stop))
        #expect(allowed.contains(.ready))
    }
}
