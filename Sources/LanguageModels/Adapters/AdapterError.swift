/// Why a LoRA adapter cannot be used with a model. Each case has a one-line ``description``
/// naming the file.
///
/// A model whose adapters cannot be used reports it in its availability
/// (``SystemLanguageModel/UnavailableReason/adapterUnusable(_:)``); a request that names such an
/// adapter throws ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` with this
/// description.
public enum AdapterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The adapter file does not exist (or is a folder).
    case fileMissing(path: String)
    /// The adapter file exists but cannot be read.
    case fileNotReadable(path: String)
    /// The file is not a complete GGUF file: a bad header, or tensors cut off.
    case corrupt(path: String, detail: String)
    /// The file is a GGUF file but not a LoRA adapter (a model, or another kind of adapter).
    case notALoRAAdapter(path: String, detail: String)
    /// The adapter was made for another model architecture.
    case architectureMismatch(path: String, adapter: String, model: String)
    /// The adapter's tensors do not fit the model's: made for another model of the same
    /// architecture (other dimensions or layers).
    case shapeMismatch(path: String, detail: String)
    /// The scale is not a finite number.
    case invalidScale(path: String, scale: Double)

    public var description: String {
        switch self {
        case .fileMissing(let path): "adapter file not found: \(path)"
        case .fileNotReadable(let path): "adapter file is not readable: \(path)"
        case .corrupt(let path, let detail): "adapter file is corrupt or incomplete (\(detail)): \(path)"
        case .notALoRAAdapter(let path, let detail): "not a LoRA adapter (\(detail)): \(path)"
        case .architectureMismatch(let path, let adapter, let model):
            "adapter was made for the '\(adapter)' architecture, the model is '\(model)': \(path)"
        case .shapeMismatch(let path, let detail):
            "adapter does not fit this model's dimensions; it was made for another model (\(detail)): \(path)"
        case .invalidScale(let path, let scale): "adapter scale \(scale) is not a finite number: \(path)"
        }
    }
}
