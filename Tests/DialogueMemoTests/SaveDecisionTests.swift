import DialogueMemo
import Testing

/// The one decision both front ends act on: save, keep a draft, ask, or write nothing.
@Suite struct SaveDecisionTests {
    /// One situation: what the run knows, and what must happen.
    struct Situation: Sendable, CustomTestStringConvertible {
        var name: String
        var hasWords = true
        var declined = false
        var present = true
        var stopped = false
        var consent: SaveDecision.Consent
        var expected: SaveDecision

        var testDescription: String { name }
    }

    static let situations: [Situation] = [
        Situation(name: "no words: nothing, even accepted", hasWords: false, consent: .accepted, expected: .nothing(.empty)),
        Situation(name: "no words while stopped: no draft", hasWords: false, stopped: true, consent: .askable, expected: .nothing(.empty)),
        Situation(name: "--no-save: nothing, even stopped", stopped: true, consent: .off, expected: .nothing(.savingOff)),
        Situation(name: "--no-save with a declined note", declined: true, present: false, consent: .off, expected: .nothing(.savingOff)),
        Situation(name: "a terminal: review first", consent: .askable, expected: .review),
        Situation(name: "accepted in review: saved", consent: .accepted, expected: .save),
        Situation(name: "accepted after declining: saved", declined: true, consent: .accepted, expected: .save),
        Situation(name: "discarded in review", consent: .discarded, expected: .nothing(.discarded)),
        Situation(name: "review ended without a reply", consent: .none, expected: .nothing(.notAccepted)),
        Situation(name: "review ended by a stop signal: draft", stopped: true, consent: .none, expected: .draft),
        Situation(name: "stopped before review: draft", stopped: true, consent: .askable, expected: .draft),
        Situation(name: "--yes stopped: draft", stopped: true, consent: .inAdvance, expected: .draft),
        Situation(name: "--yes: saved", present: false, consent: .inAdvance, expected: .save),
        Situation(name: "--yes in a terminal after declining: saved", declined: true, consent: .inAdvance, expected: .save),
        Situation(name: "--yes from a script after declining", declined: true, present: false, consent: .inAdvance, expected: .nothing(.declinedToRecord)),
        Situation(name: "declined and stopped", declined: true, stopped: true, consent: .askable, expected: .nothing(.declinedToRecord)),
        Situation(name: "declined in a terminal: still shown", declined: true, consent: .askable, expected: .review),
        Situation(name: "a script without --yes", present: false, consent: .none, expected: .nothing(.notAccepted)),
        Situation(name: "a script stopped: draft", present: false, stopped: true, consent: .none, expected: .draft),
    ]

    @Test(arguments: situations)
    func decides(_ situation: Situation) {
        let decision = SaveDecision.decide(
            hasWords: situation.hasWords, declinedToRecord: situation.declined, personPresent: situation.present,
            stopped: situation.stopped, consent: situation.consent)
        #expect(decision == situation.expected)
    }
}
