import CLlama
import Synchronization

/// A flag llama.cpp's abort callback reads from its compute threads: set, the decode in flight
/// stops between graph nodes (llama_decode then returns 2).
final class AbortFlag: Sendable {
    let isSet = Atomic<Bool>(false)
    /// How many times llama.cpp has read the flag since it was last cleared: above zero, a
    /// decode is under way (tests cancel at that moment rather than after a guessed delay).
    let checks = Atomic<Int>(0)

    /// Makes llama.cpp read this flag for a context. The context must not outlive the flag.
    func install(on context: OpaquePointer) {
        llama_set_abort_callback(
            context,
            { data in
                guard let data else { return false }
                let flag = Unmanaged<AbortFlag>.fromOpaque(data).takeUnretainedValue()
                flag.checks.add(1, ordering: .relaxed)
                return flag.isSet.load(ordering: .relaxed)
            }, Unmanaged.passUnretained(self).toOpaque())
    }
}
