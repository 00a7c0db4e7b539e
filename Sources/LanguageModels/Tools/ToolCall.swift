extension Transcript {
    /// A tool call the model made: which tool, with which arguments.
    public struct ToolCall: Sendable, Equatable, Identifiable {
        /// Identifies the call; its ``ToolOutput`` has the same ID.
        public var id: String
        /// The name of the tool called.
        public var toolName: String
        /// The arguments the model generated (they match the tool's parameters).
        public var arguments: GeneratedContent

        /// Creates a tool call.
        public init(id: String, toolName: String, arguments: GeneratedContent) {
            self.id = id
            self.toolName = toolName
            self.arguments = arguments
        }
    }
}
