/// Why a span the model chose cannot be a note's title. Its description is the precise reminder
/// the retry sends.
public enum TitleSpanProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The span is not copied exactly from the idea.
    case notInIdea
    /// The span runs over a line break.
    case lineBreak
    /// The span runs from one sentence into the next.
    case crossesSentences
    /// Fewer words (Japanese: characters) than a title needs.
    case tooShort(count: Int, minimum: Int)
    /// More words (Japanese: characters) than a title may have.
    case tooLong(count: Int, maximum: Int)
    /// The span starts with a filler or function word ("and", "um", "I think").
    case startsWithFiller(String)
    /// The span ends on a function word ("the", "of", "my").
    case endsWithFiller(String)

    public var description: String { reminder(for: .english) }

    /// The reminder the retry sends, counting characters for Japanese and words elsewhere.
    public func reminder(for language: MemoLanguage) -> String {
        let unit = language == .japanese ? "characters" : "words"
        return switch self {
        case .notInIdea: "the title must be copied exactly from the idea"
        case .lineBreak: "the title must not run over a line break"
        case .crossesSentences: "the title must be words of one sentence"
        case .tooShort(let count, let minimum): "the title had \(count) \(unit), it needs at least \(minimum)"
        case .tooLong(let count, let maximum): "the title had \(count) \(unit), it may have at most \(maximum)"
        case .startsWithFiller(let word): "the title must not start with \"\(word)\""
        case .endsWithFiller(let word): "the title must not end with \"\(word)\""
        }
    }
}
