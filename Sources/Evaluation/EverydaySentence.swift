/// One line of an everyday-sentences file (`eval/food/everyday-dev.jsonl`):
/// `{"text", "style", "foods": [{"mention", "head", "accept": [...]}]}`.
public struct EverydaySentence: Sendable, Equatable, Decodable {
    /// One food the person named.
    public struct Food: Sendable, Equatable, Decodable {
        /// The words that name it in the sentence.
        public var mention: String
        /// The word an item's mention must hold to be this food.
        public var head: String
        /// Words of which the resolved record's name must hold one.
        public var accept: [String]

        /// Creates a labelled food.
        public init(mention: String, head: String, accept: [String]) {
            self.mention = mention
            self.head = head
            self.accept = accept
        }
    }

    /// The sentence.
    public var text: String
    /// The kind of sentence (`list`, `with`, `voice`, …).
    public var style: String
    /// The foods it names.
    public var foods: [Food]

    /// Creates a labelled sentence.
    public init(text: String, style: String, foods: [Food]) {
        self.text = text
        self.style = style
        self.foods = foods
    }
}
