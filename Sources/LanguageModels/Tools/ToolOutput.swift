extension Transcript {
    /// What a tool returned to the model for one call.
    public struct ToolOutput: Sendable, Equatable, Identifiable {
        /// The ID of the ``ToolCall`` this answers.
        public var id: String
        /// The name of the tool that ran.
        public var toolName: String
        /// The output as the model reads it (the tool output's ``PromptRepresentable/promptRepresentation``).
        public var text: String

        /// Creates a tool output.
        public init(id: String, toolName: String, text: String) {
            self.id = id
            self.toolName = toolName
            self.text = text
        }
    }
}
