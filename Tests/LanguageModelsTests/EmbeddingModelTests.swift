import AssetRequirements
import Foundation
@testable import LanguageModels
import Testing

/// Runs only when setup has installed the catalog's embedding model (and fails without it under
/// VERBATIM_REQUIRE_MODELS=1).
let embeddingModel = InstalledAsset(
    isInstalled: VerbatimConfiguration.current.modelCatalog.installedModel(of: .embedding) != nil,
    missing: "the embedding model is not installed (run make setup)")

@Suite(.serialized, .enabled(ifInstalled: embeddingModel), .requires(embeddingModel))
struct EmbeddingModelTests {
    private let model: EmbeddingModel

    init() throws {
        model = try EmbeddingModel.installed(threads: 1)
    }

    @Test func vectorsHaveTheModelsDimensionAndUnitLength() async throws {
        let vectors = try await model.vectors(for: ["A short sentence.", ""], purpose: .clustering)
        #expect(model.dimension == 768)
        for vector in vectors {
            #expect(vector.count == model.dimension)
            let norm = vector.reduce(0) { $0 + Double($1) * Double($1) }.squareRoot()
            #expect(abs(norm - 1) < 1e-4)
        }
    }

    @Test func aParaphraseIsCloserThanAnUnrelatedSentence() async throws {
        let vectors = try await model.vectors(
            for: ["The cat sat on the mat.", "A cat was sitting on the rug.", "Interest rates rose in March."],
            purpose: .clustering)
        let paraphrase = EmbeddingModel.cosineSimilarity(vectors[0], vectors[1])
        let unrelated = EmbeddingModel.cosineSimilarity(vectors[0], vectors[2])
        #expect(paraphrase > unrelated + 0.1, "paraphrase \(paraphrase), unrelated \(unrelated)")
    }

    @Test func aQueryFindsTheDocumentThatMeansIt() async throws {
        let query = try await model.vector(for: "scrambled eggs", purpose: .searchQuery)
        let documents = try await model.vectors(
            for: ["Rice, white, long-grain, cooked", "Egg, whole, cooked, scrambled", "Coffee, brewed"],
            purpose: .searchDocument)
        let similarities = documents.map { EmbeddingModel.cosineSimilarity(query, $0) }
        #expect(similarities.firstIndex(of: similarities.max()!) == 1, "\(similarities)")
    }

    @Test func textsPackedIntoOneBatchGetTheVectorsTheyGetAlone() async throws {
        let texts = ["First idea about a garden.", "Second, about taxes.", "Third: the <|im_end|> token stays text."]
        let together = try await model.vectors(for: texts, purpose: .clustering)
        for (text, vector) in zip(texts, together) {
            let alone = try await model.vector(for: text, purpose: .clustering)
            #expect(EmbeddingModel.cosineSimilarity(alone, vector) > 0.999)
        }
    }

