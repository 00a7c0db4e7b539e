import Foundation
import SentenceSegmentation

/// The seam between the engine and sentence splitting: answers in, numbered sources out
/// (source *i* has ID *i + 1*).
public enum SourceSentences {
    /// The sources for a list of answers, in order: each answer's sentences from
    /// ``SentenceSplitter``, or the whole answer as one unit when its sentences do not add up to
    /// it. Blank answers give no source.
    /// - Parameters:
    ///   - answers: The idea, then each answer, exactly as given.
    ///   - language: The language code the splitter's rules use.
    public static func sources(from answers: [String], language: String) -> [String] {
        answers.flatMap { SentenceNumbering.numberedSources(for: $0, language: language) }
    }
}
