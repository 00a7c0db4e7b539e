extension SystemLanguageModel {
    /// The default model (or `base`) with an adapter applied to every session that uses it.
    /// - Parameters:
    ///   - adapter: The adapter; ``availability`` tells whether its file fits the model.
    ///   - base: The model to adapt; the configured default when omitted.
    public init(adapter: Adapter, base: SystemLanguageModel = .default) {
        self = base.adapted(by: [adapter])
    }

    /// This model with other adapters: the same file, threads and context size.
    ///
    /// Adapters apply together (their weight changes add up); the same file twice counts once,
    /// with the scales added.
    /// - Parameter adapters: The adapters; empty for the plain model.
    /// - Returns: The adapted model.
    public func adapted(by adapters: [Adapter]) -> SystemLanguageModel {
        var copy = self
        copy.adapters = adapters
        return copy
    }
}
