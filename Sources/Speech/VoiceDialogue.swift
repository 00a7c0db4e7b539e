/// A spoken exchange: questions come from a caller-supplied engine, answers from the microphone.
///
/// Speech knows nothing about language models: the caller decides each next question from the
/// previous answer. The exchange ends when the engine returns `nil`, after `maximumTurns`, or
/// after a turn that failed or heard no speech (that turn is still returned).
public struct VoiceDialogue: Sendable {
    /// Takes each turn.
    public var turnTaker: VoiceTurnTaker
    /// Upper bound on turns.
    public var maximumTurns: Int

    /// Creates a dialogue.
    public init(turnTaker: VoiceTurnTaker, maximumTurns: Int = 12) {
        self.turnTaker = turnTaker
        self.maximumTurns = maximumTurns
    }

    /// Runs the exchange.
    /// - Parameters:
    ///   - nextQuestion: given the previous answer (`nil` before the first question), the next
    ///     question to ask, or `nil` to finish.
    ///   - onTurn: called after every turn, for example to show the transcript for editing.
    /// - Returns: every turn taken, in order.
    public func run(nextQuestion: @Sendable (_ previousAnswer: String?) async -> String?,
                    onTurn: @Sendable (VoiceTurn) async -> Void = { _ in }) async -> [VoiceTurn] {
        var turns: [VoiceTurn] = []
        var answer: String?
        while turns.count < maximumTurns, !Task.isCancelled, let question = await nextQuestion(answer) {
            let turn = await turnTaker.takeTurn(question: question, isFirst: turns.isEmpty)
            turns.append(turn)
            await onTurn(turn)
            guard turn.outcome == .answered else { break }
            answer = turn.transcript
        }
        return turns
    }
}
