/// Deterministic rules applied to the model's choice. The model's pick is advice; these decide.
///
/// In order: declining to record and explicit endings finish the exchange whatever was picked;
/// the question limit finishes it; `audience` only follows a product idea; `decision` and
/// `meetingFocus` only follow a mention of a meeting; an intent already asked, or answered with
/// "not decided yet", is not asked again. A rejected pick is replaced by the first unasked angle
/// that passes the same checks, or the exchange finishes.
public enum ChoiceRules {
    /// Why the rules chose what they chose.
    public enum Reason: String, Codable, Sendable, CaseIterable {
        /// The model's pick passed every rule.
        case keptModelChoice
        /// The person ended the exchange ("that's all", "以上です", …).
        case explicitEnding
        /// The person declined to have this recorded.
        case declinedToRecord
        /// The question limit was reached.
        case questionLimit
        /// The transcript passed the character cap.
        case transcriptCap
        /// The pick was already asked.
        case alreadyAsked
        /// The pick was answered with "not decided yet"; that answer stands.
        case undecidedNotAskedAgain
        /// `audience` only follows a product idea.
        case audienceNeedsProductIdea
        /// `decision` and `meetingFocus` only follow a mention of a meeting.
        case needsMeetingMention
        /// The model wanted to finish before anything was asked.
        case tooEarlyToFinish
        /// The model picked `stop` but the person did not ask to stop: finish normally instead.
        case stopNeedsRequest
        /// A rejected pick was replaced by an unasked angle.
        case replacedByUnaskedAngle
        /// No unasked angle remains, so the exchange finishes.
        case noUnaskedAngle
        /// There was no model pick (no model, unsupported language, or the model failed).
        case noModelChoice
    }

    /// What the rules decided.
    public struct Decision: Codable, Sendable, Equatable {
        /// What the model picked, if it was asked.
        public var modelPick: QuestionChoice?
        /// What the rules chose; `ready` or `stop` finish the exchange.
        public var choice: QuestionChoice
        /// Why, in the order the rules applied.
        public var reasons: [Reason]

        /// Creates a decision.
        public init(modelPick: QuestionChoice?, choice: QuestionChoice, reasons: [Reason]) {
            self.modelPick = modelPick
            self.choice = choice
            self.reasons = reasons
        }
    }

    /// The decision that does not need the model: endings, declining and the limit. `nil` when the
    /// model should be asked.
    public static func decisionBeforeModel(in context: DialogueContext) -> Decision? {
        let latest = context.turns.last?.answer ?? ""
        if RulePhrases.declining.matches(latest) {
            return Decision(modelPick: nil, choice: .stop, reasons: [.declinedToRecord])
        }
        if RulePhrases.ending.matches(latest) {
            return Decision(modelPick: nil, choice: .ready, reasons: [.explicitEnding])
        }
        if context.questionsAsked >= context.maximumQuestions {
            return Decision(modelPick: nil, choice: .ready, reasons: [.questionLimit])
        }
        return nil
    }

    /// Applies the rules to the model's pick (or to no pick).
    /// - Parameters:
    ///   - modelPick: The model's suggestion, or `nil` to choose by rules alone.
    ///   - context: The exchange so far.
    /// - Returns: The final choice and the reasons.
    public static func decide(modelPick: QuestionChoice?, in context: DialogueContext) -> Decision {
        if var early = decisionBeforeModel(in: context) {
            early.modelPick = modelPick
            return early
        }
        guard let pick = modelPick else {
            return replacement(for: nil, reasons: [.noModelChoice], in: context)
        }
        if pick.finishesExchange {
            if context.questionsAsked == 0, !context.hints.isEmpty {
                return replacement(for: pick, reasons: [.tooEarlyToFinish], in: context)
            }
            if pick == .stop {
                return Decision(modelPick: pick, choice: .ready, reasons: [.stopNeedsRequest])
            }
            return Decision(modelPick: pick, choice: .ready, reasons: [.keptModelChoice])
        }
        if let reason = rejection(of: pick, in: context) {
            return replacement(for: pick, reasons: [reason], in: context)
        }
        return Decision(modelPick: pick, choice: pick, reasons: [.keptModelChoice])
    }

    /// The choices ``decide(modelPick:in:)`` would keep as they are: every intent the rules allow
    /// now, and `ready` unless it is too early to finish (`stop` only follows a request, which is
    /// decided before the model is asked). A model asked to choose among these alone is never
    /// overruled.
    public static func allowedChoices(in context: DialogueContext) -> [QuestionChoice] {
        QuestionChoice.allCases.filter { choice in
            switch choice {
            case .stop: false
            case .ready: context.questionsAsked > 0 || context.hints.isEmpty
            default: rejection(of: choice, in: context) == nil
            }
        }
    }

    /// Why an intent may not be asked now, or `nil` when it may.
    public static func rejection(of choice: QuestionChoice, in context: DialogueContext) -> Reason? {
        let undecided = context.undecidedIntents
        if undecided.contains(choice) { return .undecidedNotAskedAgain }
        if context.askedIntents.contains(choice) { return .alreadyAsked }
        // Right after "not decided yet", asking for more details would ask the same thing again.
        if let last = context.turns.last, last.intent != nil, undecided.last == last.intent,
            choice == .moreDetails || choice == .ideaDetails
        {
            return .undecidedNotAskedAgain
        }
        if choice == .audience, context.kind != .productIdea { return .audienceNeedsProductIdea }
        if choice == .decision || choice == .meetingFocus, !context.mentionsMeeting { return .needsMeetingMention }
        return nil
    }

    private static func replacement(for pick: QuestionChoice?, reasons: [Reason], in context: DialogueContext)
        -> Decision
    {
        if let angle = context.hints.first {
            let extra: [Reason] = pick == nil ? [] : [.replacedByUnaskedAngle]
            return Decision(modelPick: pick, choice: angle, reasons: reasons + extra)
        }
        return Decision(modelPick: pick, choice: .ready, reasons: reasons + [.noUnaskedAngle])
    }
}
