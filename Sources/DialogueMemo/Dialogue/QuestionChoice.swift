public import LanguageModels

/// What the next follow-up question is about: the model picks one case, and
/// ``QuestionCatalog`` turns it into a fixed, reviewed sentence.
///
/// `ready` and `stop` have no question: they finish the exchange.
public enum QuestionChoice: String, CaseIterable, Codable, Sendable, Generable {
    case audience, ideaDetails, useCase, problem, reason, example,
        obstacle, preparation, takeaway, validation, keyPoint,
        impression, decision, meetingFocus, purpose, nextStep,
        startingPoint, moreDetails, ready, stop

    /// Whether this case ends the exchange instead of asking something.
    public var finishesExchange: Bool { self == .ready || self == .stop }
}

/// The model's answer to "what should we ask next?": a single enum property, so the options
/// stay mutually exclusive.
public struct QuestionSelection: Generable, Sendable, Equatable {
    /// The intent the model suggests.
    public var nextQuestion: QuestionChoice

    /// Creates a selection.
    public init(nextQuestion: QuestionChoice) {
        self.nextQuestion = nextQuestion
    }

    public static let generationSchema = GenerationSchema(
        type: "QuestionSelection",
        properties: [
            .init(
                "nextQuestion", QuestionChoice.self,
                description: "The most useful unasked follow-up to the latest answer.")
        ])

    public init(_ content: GeneratedContent) throws {
        nextQuestion = try content.value(forProperty: "nextQuestion")
    }
}
