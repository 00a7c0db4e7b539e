import DialogueMemo
import LanguageModels
import Testing

@Suite struct LayoutChoiceTests {
    @Test(arguments: MemoLanguage.allCases)
    func eachLanguageRanksDistinctMethodsAndNeverRanksOneBlock(language: MemoLanguage) {
        let ranked = LayoutMethod.ranked(for: language)
        #expect(Set(ranked).count == ranked.count)
        #expect(!ranked.contains(.oneBlockPerAnswer), "one block per answer is what no ranked method means")
    }

    @Test(arguments: MemoLanguage.allCases)
    func withoutAnyEncoderALanguageGetsItsFirstLocalMethodOrOneBlockPerAnswer(language: MemoLanguage) {
        let choice = LayoutChoice.resolve(for: language, catalog: ModelCatalog(models: []), threads: 1)
        let local = LayoutMethod.ranked(for: language).first(where: \.isLocal) ?? .oneBlockPerAnswer
        #expect(choice.method == local)
        #expect(choice.scorer == nil)
        #expect(choice.local == local)
    }

    @Test func anEncoderMethodReadsItsOwnPromptAndTokens() {
        #expect(LayoutMethod.nomicEmbeddings.sentencePurpose == .clustering)
        #expect(LayoutMethod.gemmaEmbeddings.sentencePurpose == .plainText)
        #expect(LayoutMethod.allCases.filter(\.isLocal) == [.oneBlockPerAnswer, .lexicalCohesion])
        #expect(LayoutMethod.allCases.allSatisfy { $0.isLocal == ($0.encoderName == nil) })
    }
}
