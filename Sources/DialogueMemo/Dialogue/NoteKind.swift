/// What kind of note the person seems to be making, from keyword checks on their words.
public enum NoteKind: String, CaseIterable, Codable, Sendable {
    case productIdea, reflection, meeting, other

    /// The angles a note of this kind usually needs, most useful first.
    public var angles: [QuestionChoice] {
        switch self {
        case .productIdea: [.problem, .reason, .validation]
        case .reflection: [.impression, .example, .takeaway]
        case .meeting: [.decision, .meetingFocus, .nextStep]
        case .other: [.moreDetails, .example, .nextStep]
        }
    }
}
