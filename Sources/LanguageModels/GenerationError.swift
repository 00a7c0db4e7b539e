extension LanguageModelSession {
    /// Why a request failed. Each case has a one-line ``description``.
    public enum GenerationError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The prompt (with the transcript), or the prompt and the response so far, do not fit in the
        /// model's context window. Retrying the same request cannot help: shorten it or start a new session.
        case exceededContextWindowSize(tokenCount: Int, contextSize: Int)
        /// The output could not be completed within the token budget, or did not decode into the type.
        case decodingFailure(String)
        /// A second request was made while one was still running on this session.
        case concurrentRequests
        /// A guide does not fit the value it is attached to, or a pattern is not supported.
        case unsupportedGuide(String)
        /// The model could not be loaded.
        case assetsUnavailable(String)
        /// The model called a tool again after ``GenerationOptions/maximumToolCalls`` calls in one
        /// request (a small model may repeat a call instead of answering).
        case exceededToolCallLimit(Int)

        public var description: String {
            switch self {
            case .exceededContextWindowSize(let tokens, let context):
                "the request needs \(tokens) tokens but the context window holds \(context)"
            case .decodingFailure(let detail): "the model's output could not be decoded: \(detail)"
            case .concurrentRequests: "the session is already responding to another request"
            case .unsupportedGuide(let detail): "unsupported guide: \(detail)"
            case .assetsUnavailable(let detail): "the model is unavailable: \(detail)"
            case .exceededToolCallLimit(let limit):
                "the model asked for another tool call after \(limit) in one request (the limit)"
            }
        }
    }
}
