/// What producing a note's layout took.
public struct LayoutRecord: Codable, Sendable, Equatable {
    /// Sentences laid out.
    public var sourceCount: Int = 0
    /// Windows of at most 48 sentences, each laid out separately.
    public var windows: Int = 0
    /// Boundary-score requests sent to the model (answers too short for two paragraphs need none).
    public var modelRequests: Int = 0
    /// Windows whose first scores did not fit (or failed to decode) and were asked again.
    public var retries: Int = 0
    /// Windows laid out locally (lexical cohesion) after the model failed twice or stopped.
    public var localFallbacks: Int = 0
    /// Why model scores were rejected, in order.
    public var failures: [String] = []
    /// Wall-clock milliseconds.
    public var milliseconds: Double = 0

    /// Creates an empty record.
    public init() {}
}
