/// Chooses the questions of a spoken exchange. Speech knows nothing about language models; the
/// caller's engine (for example a dialogue-memo session) decides what to ask next.
public protocol VoiceDialogueEngine: Sendable {
    /// The first question, or `nil` to skip the exchange.
    func openingQuestion() async -> String?
    /// The question after `answer`, or `nil` to finish.
    func nextQuestion(answer: String) async -> String?
}

extension VoiceDialogue {
    /// Runs the exchange with an engine; see ``run(nextQuestion:onTurn:)``.
    public func run(engine: any VoiceDialogueEngine, onTurn: @Sendable (VoiceTurn) async -> Void = { _ in }) async -> [VoiceTurn] {
        await run(nextQuestion: { previous in
            if let previous { await engine.nextQuestion(answer: previous) } else { await engine.openingQuestion() }
        }, onTurn: onTurn)
    }
}