    @Test func aTextLongerThanTheContextIsRefusedWithItsLength() async throws {
        let long = String(repeating: "word ", count: 5_000)
        await #expect {
            _ = try await model.vector(for: long, purpose: .clustering)
        } throws: { error in
            guard case EmbeddingError.inputTooLong(let count, let limit) = error else { return false }
            return count > limit && limit == 2048
        }
    }

    @Test func aTokenLimitReadsOnlyTheStartOfEachText() async throws {
        let first = "The community garden needs water every morning."
        let tail = " Meanwhile the city council raised parking fees twice this year, and nobody knows why."
        let limit = model.tokens(for: first, purpose: .clustering).count
        let cut = try await model.vectors(for: [first + tail], purpose: .clustering, tokenLimit: limit)[0]
        let whole = try await model.vector(for: first + tail, purpose: .clustering)
        let start = try await model.vector(for: first, purpose: .clustering)
        #expect(EmbeddingModel.cosineSimilarity(cut, start) > 0.999)
        #expect(EmbeddingModel.cosineSimilarity(cut, whole) < 0.99)
        // A text far longer than the context is read up to the limit instead of refused.
        let long = String(repeating: "word ", count: 5_000)
        let vectors = try await model.vectors(for: [long], purpose: .clustering, tokenLimit: 20)
        #expect(vectors.count == 1 && vectors[0].count == model.dimension)
    }

    @Test func aTextOfAThousandTokensIsReadWhole() async throws {
        // Past the first few hundred tokens the text changes topic: the whole text's vector must
        // lean towards that later topic more than its start's does (llama.cpp reports 256 tokens
        // per sequence for this context, a limit an encoder without a KV cache does not meet).
        let garden = (1...40).map { "In week \($0) the garden tomatoes needed water and the beans grew." }
        let money = (1...40).map { "In month \($0) the bank raised interest rates on the mortgage loan." }
        let text = (garden + money).joined(separator: " ")
        let count = model.tokens(for: text, purpose: .clustering).count
        #expect(count > 800 && count < 2048, "\(count) tokens")
        let whole = try await model.vector(for: text, purpose: .clustering)
        let start = try await model.vectors(for: [text], purpose: .clustering, tokenLimit: 256)[0]
        let topic = try await model.vector(for: money.prefix(3).joined(separator: " "), purpose: .clustering)
        let wholeToTopic = EmbeddingModel.cosineSimilarity(whole, topic)
        let startToTopic = EmbeddingModel.cosineSimilarity(start, topic)
        #expect(wholeToTopic > startToTopic + 0.05, "to the later topic: whole \(wholeToTopic), start \(startToTopic)")
    }

    @Test func truncationKeepsTheSpecialTokensAroundTheTextsStart() {
        // [CLS] p r e f i x [SEP], cut to 5: [CLS] p r e [SEP].
        let plain: [Int32] = [11, 12, 13, 14, 15, 16]
        #expect(EmbeddingModel.truncated([101] + plain + [102], plain: plain, to: 5) == [101, 11, 12, 13, 102])
        #expect(EmbeddingModel.truncated([101] + plain + [102], plain: plain, to: 20) == [101] + plain + [102])
        // Without special tokens the start is kept as it is.
        #expect(EmbeddingModel.truncated(plain, plain: plain, to: 2) == [11, 12])
    }

    @Test func cancellingStopsTheBatchInFlightAndTheModelStaysUsable() async throws {
        // About 2,000 tokens: seconds of work on one thread, cancelled after a tenth of a second.
        let texts = (1...30).map {
            "Sentence \($0) is long enough to keep the encoder busy for a while, " + String(repeating: "and more words ", count: 8)
        }
        let model = self.model
        let task = Task { try await model.vectors(for: texts, purpose: .clustering) }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        let vector = try await model.vector(for: "Still works.", purpose: .clustering)
        #expect(vector.count == model.dimension)
    }

    @Test func anUnknownNameIsRefusedWithTheCatalogsModels() throws {
        let catalog = VerbatimConfiguration.current.modelCatalog
        #expect(throws: EmbeddingError.catalog(.unknownModel("no-such-encoder", known: catalog.models.map(\.name)))) {
            try EmbeddingModel(reference: "no-such-encoder", catalog: catalog)
        }
        let error = EmbeddingError.catalog(.unknownModel("no-such-encoder", known: ["nomic-embed-text-v1.5"]))
        #expect(error.description.contains("'no-such-encoder' is neither a GGUF file nor a catalog model"))
    }

    @Test func aLanguageModelOrAMissingFileIsNotAnEmbeddingModel() throws {
        #expect(throws: EmbeddingError.unavailable(.modelFileMissing(path: "/nonexistent/model.gguf"))) {
            try EmbeddingModel(url: URL(fileURLWithPath: "/nonexistent/model.gguf"))
        }
        guard let language = SystemLanguageModel.default.url, SystemLanguageModel.default.availability == .available else {
            return
        }
        #expect(throws: EmbeddingError.notAnEmbeddingModel(path: language.path)) {
            try EmbeddingModel(url: language, threads: 1)
        }
    }
}
