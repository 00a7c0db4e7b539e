/// Why a layout cannot be rendered: it would drop, repeat or reorder a sentence.
public enum NoteLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There are no sentences to lay out.
    case noSources
    /// The layout has no groups.
    case noGroups
    /// A group has no IDs (its index, from 0).
    case emptyGroup(Int)
    /// The IDs are not exactly 1 through the source count, in ascending order.
    case idsNotExactlyInOrder(sourceCount: Int)
    /// The model's boundary scores do not fit the sentences: not one finite score per boundary.
    case scoresDoNotFit(sourceCount: Int, scoreCount: Int)

    public var description: String {
        switch self {
        case .noSources: "there are no sentences to lay out"
        case .noGroups: "the layout has no groups"
        case .emptyGroup(let index): "group \(index + 1) is empty"
        case .idsNotExactlyInOrder(let count): "the IDs are not exactly 1 to \(count), each once, in ascending order"
        case .scoresDoNotFit(let sources, let scores):
            "\(scores) boundary scores for \(sources) sentences (expected \(max(0, sources - 1)), all finite)"
        }
    }
}
