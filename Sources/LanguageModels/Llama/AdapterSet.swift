import CLlama

/// The LoRA adapters a context applies, with their scales, in one canonical form: each adapter
/// once (scales of repeats added, as their weight changes add up), none at scale 0 (llama.cpp
/// ignores those), ordered by path.
///
/// Two sets are equal exactly when llama.cpp computes the same thing with them, so it is the key
/// that keeps KV caches and calibration scores computed under one set from being reused under
/// another.
struct AdapterSet: Hashable, Sendable, CustomStringConvertible {
    struct Entry: Hashable, Sendable {
        var adapter: LoadedAdapter
        var scale: Float
    }

    /// The adapters, each once, in path order.
    let entries: [Entry]

    /// No adapters: the plain model.
    static let none = AdapterSet([])

    init(_ adapters: [(adapter: LoadedAdapter, scale: Float)]) {
        var scales: [LoadedAdapter: Float] = [:]
        for (adapter, scale) in adapters { scales[adapter, default: 0] += scale }
        entries = scales.filter { $0.value != 0 }.map { Entry(adapter: $0.key, scale: $0.value) }
            .sorted { $0.adapter.path < $1.adapter.path }
    }

    var isEmpty: Bool { entries.isEmpty }

    var description: String {
        isEmpty ? "none" : entries.map { "\($0.adapter.path) × \($0.scale)" }.joined(separator: ", ")
    }

    /// Sets these adapters (and only these) on a context; llama.cpp applies them from the next
    /// decode on.
    /// - Returns: Whether llama.cpp accepted them.
    func apply(to context: OpaquePointer) -> Bool {
        var pointers: [OpaquePointer?] = entries.map { $0.adapter.pointer }
        var scales = entries.map(\.scale)
        if entries.isEmpty { return llama_set_adapters_lora(context, nil, 0, nil) == 0 }
        return pointers.withUnsafeMutableBufferPointer { pointers in
            scales.withUnsafeMutableBufferPointer { scales in
                llama_set_adapters_lora(context, pointers.baseAddress, pointers.count, scales.baseAddress) == 0
            }
        }
    }
}
