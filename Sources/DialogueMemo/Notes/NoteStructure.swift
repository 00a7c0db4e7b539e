public import Foundation
import SentenceSegmentation

/// The structure the dialogue gives a note before any model runs: the idea first, then one block
/// per answer under the reviewed words of the question it answers, and the title to use when the
/// first sentence cannot be one. The layout only groups sentences inside a block; it can
/// never merge two answers or move a sentence across a block boundary.
public struct NoteStructure: Sendable, Equatable, Codable {
    /// One block: consecutive sources from one turn.
    public struct Block: Sendable, Equatable, Codable {
        /// The label shown above the block: the question it answers; `nil` for the idea.
        public var label: String?
        /// How many sources the block holds (at least one).
        public var sourceCount: Int

        /// Creates a block.
        public init(label: String?, sourceCount: Int) {
            self.label = label
            self.sourceCount = sourceCount
        }
    }

    /// The blocks, in order; together they hold every source once.
    public var blocks: [Block]
    /// The title when the first sentence cannot be one.
    public var fallbackTitle: String

    /// Creates a structure.
    public init(blocks: [Block], fallbackTitle: String) {
        self.blocks = blocks.filter { $0.sourceCount > 0 }
        self.fallbackTitle = fallbackTitle
    }

    /// The structure of a dialogue: one block per turn that has words, labelled with the
    /// question it answers (the closing prompt's label for an addition after the ending), and a
    /// dated title for the note's kind.
    /// - Parameters:
    ///   - turns: The idea, then each answer, exactly as given.
    ///   - language: The interface language (labels, title) and the splitter's rules.
    ///   - date: When the note is made, for the title.
    ///   - timeZone: The time zone of that date.
    public init(turns: [DialogueTurn], language: MemoLanguage, date: Date, timeZone: TimeZone = .current) {
        let blocks = turns.enumerated().map { index, turn in
            let count = SentenceNumbering.numberedSources(for: turn.answer, language: language.rawValue).count
            return Block(label: Self.label(for: turn, isFirst: index == 0, language: language), sourceCount: count)
        }
        let kind = AngleHints.kind(of: turns.map(\.answer))
        self.init(blocks: blocks, fallbackTitle: NoteTitle.dated(kind: kind, date: date, timeZone: timeZone, language: language))
    }

    /// No dialogue structure: one block without a label and the generic title (a layout of any
    /// text, such as an evaluation document).
    public static func plain(sourceCount: Int, language: MemoLanguage) -> NoteStructure {
        NoteStructure(blocks: [Block(label: nil, sourceCount: sourceCount)], fallbackTitle: language.genericTitle)
    }

    /// Sources in all blocks.
    public var sourceCount: Int { blocks.reduce(0) { $0 + $1.sourceCount } }

    /// Each block's source indices (0-based), in order.
    public var ranges: [Range<Int>] {
        var start = 0
        return blocks.map { block in
            defer { start += block.sourceCount }
            return start..<start + block.sourceCount
        }
    }

    /// The label for a turn: none for the idea, the question for an answer, the addition label
    /// for words added after the ending.
    static func label(for turn: DialogueTurn, isFirst: Bool, language: MemoLanguage) -> String? {
        if isFirst { return nil }
        guard let intent = turn.intent else { return QuestionCatalog.additionLabel(language: language) }
        return QuestionCatalog.question(for: intent, language: language) ?? QuestionCatalog.additionLabel(language: language)
    }
}
