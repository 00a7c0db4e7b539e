extension LanguageModelSession {
    /// An error a tool threw while the model called it; the request that made the call fails
    /// with it (nothing of that request joins the transcript).
    public struct ToolCallError: Error, CustomStringConvertible {
        /// The tool that threw.
        public var tool: any Tool
        /// The error it threw.
        public var underlyingError: any Error

        /// Creates a tool call error.
        /// - Parameters:
        ///   - tool: The tool that threw.
        ///   - underlyingError: The error it threw.
        public init(tool: any Tool, underlyingError: any Error) {
            self.tool = tool
            self.underlyingError = underlyingError
        }

        public var description: String { "the tool '\(tool.name)' failed: \(underlyingError)" }
    }
}
