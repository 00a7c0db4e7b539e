public import LanguageModels

/// The model's answer to "what should we ask next?" with its reading first: the intents the
/// person already answered without being asked (in the idea or in passing), then the choice.
///
/// Writing the answered intents before the choice lets a taught model check its own reading
/// (the choice should be none of them) and lets the code see it (``LanguageModelMemoModel``
/// moves a choice that repeats one of them to another intent).
public struct AnsweredQuestionSelection: Generable, Sendable, Equatable {
    /// The intents whose answer the conversation already holds, though they were not asked.
    public var alreadyAnswered: [QuestionChoice]
    /// The intent the model suggests.
    public var nextQuestion: QuestionChoice

    /// Creates a selection.
    public init(alreadyAnswered: [QuestionChoice], nextQuestion: QuestionChoice) {
        self.alreadyAnswered = alreadyAnswered
        self.nextQuestion = nextQuestion
    }

    public static let generationSchema = GenerationSchema(
        type: "AnsweredQuestionSelection",
        properties: [
            .init(
                "alreadyAnswered", [QuestionChoice].self,
                description: "Intents the person already answered without being asked.", .maximumCount(4)),
            .init(
                "nextQuestion", QuestionChoice.self,
                description: "The most useful follow-up that is neither asked nor already answered."),
        ])

    public init(_ content: GeneratedContent) throws {
        alreadyAnswered = try content.value(forProperty: "alreadyAnswered")
        nextQuestion = try content.value(forProperty: "nextQuestion")
    }

    /// The answer as the model writes it (compact JSON, properties in the schema's order): the
    /// assistant side of a training example.
    public var json: String {
        let answered = alreadyAnswered.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        return "{\"alreadyAnswered\":[\(answered)],\"nextQuestion\":\"\(nextQuestion.rawValue)\"}"
    }
}
