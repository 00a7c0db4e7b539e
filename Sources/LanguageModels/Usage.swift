extension LanguageModelSession {
    /// The tokens a response took, in the shape of Apple's `LanguageModelSession.Usage`: the
    /// prompt's tokens (and how many of them the KV cache already held), and the response's.
    ///
    /// `input.cachedTokenCount + input.evaluatedTokenCount == input.totalTokenCount` always holds.
    public struct Usage: Sendable, Equatable {
        /// The prompt's token counts.
        public struct Input: Sendable, Equatable {
            /// Tokens in the full prompt: instructions (with the schema's description), the
            /// transcript so far and this request, in the model's chat template.
            public var totalTokenCount: Int
            /// Prompt tokens served from the KV cache (a previous turn, or another session with
            /// the same instructions) instead of evaluated again.
            public var cachedTokenCount: Int

            /// Prompt tokens evaluated for this request.
            public var evaluatedTokenCount: Int { totalTokenCount - cachedTokenCount }

            /// Creates input counts.
            /// - Parameters:
            ///   - totalTokenCount: Tokens in the full prompt.
            ///   - cachedTokenCount: Those of them the KV cache already held.
            public init(totalTokenCount: Int, cachedTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
                self.cachedTokenCount = cachedTokenCount
            }
        }

        /// The response's token counts.
        public struct Output: Sendable, Equatable {
            /// Tokens in the response: those the model chose and those the schema forced.
            public var totalTokenCount: Int

            /// Creates output counts.
            /// - Parameter totalTokenCount: Tokens in the response.
            public init(totalTokenCount: Int) {
                self.totalTokenCount = totalTokenCount
            }
        }

        /// The prompt's token counts.
        public var input: Input
        /// The response's token counts.
        public var output: Output

        /// Creates usage figures.
        /// - Parameters:
        ///   - input: The prompt's token counts.
        ///   - output: The response's token counts.
        public init(input: Input, output: Output) {
            self.input = input
            self.output = output
        }

        /// The usage a response's metrics describe.
        init(_ metrics: Metrics) {
            let evaluated = min(metrics.evaluatedPromptTokens, metrics.promptTokens)
            self.init(
                input: Input(totalTokenCount: metrics.promptTokens, cachedTokenCount: metrics.promptTokens - evaluated),
                output: Output(totalTokenCount: metrics.sampledTokens + metrics.forcedTokens))
        }
    }
}
