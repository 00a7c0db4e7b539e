public import Foundation

extension SystemLanguageModel {
    /// A LoRA adapter: a small GGUF file of low-rank weight changes that specializes a model for a
    /// task, and how strongly to apply it.
    ///
    /// After Apple's `SystemLanguageModel.Adapter`, an adapter is attached to a model value, so
    /// every session of that model uses it:
    ///
    ///     let adapter = SystemLanguageModel.Adapter(fileURL: url)
    ///     let model = SystemLanguageModel(adapter: adapter)
    ///     guard case .available = model.availability else { … }   // names a file that does not fit
    ///     let session = LanguageModelSession(model: model, instructions: …)
    ///
    /// A single request can use other adapters than its session's model
    /// (``GenerationOptions/adapters``), so one conversation can ask one decision of a task adapter
    /// and the rest of the plain model.
    ///
    /// The file must have `general.type` "adapter", `adapter.type` "lora", the model's
    /// `general.architecture` and tensors (`<model tensor>.lora_a`, `.lora_b`) shaped for the
    /// model's dimensions; llama.cpp's `convert_lora_to_gguf.py` writes such files from a PEFT
    /// adapter. Each file is loaded once per model and process, on first use, and kept until the
    /// process ends (a few MB each).
    public struct Adapter: Sendable, Hashable {
        /// The adapter's GGUF file.
        public var fileURL: URL
        /// The factor on the adapter's weight changes (on top of its trained `alpha / rank`):
        /// 1 applies it as trained, 0 leaves the model as it is.
        public var scale: Double

        /// Names an adapter; nothing is read until a model uses it.
        /// - Parameters:
        ///   - fileURL: The adapter's GGUF file.
        ///   - scale: The factor on its weight changes; 1 applies it as trained.
        public init(fileURL: URL, scale: Double = 1) {
            self.fileURL = fileURL
            self.scale = scale
        }
    }
}
