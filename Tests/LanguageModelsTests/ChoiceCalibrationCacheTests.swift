import Foundation
@testable import LanguageModels
import Testing

@Suite struct ChoiceCalibrationCacheTests {
    @Test func contentFreeScoresCombineAsTheLogOfTheMeanProbability() {
        #expect(abs(ChoiceCalibrationCache.logMeanExp([log(0.2), log(0.4)]) - log(0.3)) < 1e-12)
        #expect(ChoiceCalibrationCache.logMeanExp([-3.5]) == -3.5)
        // Very unlikely options do not underflow to -infinity.
        #expect(abs(ChoiceCalibrationCache.logMeanExp([-2000, -2000]) - -2000) < 1e-9)
        #expect(ChoiceCalibrationCache.logMeanExp([]) == -.infinity)
    }

    @Test func scoresAreComputedOncePerKey() async throws {
        let cache = ChoiceCalibrationCache()
        let key = ChoiceCalibrationCache.Key(prompts: [[1, 2]], output: [3], candidates: [[4], [5, 6]])
        var computed = 0
        for _ in 0..<3 {
            let scores = await cache.scores(for: key) {
                computed += 1
                return [[4]: -1, [5, 6]: -2]
            }
            #expect(scores[[5, 6]] == -2)
        }
        #expect(computed == 1)
        let other = ChoiceCalibrationCache.Key(prompts: [[1, 2]], output: [3, 7], candidates: [[4], [5, 6]])
        _ = await cache.scores(for: other) {
            computed += 1
            return [:]
        }
        #expect(computed == 2)
    }
}
