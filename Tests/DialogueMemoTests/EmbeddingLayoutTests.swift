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
    @Test(arguments: MemoLanguage.allCases)
    func everyLanguageIsLaidOutWithTheFirstRankedMethodWhoseEncoderIsInstalled(language: MemoLanguage) {
        let catalog = VerbatimConfiguration.current.modelCatalog
        let installed = LayoutMethod.ranked(for: language).first { method in
            guard let name = method.encoderName else { return true }
            guard let entry = catalog.models.first(where: { $0.name == name }), case .installed = entry.status else { return false }
            return true
        }
        let choice = LayoutChoice.resolve(for: language, threads: 1)
        #expect(choice.method == (installed ?? .oneBlockPerAnswer))
        #expect((choice.scorer != nil) == (choice.method?.encoderName != nil))
        #expect(choice.local.isLocal)
        // No language model takes part: the choice is the same whether or not it declares the language.
        #expect(ModelAccess.resolve(.default, language: language).layout.method == choice.method)
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
        let model = EmbeddingBreakScorer(embedding: try EmbeddingModel.installed(threads: 1))
        let scores = try await model.paragraphBreakScores(for: sources)
        #expect(scores.count == sources.count - 1)
        #expect(scores.firstIndex(of: scores.max()!) == garden.count - 1, "\(scores)")
        let (note, record) = await NoteLayout.compose(sources: sources, model: model, language: .english)
        #expect(LayoutPropertyCheck.holdsEverySentence(note.markdown, sources: sources, language: .english))
        #expect(note.groups.map(\.count) == [garden.count, job.count])
        #expect(record.localFallbacks == 0)
    }

    @Test func aLongJapaneseAnswerAboutTwoThingsIsSplitByTheLanguagesChosenEncoder() async throws {
        let choice = LayoutChoice.resolve(for: .japanese, threads: 1)
        try #require(choice.scorer != nil, "no encoder ranked for Japanese is installed")
        let kitchen = [
            "台所の蛇口から水が少しずつ漏れている。", "パッキンが古くなっているのかもしれない。",
            "ホームセンターで新しい部品を買ってこよう。", "蛇口の修理が終わるまで台所の元栓は閉めておく。",
        ]
        let concert = [
            "来月、友だちとピアノの演奏会に行く。", "曲目はショパンの夜想曲が中心らしい。",
            "チケットは駅前のプレイガイドで受け取る。", "終わったら近くの店で夕食を食べたい。",
        ]
        let sources = kitchen + concert
        let (note, record) = await NoteLayout.compose(
            sources: sources, model: choice.scorer, language: .japanese, local: choice.local)
        #expect(LayoutPropertyCheck.holdsEverySentence(note.markdown, sources: sources, language: .japanese))
        #expect(note.groups.map(\.count) == [kitchen.count, concert.count])
        #expect(record.localFallbacks == 0, "\(record.failures)")
    }

    @Test func aSentenceLongerThanTheEncodersContextIsReadFromItsStartInsteadOfFallingBack() async throws {
        // A transcript without punctuation is one "sentence" of several thousand tokens.
        let ramble = (1...600).map { "and then we talked about the garden number \($0)" }.joined(separator: " ") + "."
        let sources = ["We met on Sunday.", ramble, "Next week we will buy seeds.", "My sister starts her job on Monday."]
        let model = EmbeddingBreakScorer(embedding: try EmbeddingModel.installed(threads: 1))
        let scores = try await model.paragraphBreakScores(for: sources)
        #expect(scores.count == sources.count - 1)
        let (note, record) = await NoteLayout.compose(sources: sources, model: model, language: .english)
        #expect(LayoutPropertyCheck.holdsEverySentence(note.markdown, sources: sources, language: .english))
        #expect(record.localFallbacks == 0, "\(record.failures)")
    }
}
