/// One line of an everyday-sentences file (`eval/food/everyday-dev.jsonl`):
/// `{"text", "style", "foods": [{"mention", "head", "accept": [...], "grams": [low, high]}]}` (`grams`
/// optional).
public struct EverydaySentence: Sendable, Equatable, Decodable {
    /// One food the person named.
    public struct Food: Sendable, Equatable, Decodable {
        /// The words that name it in the sentence.
        public var mention: String
        /// The word an item's mention must hold to be this food.
        public var head: String
        /// Words of which the resolved record's name must hold one.
        public var accept: [String]
        /// The weights, in grams, that the words said can plausibly mean (`[low, high]`), or no
        /// label.
        public var grams: [Double]?

        /// Creates a labelled food.
        public init(mention: String, head: String, accept: [String], grams: [Double]? = nil) {
            self.mention = mention
            self.head = head
            self.accept = accept
            self.grams = grams
        }

        /// Whether a weight is within the labelled range; `nil` without a label.
        public func isPlausible(grams weight: Double) -> Bool? {
            guard let grams, grams.count == 2 else { return nil }
            return weight >= grams[0] && weight <= grams[1]
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
