import CLlama
import Foundation
import Synchronization

/// Content-free scores of fixed alternatives, remembered per model.
///
/// The key is everything the scores depend on: the content-free prompts' tokens (which hold the
/// instructions, the schema's description and the transcript), the output before the choice, the
/// alternatives, and the LoRA adapters the model ran with. A dialogue asks the same question with the same schema many times, so
/// after the first request every calibrated choice finds its scores here.
final class ChoiceCalibrationCache: Sendable {
    struct Key: Hashable, Sendable {
        var prompts: [[llama_token]]
        var output: [llama_token]
        var candidates: [[llama_token]]
        var adapters: AdapterSet = .none
    }

    private let entries = Mutex<[Key: [[llama_token]: Double]]>([:])
    private let capacity: Int

    init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// The log of the mean probability of log-probabilities (how the content-free prompts'
    /// scores of one option combine), computed without overflow; `-infinity` for none.
    static func logMeanExp(_ values: [Double]) -> Double {
        guard let top = values.max(), top > -Double.infinity else { return -.infinity }
        return top + log(values.map { exp($0 - top) }.reduce(0, +) / Double(values.count))
    }

    /// How many keys have scores.
    var count: Int { entries.withLock { $0.count } }

    /// The scores for a key, computed once.
    func scores(
        for key: Key, compute: () async throws -> [[llama_token]: Double]
    ) async rethrows -> [[llama_token]: Double] {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let scores = try await compute()
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = scores
        }
        return scores
    }
}
