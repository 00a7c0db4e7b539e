/// A string node's guides combined into one constraint, shared by the grammar and the prompt's
/// schema description so the two always agree.
///
/// - `anyOf` and `constant` guides intersect (in the order of the first one).
/// - `maximumLength` guides keep the smallest; a pattern must match whole.
/// - With fixed cases, the length and pattern filter them.
///
/// Combinations that leave nothing to write are rejected here, when the schema is compiled,
/// never halfway through generation.
struct StringConstraints: Sendable {
    /// The allowed values, when fixed.
    private(set) var cases: [String]?
    private(set) var maximumLength: Int?
    private(set) var pattern: PatternAutomaton?

    /// Combines guides.
    /// - Throws: ``LanguageModelSession/GenerationError/unsupportedGuide(_:)`` for a guide that is
    ///   not a string guide, an unsupported or second pattern, or guides no string satisfies.
    init(guides: [GenerationGuide], path: String) throws(LanguageModelSession.GenerationError) {
        var patternText: String?
        for guide in guides {
            switch guide {
            case .anyOf(let values): intersect(values)
            case .constant(let value): intersect([value])
            case .maximumLength(let length) where length >= 0:
                maximumLength = min(maximumLength ?? length, length)
            case .pattern(let text):
                if let patternText, patternText != text {
                    throw .unsupportedGuide("two patterns at \(path) (\(patternText), \(text)): combine them into one")
                }
                do { pattern = try PatternAutomaton(pattern: text) } catch {
                    throw .unsupportedGuide("pattern \(text) at \(path): \(error)")
                }
                patternText = text
            case .excerpt(let text):
                if let patternText {
                    throw .unsupportedGuide("an excerpt and the pattern \(patternText) at \(path): use one of them")
                }
                pattern = PatternAutomaton(excerptOf: text)
                patternText = "excerpt of \(text.debugDescription)"
            case .spans(let text, let ranges):
                if let patternText {
                    throw .unsupportedGuide("spans and the pattern \(patternText) at \(path): use one of them")
                }
                pattern = PatternAutomaton(spansOf: text, ranges: ranges)
                patternText = "\(ranges.count) spans of \(text.debugDescription)"
            default:
                throw .unsupportedGuide("\(guide) does not apply to \(path) (string)")
            }
        }
        if let cases {
            let fitting = cases.filter { value in
                value.unicodeScalars.count <= (maximumLength ?? .max) && pattern.map { $0.matches(value) } ?? true
            }
            guard !fitting.isEmpty else {
                throw .unsupportedGuide("no allowed value at \(path): \(guides) leave none of \(cases)")
            }
            self.cases = fitting
        } else if let pattern, let patternText {
            let shortest = pattern.minimumLength
            if shortest == .max {
                throw .unsupportedGuide("pattern \(patternText) at \(path) matches no string the decoder can write")
            }
            if let maximumLength, shortest > maximumLength {
                throw .unsupportedGuide(
                    "pattern \(patternText) at \(path) needs \(shortest) characters but maximumLength is \(maximumLength)")
            }
        }
    }

    private mutating func intersect(_ values: [String]) {
        var unique: [String] = []
        for value in values where !unique.contains(value) { unique.append(value) }
        cases = cases.map { $0.filter(unique.contains) } ?? unique
    }
}
