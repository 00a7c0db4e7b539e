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
        var layouts: [Reply<SourceLayout>]
        var questionPrompts: [String] = []
        var layoutPrompts: [String] = []
    }

    private let state: Mutex<State>

    /// Questions and layouts are answered in order; when a script runs out, questions answer
    /// `ready` and layouts fail.
    init(questions: [Reply<QuestionChoice>] = [], layouts: [Reply<SourceLayout>] = []) {
        state = Mutex(State(questions: questions, layouts: layouts))
    }

    convenience init(picks: [QuestionChoice], layouts: [SourceLayout] = []) {
        self.init(questions: picks.map { .value($0) }, layouts: layouts.map { .value($0) })
    }

    var questionPrompts: [String] { state.withLock { $0.questionPrompts } }
    var layoutPrompts: [String] { state.withLock { $0.layoutPrompts } }

    func chooseQuestion(prompt: String) async throws -> QuestionChoice {
        let reply = state.withLock { state -> Reply<QuestionChoice> in
            state.questionPrompts.append(prompt)
            return state.questions.isEmpty ? .value(.ready) : state.questions.removeFirst()
        }
        return try Self.unwrap(reply)
    }

    func layout(prompt: String, sourceCount: Int) async throws -> SourceLayout {
        let reply = state.withLock { state -> Reply<SourceLayout> in
            state.layoutPrompts.append(prompt)
            return state.layouts.isEmpty ? .otherFailure : state.layouts.removeFirst()
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
