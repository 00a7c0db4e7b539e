/// How a note got its title.
public struct TitleRecord: Codable, Sendable, Equatable {
    /// Where a title's words come from.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The idea's first sentence, short enough to be the title.
        case firstSentence
        /// A span of the idea the model chose and the checks accepted.
        case span
        /// The localized kind-and-date title (or the generic one): the model was not asked, or
        /// both of its spans failed the checks.
        case fallback
    }

    /// Where the title's words come from.
    public var kind: Kind = .fallback
    /// Span requests sent to the model (0, 1 or 2).
    public var modelRequests: Int = 0
    /// Whether the first span failed the checks and the model was asked again with a reminder.
    public var retried = false
    /// Why spans were rejected, in order (each a reminder the retry sent, or a request's error).
    public var failures: [String] = []
    /// Wall-clock milliseconds spent choosing the title.
    public var milliseconds: Double = 0

    /// Creates a record.
    public init(kind: Kind = .fallback) {
        self.kind = kind
    }
}
