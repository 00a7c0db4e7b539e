/// Keyword checks that classify a note and list the angles that look unasked.
///
/// They are hints: ``ChoiceRules`` fall back on the first unasked angle when they replace a pick,
/// and a keyword cannot tell whether the person already covered an angle in other words.
public enum AngleHints {
    /// The kind of note, judged from the idea first and then from all the person's words.
    /// - Parameter texts: The idea, then the answers.
    public static func kind(of texts: [String]) -> NoteKind {
        guard let idea = texts.first else { return .other }
        if let kind = strongestKind(in: idea) { return kind }
        return strongestKind(in: texts.joined(separator: "\n")) ?? .other
    }

    private static func strongestKind(in text: String) -> NoteKind? {
        let normalized = PhraseMatcher.normalize(text)
        // A meeting mention is the most specific signal, then a product, then a reflection.
        if RulePhrases.meeting.matches(normalized: normalized) { return .meeting }
        if RulePhrases.productIdea.matches(normalized: normalized) { return .productIdea }
        if RulePhrases.reflection.matches(normalized: normalized) { return .reflection }
        return nil
    }

    /// Whether any of the texts mentions a meeting.
    public static func mentionsMeeting(_ texts: [String]) -> Bool {
        texts.contains { RulePhrases.meeting.matches($0) }
    }

    /// The angles worth hinting for a kind, most useful first. Meetings depend on tense: an
    /// upcoming meeting (the idea mentions preparing, tomorrow, next week, …) needs its focus and
    /// preparation, since nothing has been decided yet; a past one needs its decisions and next steps.
    public static func angles(for kind: NoteKind, texts: [String]) -> [QuestionChoice] {
        guard kind == .meeting else { return kind.angles }
        if let idea = texts.first, RulePhrases.mentionsSomethingAhead(idea) {
            return [.meetingFocus, .preparation, .nextStep]
        }
        return [.decision, .nextStep, .keyPoint]
    }

    /// The kind's angles that are neither asked nor, by keywords, already covered.
    /// - Parameters:
    ///   - kind: The note kind.
    ///   - texts: Everything the person said.
    ///   - asked: Intents already asked (or settled as undecided).
    public static func unaskedAngles(for kind: NoteKind, texts: [String], asked: Set<QuestionChoice>) -> [QuestionChoice] {
        let normalized = PhraseMatcher.normalize(texts.joined(separator: "\n"))
        return angles(for: kind, texts: texts).filter { angle in
            !asked.contains(angle) && !(RulePhrases.covered[angle]?.matches(normalized: normalized) ?? false)
        }
    }
}
