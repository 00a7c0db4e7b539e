/// One sentence of a text: its words without surrounding whitespace, and where it sits in the
/// original string.
public struct Sentence: Sendable, Equatable {
    /// The sentence, without leading or trailing whitespace.
    public var text: String
    /// Where ``text`` sits in the string that was split.
    public var range: Range<String.Index>

    /// Creates a sentence.
    public init(text: String, range: Range<String.Index>) {
        self.text = text
        self.range = range
    }
}
