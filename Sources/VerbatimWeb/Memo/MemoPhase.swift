/// Where a web memo dialogue is.
public enum MemoPhase: String, Sendable, Codable {
    /// A question waits for the person's words.
    case asking
    /// The model and rules are choosing the next question.
    case thinking
    /// The questions ended by themselves; the closing prompt takes one more thing.
    case closing
    /// The note is being laid out.
    case composing
    /// The note is ready to review, edit, save or discard.
    case review
    /// Saved to the notes folder.
    case saved
    /// Discarded: nothing written.
    case discarded
}
