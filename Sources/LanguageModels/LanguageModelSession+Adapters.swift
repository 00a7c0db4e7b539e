extension LanguageModelSession {
    /// The adapters a request runs with, loaded into `model`: the options' when they name them,
    /// else the session model's.
    /// - Throws: ``GenerationError/assetsUnavailable(_:)`` with the ``AdapterError``'s description.
    func adapterSet(for model: LlamaModel, options: GenerationOptions? = nil) throws(GenerationError) -> AdapterSet {
        switch model.adapterSet(for: options?.adapters ?? self.model.adapters) {
        case .success(let set): return set
        case .failure(let error): throw .assetsUnavailable(error.description)
        }
    }
}
