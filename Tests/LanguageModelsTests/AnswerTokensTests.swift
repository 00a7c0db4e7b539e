import Foundation
@testable import LanguageModels
import Testing

/// The tokens guided decoding feeds for an answer (what an adapter is trained on), on the real
/// default model.
@Suite(.enabled(ifInstalled: defaultModel), .requires(defaultModel))
struct AnswerTokensTests {
    static let schema = GenerationSchema(
        type: "Reading",
        properties: [
            .init("covered", description: "Angles covered.", node: .array(of: .enumeration(["audience", "problem", "reason"]))),
            .init("next", description: "The next angle.", node: .enumeration(["audience", "problem", "reason"])),
        ])

    @Test func theTokensSpellTheAnswerAndCutWhereTheSchemaForcesBytes() async throws {
        let session = LanguageModelSession()
        let answer = #"{"covered":["audience","problem"],"next":"reason"}"#
        let tokens = try await session.answerTokens(for: answer, schema: Self.schema)
        let model = try await session.model.loadedOffThePool()
        let pieces = tokens.map { model.tokenVocabulary.tokens[Int($0)] }
        #expect(pieces.flatMap { $0 } == Array(answer.utf8))
        // The opening the schema forces is tokenized on its own, as the decoder feeds it.
        let opening = model.tokenize(#"{"covered":["#, parseSpecial: false)
        #expect(Array(tokens.prefix(opening.count)) == opening)
        // An empty list is an answer too.
        let empty = try await session.answerTokens(for: #"{"covered":[],"next":"problem"}"#, schema: Self.schema)
        #expect(empty.map { model.tokenVocabulary.tokens[Int($0)] }.flatMap { $0 } == Array(#"{"covered":[],"next":"problem"}"#.utf8))
    }

    @Test func anAnswerOutsideTheSchemaIsRefused() async throws {
        let session = LanguageModelSession()
        for answer in [#"{"covered":["nobody"],"next":"reason"}"#, #"{"next":"reason"}"#, #"{"covered":[],"next":"reason"} "#] {
            await #expect(throws: LanguageModelSession.GenerationError.self) {
                try await session.answerTokens(for: answer, schema: Self.schema)
            }
        }
    }
}
