/// What producing a note's layout took.
public struct LayoutRecord: Codable, Sendable, Equatable {
    /// Sentences laid out.
    public var sourceCount: Int = 0
    /// Windows of at most 48 sentences, each laid out separately.
    public var windows: Int = 0
    /// Layout requests sent to the model.
    public var modelRequests: Int = 0
    /// Windows whose first layout was invalid and that were retried with the reminder.
    public var retries: Int = 0
    /// Windows laid out locally (one sentence per bullet) after the model failed or could not run.
    public var localFallbacks: Int = 0
    /// Why model layouts were rejected, in order.
    public var failures: [String] = []
    /// Wall-clock milliseconds.
    public var milliseconds: Double = 0

    /// Creates an empty record.
    public init() {}
}
