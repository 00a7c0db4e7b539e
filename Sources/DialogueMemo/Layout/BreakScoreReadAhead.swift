import Synchronization

/// Reads paragraph-break scores ahead of the layout: while the person answers the next question,
/// the model reads the answers it has not read yet, so the layout at the end finds their scores
/// ready and waits only for what is still unread.
///
/// A ``MemoModel`` over another. Question choices pass straight through; a request for break
/// scores takes the read started for exactly those sentences (once, so a retry asks the model
/// afresh), else asks the model. Reading ahead changes when scores are computed, never what
/// they are, so a note's layout is the same with or without it.
final class BreakScoreReadAhead: MemoModel {
    /// The model that reads.
    let base: any MemoModel
    private let state = Mutex(State())

    private struct State {
        /// The reads not taken yet, by their sentences.
        var reads: [[String]: Task<[Double], any Error>] = [:]
        /// The read started last: the next one waits for it, so reads run one at a time and in
        /// the order they were asked for (the order the layout asks in).
        var last: Task<[Double], any Error>?
    }

    init(base: any MemoModel) {
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

    func chooseQuestion(prompt: String) async throws -> QuestionChoice {
        try await base.chooseQuestion(prompt: prompt)
    }

    func chooseQuestion(prompt: String, among allowed: [QuestionChoice]) async throws -> QuestionChoice {
        try await base.chooseQuestion(prompt: prompt, among: allowed)
    }

    var paragraphBreakRule: ParagraphBreakRule { base.paragraphBreakRule }

    func prepareQuestion(promptPrefix: String) async {
        await base.prepareQuestion(promptPrefix: promptPrefix)
    }

    func chooseTitleSpan(in idea: String, language: MemoLanguage, reminder: String?) async throws -> String? {
        try await base.chooseTitleSpan(in: idea, language: language, reminder: reminder)
    }

    func prepareTitle() async {
        await base.prepareTitle()
    }

    func paragraphBreakScores(for sources: [String]) async throws -> [Double] {
        guard let read = state.withLock({ $0.reads.removeValue(forKey: sources) }) else {
            return try await base.paragraphBreakScores(for: sources)
        }
        return try await withTaskCancellationHandler { try await read.value } onCancel: { read.cancel() }
    }
}
