import ArgumentParsing
import DialogueMemo
import Speech

/// Answers heard through the voice loop: each question is rendered, played, and the answer
/// recorded and transcribed. When a turn fails (a device error, an interruption, a silent
/// microphone), it falls back to `typing` for the rest of the exchange and keeps every word
/// recognized so far.
struct VoiceAnswers<Typing: AnswerProvider>: AnswerProvider {
    let taker: VoiceTurnTaker
    /// Typed answers after a failure, and the confirmation step when not auto-sending.
    var typing: Typing?
    /// Whether recognized text is sent without confirmation (hands-free).
    let autoSend: Bool
    /// Shows text to the person (questions, what was heard).
    let show: @Sendable (String) -> Void
    /// Whether partial results are shown while the person speaks (in a terminal).
    let showsPartials: Bool
    /// Whether a recognized answer opens as an editable line (a terminal, not scripted answers).
    var editsInPlace = false
    private(set) var turns: [VoiceTurn] = []
    private var speaking = true

    init(
        taker: VoiceTurnTaker, typing: Typing?, autoSend: Bool, showsPartials: Bool = false,
        show: @escaping @Sendable (String) -> Void
    ) {
        self.taker = taker
        self.typing = typing
        self.autoSend = autoSend
        self.showsPartials = showsPartials
        self.show = show
    }

    mutating func answer(to question: String, isFirst: Bool) async -> String? {
        guard speaking else { return await typing?.answer(to: question, isFirst: isFirst) }
        show(question)
        var partials: (@Sendable (String) -> Void)?
        if showsPartials {
            partials = { partial in StandardError.write("\r\u{1B}[K… \(partial)") }
        }
        let turn = await taker.takeTurn(question: question, isFirst: isFirst, onPartial: partials)
        if showsPartials { StandardError.write("\r\u{1B}[K") }
        turns.append(turn)
        switch turn.outcome {
        case .answered:
            guard !autoSend, typing != nil else {
                show("Heard: \(turn.transcript)")
                return turn.transcript
            }
            // In a terminal the recognized answer opens as an editable line: fix a word, Enter sends.
            if editsInPlace {
                show("Heard (edit it, Enter sends):")
                guard let edited = EditableLine.read(prompt: "> ", prefilled: turn.transcript) else { return turn.transcript }
                return DialogueEngine.isBlank(edited) ? turn.transcript : edited
            }
            show("Heard: \(turn.transcript)")
            // Sending stays an explicit step: Enter sends, anything typed replaces the text.
            let correction = await typing?.answer(to: "Enter sends it; or type a correction:", isFirst: false)
            guard let correction else { return turn.transcript }
            return DialogueEngine.isBlank(correction) ? turn.transcript : correction
        case .noSpeech:
            return nil
        case .failed(let error):
            speaking = false
            StandardError.write("verbatim memo: voice stopped (\(error)); continue by typing.\n")
            guard !turn.transcript.isEmpty else { return await typing?.answer(to: question, isFirst: isFirst) }
            show("Heard so far: \(turn.transcript)")
            let rest = await typing?.answer(to: "Type the rest of the answer (Enter keeps it as it is):", isFirst: false)
            guard let rest, !DialogueEngine.isBlank(rest) else { return turn.transcript }
            return turn.transcript + " " + rest
        }
    }
}
