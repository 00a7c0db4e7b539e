/// What becomes of a finished note, for every front end: saved among the notes, kept as a draft,
/// shown for review first, or not written at all. Pure: the front ends gather the facts, this
/// decides, they act.
public enum SaveDecision: Sendable, Equatable {
    /// Save it among the notes.
    case save
    /// Keep the words as a draft: the run was stopped before the person accepted the note.
    case draft
    /// Show it to the person, who accepts, edits or discards it; then decide again.
    case review
    /// Write nothing.
    case nothing(Reason)

    /// Why nothing is written.
    public enum Reason: Sendable, Equatable {
        /// The note holds none of the person's words.
        case empty
        /// Saving is off for this run (`--no-save`).
        case savingOff
        /// The person asked not to record this, and nobody accepted the note since.
        case declinedToRecord
        /// The person discarded the note.
        case discarded
        /// Nobody accepted the note: no one could be asked, or the review ended without a reply.
        case notAccepted
    }

    /// What the person said, or could say, about saving.
    public enum Consent: Sendable, Equatable {
        /// Saving is off for this run.
        case off
        /// Given in advance, before the note was shown (`--yes`).
        case inAdvance
        /// Not given yet; a person is there to review the note.
        case askable
        /// The person accepted the note after reviewing it.
        case accepted
        /// The person discarded the note.
        case discarded
        /// Not given, and no one can be asked any more.
        case none
    }

    /// Decides, in this order: a note without words is never written; nor when saving is off; an
    /// accepted note is saved and a discarded one dropped; a note the person asked not to record
    /// is not written when nobody is there to accept it or the run was stopped; a stopped run
    /// keeps a draft; otherwise consent given in advance saves, a person is asked, and without
    /// consent nothing is written.
    /// - Parameters:
    ///   - hasWords: Whether the note holds any of the person's words.
    ///   - declinedToRecord: Whether the dialogue ended because the person asked not to record.
    ///   - personPresent: Whether a person is there to review the note (a terminal, a web page).
    ///   - stopped: Whether the run was stopped (SIGTERM, SIGHUP) before the person accepted.
    ///   - consent: What the person said about saving.
    public static func decide(
        hasWords: Bool, declinedToRecord: Bool, personPresent: Bool, stopped: Bool, consent: Consent
    ) -> SaveDecision {
        guard hasWords else { return .nothing(.empty) }
        switch consent {
        case .off: return .nothing(.savingOff)
        case .accepted: return .save
        case .discarded: return .nothing(.discarded)
        case .inAdvance, .askable, .none: break
        }
        if declinedToRecord && (!personPresent || stopped) { return .nothing(.declinedToRecord) }
        if stopped { return .draft }
        switch consent {
        case .inAdvance: return .save
        case .askable: return .review
        default: return .nothing(.notAccepted)
        }
    }
}
