import DialogueMemo
import Foundation

/// One tab's memo dialogue: the engine and what the page shows. The service owns it.
struct MemoSession: Sendable {
    /// What the service must run next, in the background.
    enum Step: Sendable, Equatable { case none, question, layout }

    let id: String
    let language: MemoLanguage
    var engine: DialogueEngine
    var phase: MemoPhase = .asking
    var question: String
    var exchanges: [MemoExchangeView] = []
    var note: MemoNoteView?
    var savedID: String?
    private var started = false
    private var asked = 0

    init(id: String, language: MemoLanguage, access: ModelAccess) {
        self.id = id
        self.language = language
        engine = DialogueEngine(language: language, access: access)
        question = QuestionCatalog.opening(language: language)
        asked = 1
    }

    /// Takes the words for the current question and says what runs next.
    mutating func take(_ text: String) throws(WebError) -> Step {
        switch phase {
        case .asking:
            exchanges.append(MemoExchangeView(question: question, answer: text))
            if !started {
                started = true
                engine.start(idea: text)
                phase = .thinking
                return .question
            }
            if DialogueEngine.isBlank(text) {
                engine.end(.endedByPerson)
                phase = .composing
                return .layout
            }
            engine.answer(text)
            phase = .thinking
            return .question
        case .closing:
            exchanges.append(MemoExchangeView(question: question, answer: text))
            if !DialogueEngine.isBlank(text) { engine.addAfterEnding(text) }
            phase = .composing
            return .layout
        default:
            throw .badRequest("no question is waiting for an answer (\(phase.rawValue))")
        }
    }

    /// Ends the questions on the person's behalf.
    mutating func stopAsking() throws(WebError) {
        guard phase == .asking || phase == .closing else { throw .badRequest("the questions are over (\(phase.rawValue))") }
        guard started else { throw .badRequest("say the idea first") }
        engine.end(.endedByPerson)
        phase = .composing
    }

    mutating func ask(_ text: String) {
        question = text
        asked += 1
        phase = .asking
    }

    mutating func askClosing(_ prompt: String) {
        question = prompt
        asked += 1
        phase = .closing
    }

    mutating func review(_ finished: MemoNote) {
        note = MemoNoteView(finished.note)
        phase = .review
    }

    var view: MemoSessionView {
        MemoSessionView(
            id: id, language: language.rawValue, phase: phase.rawValue,
            question: phase == .asking || phase == .closing ? question : nil, questionNumber: asked,
            notice: engine.record.notice, exchanges: exchanges, note: note, savedID: savedID)
    }
}
