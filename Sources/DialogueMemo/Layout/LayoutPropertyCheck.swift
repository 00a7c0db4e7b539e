import Foundation
import LanguageModels
import SentenceSegmentation
import Synchronization

/// The note's central promise as a property: for any answers and any layout a model returns —
/// random, adversarial or failing — the rendered note holds every sentence exactly once, in order,
/// byte for byte, with nothing but Markdown structure and the blocks' reviewed labels between
/// them; a dialogue of two or more answers shows more than one block; and splitting the answers
/// into sentences drops nothing but whitespace.
///
/// Tests run a few thousand cases; `verbatim-bench layout-property` runs 100,000.
public enum LayoutPropertyCheck {
    /// What a run found.
    public struct Summary: Sendable, Equatable {
        /// Cases run.
        public var cases: Int = 0
        /// Cases whose note broke the promise.
        public var failures: Int = 0
        /// The first failing case, described.
        public var firstFailure: String?
        /// Sentences checked in all.
        public var sentences: Int = 0
        /// Windows that needed the retry.
        public var retries: Int = 0
        /// Windows that fell back to the local layout.
        public var localFallbacks: Int = 0
        /// Notes longer than one 48-sentence window.
        public var multiWindowNotes: Int = 0
    }

    /// Runs `cases` random cases from a seed.
    public static func run(cases: Int, seed: UInt64) async -> Summary {
        var summary = Summary()
        var random = SeededGenerator(seed: seed)
        for index in 0..<cases {
            let answers = randomAnswers(using: &random)
            let language = MemoLanguage.allCases.randomElement(using: &random) ?? .english
            let sources = SourceSentences.sources(from: answers, language: language.rawValue)
            // Most cases are dialogues (one block per answer, under its question); some are plain text.
            let turns = answers.enumerated().map { index, answer in
                DialogueTurn(intent: index == 0 ? nil : intents.randomElement(using: &random) ?? nil, answer: answer)
            }
            let structure =
                Int.random(in: 0..<4, using: &random) == 0
                ? nil
                : NoteStructure(
                    turns: turns, language: language, date: Date(timeIntervalSince1970: Double(random.next() % 4_000_000_000)),
                    timeZone: TimeZone(identifier: "UTC") ?? .current)
            let model = AdversarialLayoutModel(seed: random.next())
            let (note, record) = await NoteLayout.compose(
                sources: sources, model: model, language: language, structure: structure)
            summary.cases += 1
            summary.sentences += sources.count
            summary.retries += record.retries
            summary.localFallbacks += record.localFallbacks
            if record.windows > 1 { summary.multiWindowNotes += 1 }
            // Splitting may only drop whitespace between sentences, never a visible character.
            let visible = { (texts: [String]) in texts.joined().unicodeScalars.filter { !$0.properties.isWhitespace } }
            let splitKeptEveryCharacter = Array(visible(answers)) == Array(visible(sources))
            let blocksShown = structure.map { showsEveryAnswerBlock(note, structure: $0) } ?? true
            if !holdsEverySentence(note.markdown, sources: sources, language: language, structure: structure)
                || !splitKeptEveryCharacter || !blocksShown
            {
                summary.failures += 1
                if summary.firstFailure == nil {
                    summary.firstFailure = "case \(index): sources \(sources) rendered as \(note.markdown.debugDescription)"
                }
            }
        }
        return summary
    }

    /// The title line's text when it is a span of one sentence of the idea's block (the first
    /// block, when it has no label), else `nil`.
    static func spanTitle(of markdown: String, sources: [String], structure: NoteStructure) -> String? {
        let title = NoteMarkdown.parse(markdown).title
        guard markdown.hasPrefix("# " + title + "\n\n"), !title.isEmpty, !title.contains(where: \.isNewline),
            let idea = structure.ranges.first,
            structure.blocks.first?.label == nil, idea.upperBound <= sources.count,
            sources[idea].contains(where: { $0.contains(title) })
        else { return nil }
        return title
    }

    /// Whether Markdown is exactly a title line and the sources in order, each once and byte for
    /// byte, separated only by the renderer's structure (`# `, blank lines, `- `, spaces) and by
    /// each block's label line (`## ` and the reviewed label) exactly where the block starts. The
    /// title is the fallback, the first sentence (then not repeated), or a span of one sentence
    /// of the idea (``NoteTitleChoice``; the body then shows every sentence).
    /// - Parameter structure: The dialogue's blocks and title; `nil` for one plain block under
    ///   the generic title (as ``NoteRenderer`` renders without one).
    public static func holdsEverySentence(
        _ markdown: String, sources: [String], language: MemoLanguage, structure: NoteStructure? = nil
    ) -> Bool {
        let structure = NoteRenderer.effective(structure, sourceCount: sources.count, language: language)
        let text = Array(markdown.utf8)
        let sentences = sources.map { Array($0.utf8) }
        let fallback = Array(("# " + structure.fallbackTitle + "\n\n").utf8)
        if sentences.isEmpty { return text == Array(("# " + structure.fallbackTitle + "\n").utf8) }
        var starts: [(position: Int, sentence: Int)] = []
        if text.starts(with: fallback) { starts.append((fallback.count, 0)) }
        let titled = Array("# ".utf8) + sentences[0] + Array("\n\n".utf8)
        if sentences.count > 1, text.starts(with: titled) { starts.append((titled.count, 1)) }
        if let span = spanTitle(of: markdown, sources: sources, structure: structure) {
            // A title chosen from the idea repeats its words; the body still holds every sentence.
            starts.append((Array(("# " + span + "\n\n").utf8).count, 0))
        }
        for start in starts {
            // A label stands before the first sentence of its block that the body shows.
            var labels: [Int: [UInt8]] = [:]
            for (block, range) in zip(structure.blocks, structure.ranges) {
                guard let label = block.label else { continue }
                let first = max(range.lowerBound, start.sentence)
                if range.contains(first) { labels[first] = Array(("## " + label + "\n\n").utf8) }
            }
            var failed = Set<Int>()
            let matcher = Matcher(text: text, sentences: sentences, labels: labels, first: start.sentence)
            if matcher.matches(position: start.position, sentence: start.sentence, failed: &failed) {
                return true
            }
        }
        return false
    }

