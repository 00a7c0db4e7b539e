import Synchronization

/// Masks computed by trie walks, remembered per grammar state.
///
/// A structural state (after `{"nextQuestion":"`, between array elements, …) always allows the
/// same tokens, so the walk is done once per model and state; the next request with the same
/// schema finds it here. Free-string states are not cached: their fast path is cheaper than a
/// lookup.
final class MaskCache: Sendable {
    private struct Key: Hashable {
        var grammar: Grammar
        var threads: [[Matcher.Item]]
    }

    private let entries = Mutex<[Key: [Int32]]>([:])
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    func mask(for matcher: Matcher, compute: () -> [Int32]) -> [Int32] {
        let key = Key(grammar: matcher.grammar, threads: matcher.threads)
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let mask = compute()
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = mask
        }
        return mask
    }
}
