import Foundation

/// Word error rate between a reference and a hypothesis, after normalisation.
public enum WordErrorRate {
    /// Lower-cases, turns punctuation into spaces (keeping apostrophes inside words), splits, and
    /// writes the English numbers zero to twenty as digits, as recognizers do ("ten" and "10").
    public static func normalizedWords(_ text: String) -> [String] {
        let mapped = text.lowercased().unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "'" ? Character(scalar) : " "
        }
        return String(mapped).split(separator: " ").map { $0.trimmingCharacters(in: ["'"]) }.filter { !$0.isEmpty }
            .map { numberWords[$0].map(String.init) ?? $0 }
    }

    private static let numberWords: [String: Int] = Dictionary(uniqueKeysWithValues: [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ].enumerated().map { ($1, $0) })

    /// (substitutions + deletions + insertions) / reference words, on normalized words; 0 for two empty texts.
    public static func compute(reference: String, hypothesis: String) -> Double {
        let ref = normalizedWords(reference), hyp = normalizedWords(hypothesis)
        guard !ref.isEmpty else { return hyp.isEmpty ? 0 : 1 }
        var previous = Array(0...hyp.count)
        for i in 1...ref.count {
            var current = [i] + [Int](repeating: 0, count: hyp.count)
            for j in stride(from: 1, through: hyp.count, by: 1) {
                let cost = ref[i - 1] == hyp[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return Double(previous[hyp.count]) / Double(ref.count)
    }
}