    /// Whether `markdown` shows more than one block whenever the dialogue had two or more answers
    /// (labelled blocks): the structure of the dialogue is visible, whatever the layout was.
    public static func showsEveryAnswerBlock(_ note: MemoNote, structure: NoteStructure) -> Bool {
        let answers = structure.blocks.filter { $0.label != nil }.count
        return answers < 2 || note.blockCount > 1
    }

    private static let firstSeparators = ["", "- "].map { Array($0.utf8) }
    private static let separators = [" ", "", "\n- ", "\n\n", "\n\n- "].map { Array($0.utf8) }

    /// A backtracking match of sources and separators against the rendered bytes.
    private struct Matcher {
        let text: [UInt8]
        let sentences: [[UInt8]]
        let labels: [Int: [UInt8]]
        let first: Int

        func matches(position: Int, sentence: Int, failed: inout Set<Int>) -> Bool {
            if sentence == sentences.count { return position == text.count - 1 && text[position] == UInt8(ascii: "\n") }
            let key = position * (sentences.count + 1) + sentence
            if failed.contains(key) { return false }
            for separator in allowedSeparators(before: sentence) {
                let expected = separator + sentences[sentence]
                let end = position + expected.count
                guard end <= text.count, text[position..<end].elementsEqual(expected) else { continue }
                if matches(position: end, sentence: sentence + 1, failed: &failed) { return true }
            }
            failed.insert(key)
            return false
        }

        private func allowedSeparators(before sentence: Int) -> [[UInt8]] {
            let plain = sentence == first ? LayoutPropertyCheck.firstSeparators : LayoutPropertyCheck.separators
            guard let label = labels[sentence] else { return plain }
            let lead = sentence == first ? [] : Array("\n\n".utf8)
            return LayoutPropertyCheck.firstSeparators.map { lead + label + $0 }
        }
    }

    /// Intents for random answers; `nil` is an addition after the ending.
    private static let intents: [QuestionChoice?] = QuestionChoice.allCases.map { $0 } + [nil]

    private static let fragments = [
        "A new product idea", "Frozen meals for people who are too busy to cook", "We met on Tuesday",
        "会議は明日です", "まだ決めていない", "C'est tout", "Das war's", "¿Para quién es", "🙂", "🙂🙂🙂",
        "# Not a heading", "- not a bullet", "e\u{301}", "Dr", "3.14", "...", "  ", "\n", "a\nb", "\t",
        "x", "Résumé", "Straße", "**bold**", "[link](x)", "\u{200B}", "ＡＢＣ", "🇯🇵", "👩‍👩‍👧",
    ]
    private static let terminators = ["", ".", "!", "?", "。", "！", "？", "...", "?!", ". ", "\n", " "]

    /// Random answers, a few of them long enough to need several layout windows.
    static func randomAnswers(using random: inout SeededGenerator) -> [String] {
        let long = Int.random(in: 0..<20, using: &random) == 0
        let answerCount = long ? Int.random(in: 8...30, using: &random) : Int.random(in: 0...6, using: &random)
        return (0..<answerCount).map { _ in
            let pieces = long ? Int.random(in: 3...8, using: &random) : Int.random(in: 0...5, using: &random)
            var answer = ""
            for _ in 0..<pieces {
                answer += fragments.randomElement(using: &random)!
                answer += terminators.randomElement(using: &random)!
                if Bool.random(using: &random) { answer += " " }
            }
            return answer
        }
    }
}

/// A scorer that scores boundaries at random: valid, miscounted, not finite, extreme, or with errors.
private final class AdversarialLayoutModel: ParagraphBreakScoring {
    private let random: Mutex<SeededGenerator>

    init(seed: UInt64) {
        random = Mutex(SeededGenerator(seed: seed))
    }

    var paragraphBreakRule: ParagraphBreakRule { .semantic }

    func paragraphBreakScores(for sources: [String]) async throws -> [Double] {
        try random.withLock { random throws -> [Double] in
            let n = sources.count
            var scores = (0..<max(0, n - 1)).map { _ in Double.random(in: -12...4, using: &random) }
            switch Int.random(in: 0..<12, using: &random) {
            case 0: throw LanguageModelSession.GenerationError.decodingFailure("scripted")
            case 1: throw LanguageModelSession.GenerationError.exceededContextWindowSize(tokenCount: 9, contextSize: 8)
            case 2 where !scores.isEmpty: scores.removeLast()
            case 3: scores.append(0)
            case 4 where !scores.isEmpty: scores[Int.random(in: 0..<scores.count, using: &random)] = .nan
            case 5 where !scores.isEmpty: scores[0] = .infinity
            case 6: scores = []
            case 7: scores = scores.map { _ in 0 }
            case 8: scores = scores.map { _ in Bool.random(using: &random) ? 1e300 : -1e300 }
            default: break
            }
            return scores
        }
    }
}
