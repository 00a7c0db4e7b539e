/// Model-free paragraph-break scores in the manner of TextTiling (Hearst, 1997): where the words
/// before a boundary and the words after it overlap least, the topic most likely changes.
///
/// Words are lowercased letter runs longer than three characters, cut to their first
/// ``stemLength`` characters (a crude stem that works for English, German and the Romance
/// languages); the blocks on either side of each boundary hold ``window`` sentences. A boundary's
/// score is its depth: how far its cosine similarity lies below the nearest peaks on each side.
public enum LexicalCohesion {
    /// Sentences on each side of a boundary (tuned on the segmentation dev set, in-sample).
    public static let window = 5
    /// Characters kept of each word.
    public static let stemLength = 4

    /// One depth score per boundary (`sources.count - 1` of them), each at least 0; the higher,
    /// the likelier a new paragraph starts after that sentence.
    public static func depthScores(for sources: [String], window: Int = window) -> [Double] {
        guard sources.count > 1 else { return [] }
        let words = sources.map(stems)
        let similarities = (0..<sources.count - 1).map { index in
            let left = words[max(0, index - window + 1)...index].joined()
            let right = words[(index + 1)..<min(sources.count, index + 1 + window)].joined()
            return cosine(Array(left), Array(right))
        }
        return Depth.scores(for: similarities)
    }

    /// A sentence's stems: lowercased runs of letters longer than three characters, cut short.
    static func stems(_ sentence: String) -> [String] {
        var result: [String] = []
        var current = ""
        func flush() {
            if current.count > 3 { result.append(String(current.prefix(stemLength))) }
            current = ""
        }
        for character in sentence.lowercased() {
            if character.isLetter { current.append(character) } else { flush() }
        }
        flush()
        return result
    }

    private static func cosine(_ left: [String], _ right: [String]) -> Double {
        var leftCounts: [String: Double] = [:]
        var rightCounts: [String: Double] = [:]
        for word in left { leftCounts[word, default: 0] += 1 }
        for word in right { rightCounts[word, default: 0] += 1 }
        let dot = leftCounts.reduce(0.0) { $0 + $1.value * (rightCounts[$1.key] ?? 0) }
        let norms = leftCounts.values.reduce(0) { $0 + $1 * $1 } * rightCounts.values.reduce(0) { $0 + $1 * $1 }
        return norms > 0 ? dot / norms.squareRoot() : 0
    }
}
