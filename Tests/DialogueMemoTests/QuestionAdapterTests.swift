import AssetRequirements
import DialogueMemo
import Foundation
import LanguageModels
import Testing

/// The bundled next-question adapter on the real default model: it fits, the product's access
/// uses it, and a decision under it is still one of the schema's intents. Greedy output depends on
/// the thread count, so these check invariants, not which intent is picked.
@Suite(.enabled(ifInstalled: defaultModel), .requires(defaultModel))
struct QuestionAdapterTests {
    @Test func theBundledAdapterFitsTheDefaultModelAndTheProductUsesIt() throws {
        let adapter = try #require(QuestionAdapter.bundled)
        #expect(QuestionAdapter.fitting(.default) == adapter)
        let model = try #require(ModelAccess.resolve(.default, language: .english).model as? LanguageModelMemoModel)
        #expect(model.questionAdapter == adapter)
    }

    @Test func aDecisionUnderTheAdapterIsOneOfTheSchemasIntents() async throws {
        let adapter = try #require(QuestionAdapter.bundled)
        let model = LanguageModelMemoModel(model: .default, questionAdapter: adapter)
        let turns = [DialogueTurn(intent: nil, answer: "I want to learn the cello this winter. My daughter plays the violin.")]
        let prompt = MemoPrompts.questionPrompt(for: DialogueContext(turns: turns), language: .english)
        let choice = try await model.chooseQuestion(prompt: prompt)
        #expect(QuestionChoice.allCases.contains(choice))
        // Narrowed, the decision keeps to the intents offered.
        let offered: [QuestionChoice] = [.reason, .obstacle, .startingPoint]
        let narrowed = LanguageModelMemoModel(
            model: .default, choiceStrategy: .wholeSequence, narrowsChoices: true, questionAdapter: model.questionAdapter)
        #expect(offered.contains(try await narrowed.chooseQuestion(prompt: prompt, among: offered)))
    }

    @Test func aModelThatIsNotThereGetsNoAdapter() {
        let missing = SystemLanguageModel(url: URL(fileURLWithPath: "/nonexistent/verbatim-test-model.gguf"))
        #expect(QuestionAdapter.fitting(missing) == nil)
    }
}
