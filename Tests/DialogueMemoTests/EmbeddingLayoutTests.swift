import AssetRequirements
import DialogueMemo
import Foundation
import LanguageModels
import Testing

/// Runs only when setup has installed the default model and the catalog's embedding model.
let embeddingAndDefaultModel = InstalledAsset(
    isInstalled: SystemLanguageModel.default.availability == .available
        && VerbatimConfiguration.current.modelCatalog.installedModel(of: .embedding) != nil,
    missing: "the default model or the embedding model is not installed (run make setup)")

@Suite(.serialized, .enabled(ifInstalled: embeddingAndDefaultModel), .requires(embeddingAndDefaultModel))
struct EmbeddingLayoutTests {
    @Test func englishNotesAreLaidOutFromSentenceEmbeddingsAndOtherLanguagesAreNot() throws {
        let english = try #require(ModelAccess.resolve(.default, language: .english).model as? LanguageModelMemoModel)
        #expect(english.embedding != nil)
        #expect(english.paragraphBreakRule == .semantic)
        let german = ModelAccess.resolve(.default, language: .german)
        #expect((german.model as? LanguageModelMemoModel)?.embedding == nil)
    }

    @Test func aLongAnswerAboutTwoThingsIsSplitWhereTheTopicChangesAndKeepsEverySentence() async throws {
        let garden = [
            "We planted tomatoes and beans along the south fence in May.",
            "The tomatoes need watering every evening when it is hot.",
            "Slugs ate half of the bean seedlings in the first week.",
            "Next year I want raised beds so the soil drains better.",
        ]
        let job = [
            "My sister starts her new job at the bank on Monday.",
            "She will commute by train, which takes about an hour each way.",
            "Her salary is higher, but she worries about the long days.",
            "She plans to work from home on Fridays once her trial period ends.",
        ]
        let sources = garden + job
        let model = LanguageModelMemoModel(embedding: try EmbeddingModel.installed(threads: 1))
        let scores = try await model.paragraphBreakScores(for: sources)
        #expect(scores.count == sources.count - 1)
        #expect(scores.firstIndex(of: scores.max()!) == garden.count - 1, "\(scores)")
        let (note, record) = await NoteLayout.compose(sources: sources, model: model, language: .english)
        #expect(LayoutPropertyCheck.holdsEverySentence(note.markdown, sources: sources, language: .english))
        #expect(note.groups.map(\.count) == [garden.count, job.count])
        #expect(record.localFallbacks == 0)
    }

    @Test func aSentenceLongerThanTheEncodersContextIsReadFromItsStartInsteadOfFallingBack() async throws {
        // A transcript without punctuation is one "sentence" of several thousand tokens.
        let ramble = (1...600).map { "and then we talked about the garden number \($0)" }.joined(separator: " ") + "."
        let sources = ["We met on Sunday.", ramble, "Next week we will buy seeds.", "My sister starts her job on Monday."]
        let model = LanguageModelMemoModel(embedding: try EmbeddingModel.installed(threads: 1))
        let scores = try await model.paragraphBreakScores(for: sources)
        #expect(scores.count == sources.count - 1)
        let (note, record) = await NoteLayout.compose(sources: sources, model: model, language: .english)
        #expect(LayoutPropertyCheck.holdsEverySentence(note.markdown, sources: sources, language: .english))
        #expect(record.localFallbacks == 0, "\(record.failures)")
    }
}
