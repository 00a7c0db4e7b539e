/// Why an exchange finished.
public enum FinishReason: String, Codable, Sendable, CaseIterable {
    /// The person said an ending ("that's all", "c'est tout", …).
    case explicitEnding
    /// The person declined to have this recorded.
    case declinedToRecord
    /// The person ended it without words: an empty answer or the end of input.
    case endedByPerson
    /// The opening idea was empty.
    case emptyIdea
    /// The model judged the note complete and the rules agreed.
    case ready
    /// No unasked angle remained.
    case noUnaskedAngle
    /// Six questions were asked.
    case questionLimit
    /// The transcript passed the character cap; the text stays for editing.
    case transcriptCap
    /// The task was cancelled; the words stay.
    case cancelled
}

extension FinishReason {
    /// Whether the exchange ended by itself (the angles are covered, the limit or the cap was
    /// reached) rather than by the person; the person is then told why and may add one more thing.
    public var endedByItself: Bool {
        switch self {
        case .ready, .noUnaskedAngle, .questionLimit, .transcriptCap: true
        case .explicitEnding, .declinedToRecord, .endedByPerson, .emptyIdea, .cancelled: false
        }
    }
}
