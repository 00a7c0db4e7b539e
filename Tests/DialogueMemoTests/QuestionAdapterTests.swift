import AssetRequirements
import DialogueMemo
import Foundation
import LanguageModels
import Testing

/// The bundled next-question adapter on the real default model: it fits, the product's access
/// uses it, and a decision under it is still one of the schema's intents. Greedy output depends on
/// the thread count, so these check invariants, not which intent is picked.
/// The catalog's Qwen2.5-Coder-0.5B, which setup installs for Quick Log.
let questionQwen = InstalledAsset(
    isInstalled: (try? SystemLanguageModel(reference: "qwen2.5-coder-0.5b"))?.availability == .available,
    missing: "qwen2.5-coder-0.5b is not installed (run make setup)")

@Suite(.enabled(ifInstalled: defaultModel), .requires(defaultModel))
struct QuestionAdapterTests {
    @Test func theBundledAdapterFitsTheDefaultModelAndTheProductUsesIt() throws {
        let adapter = try #require(QuestionAdapter.bundled.first)
        #expect(QuestionAdapter.bundled.count == 2)
        #expect(QuestionAdapter.fitting(.default) == adapter)
        // SmolLM2's adapter decides in English only, as the model declares.
        #expect(QuestionAdapter.languages(of: adapter) == [.english])
        // The product decides with the question model and the adapter that fits it (Qwen's when
        // setup installed it), and titles with the model it runs.
        let decider = QuestionAdapter.questionModel(for: .default)
        let model = try #require(ModelAccess.resolve(.default, language: .english).model as? LanguageModelMemoModel)
        #expect(model.questionAdapter == QuestionAdapter.fitting(decider))
        #expect(model.questionBaseModel.catalogName == decider.catalogName)
        #expect(model.model.catalogName == SystemLanguageModel.default.catalogName)
        // Titles stay in the languages the title model declares.
        #expect(model.titleLanguages == Set(MemoLanguage.allCases.filter { SystemLanguageModel.default.supportsLocale($0.locale) }))
    }

    @Test func aDecisionUnderTheAdapterIsOneOfTheSchemasIntents() async throws {
        let adapter = try #require(QuestionAdapter.bundled.first)
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

    /// Qwen2.5-Coder-0.5B (installed by setup for Quick Log) gets its own adapter, which decides in
    /// all five languages: a German state reaches the model, and its pick is one of the intents.
    @Test(.enabled(ifInstalled: questionQwen), .requires(questionQwen))
    func qwenGetsItsOwnAdapterAndDecidesInEveryLanguage() async throws {
        let qwen = try SystemLanguageModel(reference: "qwen2.5-coder-0.5b")
        let adapter = try #require(QuestionAdapter.fitting(qwen))
        #expect(adapter != QuestionAdapter.fitting(.default))
        #expect(QuestionAdapter.languages(of: adapter) == Set(MemoLanguage.allCases))
        let model = try #require(ModelAccess.resolve(qwen, language: .german).model as? LanguageModelMemoModel)
        #expect(model.questionAdapter == adapter)
        // With the default model selected, the questions are Qwen's when it is installed.
        #expect(QuestionAdapter.questionModel(for: .default).catalogName == QuestionAdapter.preferredModelName)
        let turns = [DialogueTurn(intent: nil, answer: "Ich möchte im Winter Cello lernen. Meine Tochter spielt Geige.")]
        let prompt = MemoPrompts.questionPrompt(for: DialogueContext(turns: turns), language: .german)
        #expect(QuestionChoice.allCases.contains(try await model.chooseQuestion(prompt: prompt)))
    }

    @Test func aModelThatIsNotThereGetsNoAdapter() {
        let missing = SystemLanguageModel(url: URL(fileURLWithPath: "/nonexistent/verbatim-test-model.gguf"))
        #expect(QuestionAdapter.fitting(missing) == nil)
    }
}
