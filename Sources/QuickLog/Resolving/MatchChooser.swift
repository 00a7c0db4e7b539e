public import LanguageModels

/// What the model chose among ranked database candidates.
public enum MatchChoice: Sendable, Equatable {
    /// The candidate at this index (0-based) of the list it was shown.
    case candidate(Int)
    /// None of the candidates is the food said.
    case none
    /// No valid answer (model missing, or both attempts failed): keep the ranking's first.
    case noAnswer
}

/// The model chooses, the code writes, applied to matching: the model sees the person's words and
/// a short numbered list of database candidates and answers one number or "none", forced while
/// decoding; the code then copies the chosen record. One retry with a reminder; after that the
/// caller keeps its own result.
public final class MatchChooser: Sendable {
    /// The model used.
    public let model: SystemLanguageModel
    /// What a pick means.
    public let question: MatchQuestion

    /// Creates a chooser.
    public init(model: SystemLanguageModel = .default, question: MatchQuestion = .sameFood) {
        self.model = model
        self.question = question
    }

    /// Whether the model can be used.
    public var isAvailable: Bool { model.availability == .available }

    /// The model's choice among `candidates` (names as the database writes them) for what was said.
    public func choose(said: String, candidates: [String]) async -> MatchChoice {
        guard isAvailable, !candidates.isEmpty else { return .noAnswer }
        let labels = candidates.indices.map { String($0 + 1) } + ["none"]
        let schema = GenerationSchema(root: .enumeration(labels, description: question.answerDescription))
        let list = candidates.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n")
        let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 8, choiceStrategy: .wholeSequence)
        for attempt in 0..<2 {
            let session = LanguageModelSession(model: model, instructions: question.instructions)
            let reminder = attempt == 0 ? "" : "\nReminder: answer only a number from the list, or none."
            let prompt = "Said: \(said)\nCandidates:\n\(list)\(reminder)"
            guard case .string(let label)? = try? await session.respond(to: prompt, schema: schema, options: options).content
            else { continue }
            if label == "none" { return .none }
            // The schema only allows offered labels; the check stays, because a choice is advice.
            if let number = Int(label), candidates.indices.contains(number - 1) { return .candidate(number - 1) }
        }
        return .noAnswer
    }
}
