import CLlama
import Synchronization

/// A flag llama.cpp's abort callback reads from its compute threads: set, the decode in flight
/// stops between graph nodes (llama_decode then returns 2).
final class AbortFlag: Sendable {
    let isSet = Atomic<Bool>(false)

    /// Makes llama.cpp read this flag for a context. The context must not outlive the flag.
    func install(on context: OpaquePointer) {
        llama_set_abort_callback(
            context,
            { data in
                guard let data else { return false }
                return Unmanaged<AbortFlag>.fromOpaque(data).takeUnretainedValue().isSet.load(ordering: .relaxed)
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
