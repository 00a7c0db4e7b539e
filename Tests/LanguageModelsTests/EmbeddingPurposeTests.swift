@testable import LanguageModels
import Testing

@Suite struct EmbeddingPurposeTests {
    @Test(arguments: ["nomic-embed-text-v1.5", "embeddinggemma-300m", "all-MiniLM-L6-v2"])
    func plainTextHasNoTaskPrompt(model: String) {
        #expect(EmbeddingPurpose.plainText.prefix(forModelNamed: model) == "")
    }

    @Test(arguments: ["nomic-embed-text-v1.5", "embeddinggemma-300m"])
    func everyOtherPurposeHasTheModelsPrompt(model: String) {
        for purpose in EmbeddingPurpose.allCases where purpose != .plainText {
            #expect(!purpose.prefix(forModelNamed: model).isEmpty, "\(purpose)")
        }
    }
}
