/// One block of a note: the idea (no heading) or an answer under its question.
public struct MemoBlockView: Codable, Sendable, Equatable {
    /// The `## ` heading (the question), or empty for the idea.
    public var heading: String
    /// The block's text: the person's sentences as the layout grouped them.
    public var text: String

    /// Creates a block.
    public init(heading: String, text: String) {
        self.heading = heading
        self.text = text
    }
}
