extension LanguageModelSession {
    /// The snapshots of a response as it is decoded, ending with the complete value; from
    /// ``LanguageModelSession/streamResponse(to:generating:options:)`` and its siblings.
    ///
    ///     let stream = session.streamResponse(to: text, generating: Summary.self)
    ///     for try await snapshot in stream {
    ///         show(snapshot.content?[property: "title"])   // grows as the model writes it
    ///     }
    ///     let summary = try await stream.collect().content
    ///
    /// The request starts when the stream is made, whether or not it is iterated. Iterate it
    /// once (it has one consumer). A consumer slower than decoding gets the newest snapshot and
    /// skips the ones before it (each holds everything before it); the complete one always
    /// comes last. Cancelling the task that iterates it, or the one awaiting
    /// ``collect()``, stops decoding between tokens; ``collect()`` then throws `CancellationError`.
    public struct ResponseStream<Content: Sendable>: AsyncSequence, Sendable {
        /// What the output decoded so far says.
        public struct Snapshot: Sendable, Equatable {
            /// The value so far: the properties and elements decoded so far, strings as far as
            /// they have grown (a number or literal appears once complete). Each snapshot's
            /// content is a prefix of the next one's; the last is the complete value. `nil`
            /// while nothing can be shown yet. For a text stream, the text so far.
            public var content: GeneratedContent?
            /// The output text so far (JSON for structured responses), whole characters only.
            public var rawContent: String
            /// Whether this is the last snapshot: the complete, decoded value.
            public var isComplete: Bool

            /// Creates a snapshot (for previews and test doubles; streams make their own).
            /// - Parameters:
            ///   - content: The value so far, or `nil` while nothing can be shown.
            ///   - rawContent: The output text so far.
            ///   - isComplete: Whether this is the complete value.
            public init(content: GeneratedContent?, rawContent: String, isComplete: Bool) {
                self.content = content
                self.rawContent = rawContent
                self.isComplete = isComplete
            }
        }

        public typealias Element = Snapshot

        private let snapshots: AsyncThrowingStream<Snapshot, any Error>
        private let response: Task<Response<Content>, any Error>

        init(snapshots: AsyncThrowingStream<Snapshot, any Error>, response: Task<Response<Content>, any Error>) {
            self.snapshots = snapshots
            self.response = response
        }

        /// Iterates the snapshots; it throws what the request throws.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<Snapshot, any Error>.AsyncIterator

            /// The next snapshot, or `nil` after the complete one.
            /// - Throws: ``GenerationError`` or `CancellationError`.
            public mutating func next() async throws -> Snapshot? {
                try await base.next()
            }
        }

        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(base: snapshots.makeAsyncIterator())
        }

        /// The final response, as `respond` would return it: waits for the request to end,
        /// whether or not the snapshots were iterated.
        /// - Throws: ``GenerationError`` or `CancellationError`.
        public func collect() async throws -> Response<Content> {
            try await withTaskCancellationHandler {
                try await response.value
            } onCancel: { [response] in
                response.cancel()
            }
        }
    }
}
