/// A fallback the engine took instead of the model's first answer.
public enum Fallback: String, Codable, Sendable, CaseIterable {
    /// The question request failed once and was retried.
    case questionRetry
    /// The question came from the rules because the model failed twice or could not run.
    case questionByRules
    /// A layout was invalid once and was retried with the reminder.
    case layoutRetry
    /// A layout came from the local one-sentence-per-bullet fallback.
    case localLayout
    /// The model's title span failed the checks once and was asked again with a reminder.
    case titleRetry
    /// The note kept its kind-and-date title because the model's title spans failed the checks.
    case datedTitle
    /// The model is unavailable: rules-only questions and local layout.
    case modelUnavailable
    /// The model does not support the interface language: rules-only questions and local layout.
    case languageUnsupported
    /// The exchange was cancelled; the model was not asked again.
    case cancelled
}
