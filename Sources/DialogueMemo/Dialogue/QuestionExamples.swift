/// Worked examples for the question choice: short dialogue states with the intent we judge
/// best, shown to the model in its instructions (``MemoPrompts/questionInstructionsWithExamples``).
///
/// They sit in the cached instruction prefix, so they are evaluated once per process and reused
/// through the KV cache. Each one shows a choice a keyword rule or a label prior gets wrong: an
/// angle already answered in other words is not asked again. Written for this project; none is
/// a state of the evaluation sets (a test checks it).
public enum QuestionExamples {
    /// One worked example: the conversation so far and the intent to choose next.
    public struct Example: Sendable, Equatable {
        /// The idea first, then each answer.
        public var turns: [DialogueTurn]
        /// The intent we judge best next.
        public var choice: QuestionChoice

        /// Creates an example.
        public init(turns: [DialogueTurn], choice: QuestionChoice) {
            self.turns = turns
            self.choice = choice
        }
    }

    /// The examples, in the order the instructions show them; English, like the model the
    /// product asks.
    public static let all: [Example] = [
        Example(
            turns: [
                DialogueTurn(
                    intent: nil,
                    answer: "App idea: a reminder for library books, since I paid three late fees this spring.")
            ],
            choice: .validation),
        Example(
            turns: [
                DialogueTurn(
                    intent: nil,
                    answer: "Yesterday I baked bread with my nephew. He was so proud of the lopsided loaf, and so was I.")
            ],
            choice: .takeaway),
        Example(
            turns: [DialogueTurn(intent: nil, answer: "Team meeting recap: we went for the blue packaging.")],
            choice: .reason),
        Example(
            turns: [
                DialogueTurn(
                    intent: nil, answer: "Meeting with the caretaker on Monday: I want the broken window in the hall fixed.")
            ],
            choice: .preparation),
        Example(
            turns: [
                DialogueTurn(
                    intent: nil, answer: "Product idea: a lunchbox for night-shift nurses that keeps soup hot for ten hours."),
                DialogueTurn(intent: .problem, answer: "The hospital canteen shuts at night and the one microwave has a queue."),
            ],
            choice: .ideaDetails),
        Example(
            turns: [
                DialogueTurn(intent: nil, answer: "Thinking about learning to swim this summer."),
                DialogueTurn(intent: .moreDetails, answer: "In the lake near my parents' house, with a coach on Saturdays."),
            ],
            choice: .obstacle),
        Example(
            turns: [
                DialogueTurn(intent: nil, answer: "Summary of the phone call with the school about the class trip."),
                DialogueTurn(intent: .decision, answer: "The class goes to the coast in May, two nights."),
                DialogueTurn(intent: .nextStep, answer: "I send the consent forms home on Friday."),
                DialogueTurn(intent: .obstacle, answer: "Two families may not afford it; the school has a fund for that."),
            ],
            choice: .ready),
    ]

    /// The examples as the model sees them: each example's question prompt (built as the real
    /// ones are, by ``MemoPrompts/questionPrompt(for:language:)``) and then the answer it should
    /// give, as the JSON the schema asks for.
    public static var text: String {
        all.map { example in
            MemoPrompts.questionPrompt(for: DialogueContext(turns: example.turns), language: .english) + "\n"
                + "{\"nextQuestion\":\"\(example.choice.rawValue)\"}"
        }.joined(separator: "\n")
    }
}
