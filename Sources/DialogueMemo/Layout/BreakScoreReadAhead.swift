import Synchronization

/// Reads paragraph-break scores ahead of the layout: while the person answers the next question,
/// the scorer reads the answers it has not read yet, so the layout at the end finds their scores
/// ready and waits only for what is still unread.
///
/// A scorer over another. A request for break scores takes the read started for exactly those
/// sentences (once, so a retry asks afresh), else asks the scorer. Reading ahead changes when
/// scores are computed, never what they are, so a note's layout is the same with or without it.
final class BreakScoreReadAhead: ParagraphBreakScoring {
    /// The scorer that reads.
    let base: any ParagraphBreakScoring
    private let state = Mutex(State())

    private struct State {
        /// The reads not taken yet, by their sentences.
        var reads: [[String]: Task<[Double], any Error>] = [:]
        /// The read started last: the next one waits for it, so reads run one at a time and in
        /// the order they were asked for (the order the layout asks in).
        var last: Task<[Double], any Error>?
    }

    init(base: any ParagraphBreakScoring) {
        self.base = base
    }

    deinit {
        cancelReads()
    }

    /// Starts reading the break scores of each sentence list not already being read, one list
    /// after another.
    func readAhead(_ sentenceLists: [[String]]) {
        let base = self.base
        state.withLock { state in
            for sentences in sentenceLists where state.reads[sentences] == nil {
                let previous = state.last
                let read = Task(priority: .utility) {
                    _ = await previous?.result
                    return try await base.paragraphBreakScores(for: sentences)
                }
                state.reads[sentences] = read
                state.last = read
            }
        }
    }

    /// Waits until every read started so far has ended (successfully or not).
    func waitForReads() async {
        _ = await state.withLock { $0.last }?.result
    }

    /// Stops and forgets every read (a cancelled dialogue is laid out locally).
    func cancelReads() {
        let reads = state.withLock { state in
            defer { state = State() }
            return Array(state.reads.values)
        }
        for read in reads { read.cancel() }
    }

    var paragraphBreakRule: ParagraphBreakRule { base.paragraphBreakRule }

    func paragraphBreakScores(for sources: [String]) async throws -> [Double] {
        guard let read = state.withLock({ $0.reads.removeValue(forKey: sources) }) else {
            return try await base.paragraphBreakScores(for: sources)
        }
        return try await withTaskCancellationHandler { try await read.value } onCancel: { read.cancel() }
    }
}
