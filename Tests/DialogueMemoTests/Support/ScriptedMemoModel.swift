import DialogueMemo
import LanguageModels
import Synchronization

/// A ``MemoModel`` (and ``ParagraphBreakScoring``) that answers from a script, for unit tests of
/// rules, retries and fallbacks. It records every prompt it receives.
final class ScriptedMemoModel: MemoModel, ParagraphBreakScoring {
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
        var titles: [Reply<String>] = []
        var titleRequests: [(idea: String, reminder: String?)] = []
    }

    private let state: Mutex<State>

    /// Questions, boundary scores and title spans are answered in order; when a script runs out,
    /// questions answer `ready`, score requests fail and title requests answer `nil` (no title
    /// choice, as a model without one).
    init(questions: [Reply<QuestionChoice>] = [], scores: [Reply<[Double]>] = [], titles: [Reply<String>] = []) {
        state = Mutex(State(questions: questions, scores: scores, titles: titles))
    }

    convenience init(picks: [QuestionChoice], scores: [[Double]] = []) {
        self.init(questions: picks.map { .value($0) }, scores: scores.map { .value($0) })
    }

    var questionPrompts: [String] { state.withLock { $0.questionPrompts } }
    /// The idea text and reminder of every title request, in order.
    var titleRequests: [(idea: String, reminder: String?)] { state.withLock { $0.titleRequests } }
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

    var paragraphBreakRule: ParagraphBreakRule { .semantic }

    func paragraphBreakScores(for sources: [String]) async throws -> [Double] {
        let reply = state.withLock { state -> Reply<[Double]> in
            state.layoutRequests.append(sources)
            return state.scores.isEmpty ? .otherFailure : state.scores.removeFirst()
        }
        return try Self.unwrap(reply)
    }

    func chooseTitleSpan(in idea: String, language: MemoLanguage, reminder: String?) async throws -> String? {
        let reply = state.withLock { state -> Reply<String>? in
            state.titleRequests.append((idea, reminder))
            return state.titles.isEmpty ? nil : state.titles.removeFirst()
        }
        guard let reply else { return nil }
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
