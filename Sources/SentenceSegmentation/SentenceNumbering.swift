/// Turns an answer into the units Dialogue Memo numbers: its sentences, or, when the sentences do
/// not add up to the answer, the whole answer as one unit.
public enum SentenceNumbering {
    /// The units to number for an answer.
    ///
    /// The sentences must cover the answer exactly: joined with the whitespace between them they
    /// must give back the original text, with nothing skipped. If not, the trimmed answer is the
    /// only unit. Empty or whitespace-only answers have no units.
    public static func numberedSources(for answer: String, language: String) -> [String] {
        let sentences = SentenceSplitter.split(answer, language: language)
        if addsUp(sentences, to: answer) { return sentences.map(\.text) }
        let trimmed = trim(answer)
        return trimmed.isEmpty ? [] : [trimmed]
    }

    /// Whether sentences, joined with the text between them, are exactly `text`, and everything
    /// between and around them is whitespace.
    public static func addsUp(_ sentences: [Sentence], to text: String) -> Bool {
        var rebuilt = ""
        var position = text.startIndex
        for sentence in sentences {
            let range = sentence.range
            guard range.lowerBound >= position, range.upperBound <= text.endIndex, !sentence.text.isEmpty else {
                return false
            }
            let gap = text[position..<range.lowerBound]
            guard gap.allSatisfy(\.isWhitespace) else { return false }
            guard text[range].utf8.elementsEqual(sentence.text.utf8) else { return false }
            rebuilt += gap
            rebuilt += sentence.text
            position = range.upperBound
        }
        let tail = text[position...]
        guard tail.allSatisfy(\.isWhitespace) else { return false }
        rebuilt += tail
        return rebuilt.utf8.elementsEqual(text.utf8)
    }

    private static func trim(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }
}
