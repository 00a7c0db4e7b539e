/// What a session has seen and said, in order.
public struct Transcript: Sendable, Equatable {
    /// One entry of a transcript.
    public enum Entry: Sendable, Equatable {
        /// The session's instructions (always first when present).
        case instructions(String)
        /// A prompt the session responded to.
        case prompt(String)
        /// The session's response: plain text, or the JSON of a generated value.
        case response(String)
        /// Tools the model called while responding to the prompt before it (see ``Tool``).
        case toolCalls([ToolCall])
        /// What a tool returned for one of those calls.
        case toolOutput(ToolOutput)
    }

    /// The entries, oldest first.
    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }
}
