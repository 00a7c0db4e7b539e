import AssetRequirements
import Foundation
@testable import LanguageModels
import Testing

/// Runs only when setup has installed EmbeddingGemma-300M (and fails without it under
/// VERBATIM_REQUIRE_MODELS=1).
let multilingualEmbeddingModel = InstalledAsset(
    isInstalled: {
        guard let entry = VerbatimConfiguration.current.modelCatalog.model(named: EmbeddingModel.multilingualModelName),
            case .installed = entry.status
        else { return false }
        return true
    }(),
    missing: "EmbeddingGemma-300M is not installed (run make setup)")

/// One sentence in five languages, with an unrelated sentence in each.
private let translations = [
    "en": "My grandmother needs a reminder to drink water every afternoon.",
    "ja": "祖母には毎日午後に水を飲むよう思い出させる必要があります。",
    "es": "Mi abuela necesita un recordatorio para beber agua todas las tardes.",
    "fr": "Ma grand-mère a besoin d'un rappel pour boire de l'eau chaque après-midi.",
    "de": "Meine Großmutter braucht jeden Nachmittag eine Erinnerung, Wasser zu trinken.",
]
private let unrelated = [
    "en": "The train to the airport leaves from platform four.",
    "ja": "会社の四半期決算は来週発表されます。",
    "es": "El equipo de fútbol ganó el campeonato regional.",
    "fr": "La bibliothèque ferme plus tôt pendant les vacances d'été.",
    "de": "Der neue Laptop hat einen schnelleren Prozessor.",
]

@Suite(.serialized, .enabled(ifInstalled: multilingualEmbeddingModel), .requires(multilingualEmbeddingModel))
struct MultilingualEmbeddingTests {
    private let model: EmbeddingModel

    init() throws {
        model = try EmbeddingModel.multilingual(threads: 1)
    }

    @Test func theModelIsEmbeddingGemmaWith768Dimensions() {
        #expect(model.dimension == 768)
        #expect(model.name?.lowercased().hasPrefix("embeddinggemma") == true, "\(model.name ?? "no name")")
    }

    @Test func theTaskPromptsAreTheModelCardsOnes() {
        #expect(EmbeddingPurpose.searchQuery.prefix(forModelNamed: model.name) == "task: search result | query: ")
        #expect(EmbeddingPurpose.searchDocument.prefix(forModelNamed: model.name) == "title: none | text: ")
        #expect(EmbeddingPurpose.sentenceSimilarity.prefix(forModelNamed: model.name) == "task: sentence similarity | query: ")
        #expect(EmbeddingPurpose.clustering.prefix(forModelNamed: model.name) == "task: clustering | query: ")
        // A model without task prompts embeds the text as it is.
        #expect(EmbeddingPurpose.searchQuery.prefix(forModelNamed: "all-MiniLM-L6-v2") == "")
    }

    @Test func aSentenceIsCloserToItsTranslationsThanToUnrelatedSentences() async throws {
        let languages = translations.keys.sorted()
        let same = try await model.vectors(for: languages.map { translations[$0]! }, purpose: .sentenceSimilarity)
        let other = try await model.vectors(for: languages.map { unrelated[$0]! }, purpose: .sentenceSimilarity)
        var worstTranslation = 1.0
        var bestUnrelated = -1.0
        for i in languages.indices {
            for j in languages.indices where j != i {
                worstTranslation = min(worstTranslation, EmbeddingModel.cosineSimilarity(same[i], same[j]))
            }
            for j in languages.indices {
                bestUnrelated = max(bestUnrelated, EmbeddingModel.cosineSimilarity(same[i], other[j]))
            }
        }
        #expect(worstTranslation > bestUnrelated + 0.1, "translations ≥ \(worstTranslation), unrelated ≤ \(bestUnrelated)")
    }

    @Test func anEnglishQueryFindsTheNoteInEachLanguage() async throws {
        let query = try await model.vector(for: "water reminder for grandma", purpose: .searchQuery)
        for language in translations.keys.sorted() {
            let documents = try await model.vectors(
                for: [translations[language]!, unrelated[language]!], purpose: .searchDocument)
            let match = EmbeddingModel.cosineSimilarity(query, documents[0])
            let other = EmbeddingModel.cosineSimilarity(query, documents[1])
            #expect(match > other + 0.1, "\(language): match \(match), unrelated \(other)")
        }
    }

    @Test func theModelCardsRankingIsReproduced() async throws {
        // The model card's example: the query ranks the Mars document first (0.6359), then
        // Jupiter (0.4930), Saturn (0.4889) and Venus (0.3011), computed in F32.
        let query = try await model.vector(for: "Which planet is known as the Red Planet?", purpose: .searchQuery)
        let documents = try await model.vectors(
            for: [
                "Venus is often called Earth's twin because of its similar size and proximity.",
                "Mars, known for its reddish appearance, is often referred to as the Red Planet.",
                "Jupiter, the largest planet in our solar system, has a prominent red spot.",
                "Saturn, famous for its rings, is sometimes mistaken for the Red Planet.",
            ], purpose: .searchDocument)
        let similarities = documents.map { EmbeddingModel.cosineSimilarity(query, $0) }
        for (found, expected) in zip(similarities, [0.3011, 0.6359, 0.4930, 0.4889]) {
            #expect(abs(found - expected) < 0.01, "\(similarities)")
        }
    }
}
