import DialogueMemo

/// Where a memo dialogue's words come from: typed lines, a script, or speech.
protocol AnswerProvider {
    /// Shows or speaks `question` and returns the person's answer; `nil` ends the exchange.
    /// - Parameter isFirst: whether this is the opening question (the idea).
    mutating func answer(to question: String, isFirst: Bool) async -> String?

    /// Shows or speaks the closing prompt after the exchange ended by itself and returns one more
    /// thing to add (`nil` or blank: nothing). By default, like any other question.
    mutating func answerClosing(_ prompt: String, language: MemoLanguage) async -> String?
}

extension AnswerProvider {
    mutating func answerClosing(_ prompt: String, language: MemoLanguage) async -> String? {
        await answer(to: prompt, isFirst: false)
    }
}

/// The dialogue loop shared by typing, scripts and voice: the opening question, then the
/// engine's questions until it finishes or the person stops; when it ends by itself, the reason
/// and the closing prompt for one more thing.
enum MemoDialogue {
    /// Runs the exchange and returns the engine, ready to ``DialogueEngine/finish()``.
    static func run(
        language: MemoLanguage, access: ModelAccess, answers: inout some AnswerProvider
    ) async -> DialogueEngine {
        var engine = DialogueEngine(language: language, access: access)
        engine.start(idea: await answers.answer(to: QuestionCatalog.opening(language: language), isFirst: true) ?? "")
        while case .ask(_, let question) = await engine.nextQuestion() {
            guard let answer = await answers.answer(to: question, isFirst: false), !DialogueEngine.isBlank(answer)
            else {
                engine.end(Task.isCancelled ? .cancelled : .endedByPerson)
                break
            }
            engine.answer(answer)
        }
        // Ended by itself: say why in one line, and take one more thing before the review, so an
        // answer typed after the last question lands in the note instead of at the review prompt.
        if let notice = engine.endingNotice, !Task.isCancelled {
            let prompt = notice + "\n" + QuestionCatalog.closing(language: language)
            if let more = await answers.answerClosing(prompt, language: language) { engine.addAfterEnding(more) }
        }
        return engine
    }
}
