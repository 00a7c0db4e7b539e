import CLlama

/// A LoRA adapter loaded into one model by llama.cpp.
///
/// Compared by identity: one file is loaded once per model (``LlamaModel/loadedAdapters``).
/// llama.cpp frees the adapter with its model, and models stay loaded until the process ends, so
/// this never frees it itself. `@unchecked Sendable`: the adapter's weights are read-only once
/// loaded, and llama.cpp reads them from any context of the model.
final class LoadedAdapter: @unchecked Sendable, Hashable, CustomStringConvertible {
    let pointer: OpaquePointer
    /// The file it was loaded from.
    let path: String

    init(pointer: OpaquePointer, path: String) {
        self.pointer = pointer
        self.path = path
    }

    var description: String { path }

    static func == (lhs: LoadedAdapter, rhs: LoadedAdapter) -> Bool { lhs === rhs }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
