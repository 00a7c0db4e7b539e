import DialogueMemo
import LanguageModels
import Synchronization

/// A ``MemoModel`` that answers from a script, for unit tests of rules, retries and fallbacks.
/// It records every prompt it receives.
final class ScriptedMemoModel: MemoModel {
    enum Reply<Value: Sendable>: Sendable {
        case value(Value)
        case decodingFailure
        case otherFailure
        case cancelled
    }

    private struct State {
        var questions: [Reply<QuestionChoice>]
        var scores: [Reply<[Double]>]
        var questionPrompts: [String] = []
        var layoutRequests: [[String]] = []
        var preparedPrefixes: [String] = []
    }

    private let state: Mutex<State>

    /// Questions and boundary scores are answered in order; when a script runs out, questions
    /// answer `ready` and score requests fail.
    init(questions: [Reply<QuestionChoice>] = [], scores: [Reply<[Double]>] = []) {
        state = Mutex(State(questions: questions, scores: scores))
    }

    convenience init(picks: [QuestionChoice], scores: [[Double]] = []) {
        self.init(questions: picks.map { .value($0) }, scores: scores.map { .value($0) })
    }

    var questionPrompts: [String] { state.withLock { $0.questionPrompts } }
    /// The sentences of every score request, in order.
    var layoutRequests: [[String]] { state.withLock { $0.layoutRequests } }
    /// Every prompt start the engine asked it to prepare, in order.
    var preparedPrefixes: [String] { state.withLock { $0.preparedPrefixes } }

    func prepareQuestion(promptPrefix: String) async {
        state.withLock { $0.preparedPrefixes.append(promptPrefix) }
    }

    func chooseQuestion(prompt: String) async throws -> QuestionChoice {
        let reply = state.withLock { state -> Reply<QuestionChoice> in
            state.questionPrompts.append(prompt)
            return state.questions.isEmpty ? .value(.ready) : state.questions.removeFirst()
        }
        return try Self.unwrap(reply)
    }

    func paragraphBreakScores(for sources: [String]) async throws -> [Double] {
        let reply = state.withLock { state -> Reply<[Double]> in
            state.layoutRequests.append(sources)
            return state.scores.isEmpty ? .otherFailure : state.scores.removeFirst()
        }
        return try Self.unwrap(reply)
    }

    private static func unwrap<Value>(_ reply: Reply<Value>) throws -> Value {
        switch reply {
        case .value(let value): return value
        case .decodingFailure: throw LanguageModelSession.GenerationError.decodingFailure("scripted")
        case .otherFailure: throw LanguageModelSession.GenerationError.assetsUnavailable("scripted")
        case .cancelled: throw CancellationError()
        }
    }
}
