public import LanguageModels

/// One food the person explicitly mentioned, as the parser read it. Nothing here is nutrition:
/// the resolver turns it into grams and macros.
public struct ParsedFoodItem: Generable, Sendable, Equatable, Codable {
    /// The person's own words for this item, an exact substring of the input.
    public var mention: String
    /// The food's plain name ("egg", "white rice").
    public var name: String
    /// The amount said, or `nil` when none was said.
    public var quantity: Double?
    /// The unit of the amount; ``FoodUnit/piece`` for counted items.
    public var unit: FoodUnit
    /// Who read this item from the text (not generated: the parser sets it).
    public var readBy: Reader = .rules

    /// Who read an item from the text.
    public enum Reader: String, Sendable, Equatable, Codable {
        /// The on-device model (its mention checked against the text).
        case model
        /// Quick Log's rules.
        case rules

        /// Who, in words ("the on-device model", "Quick Log's rules").
        public var displayName: String {
            switch self {
            case .model: "the on-device model"
            case .rules: "Quick Log's rules"
            }
        }
    }

    /// What the text says the item was had with, beyond what its mention says; set by the parser
    /// (not generated).
    public var company: Company = .asMentioned

    /// What an item was had with, as the parser read the text around its mention.
    public enum Company: Sendable, Equatable {
        /// Whatever its mention says (``isSaidWithAnotherFood`` reads it).
        case asMentioned
        /// Listed after "with", however its mention was cut ("walnuts" in "yogurt with honey and walnuts").
        case listedAfterWith
        /// Named in the dish's name before what it tops, where no record names both ("avocado" in
        /// "avocado toast"): its mention is that word, inside the dish's.
        case namedInTheDish
        /// Said with a drink, itself a drink: poured into it ("milk" in "a coffee with milk").
        case pouredIntoADrink
    }

    /// Whether the item is said with another food, as a topping or a side ("with raspberries",
    /// "topped with almonds", "slathered in sauce"): its mention opens with "with", or with a
    /// topping opening and "with" or "in",
    /// or the parser found it said so (``company``).
    public var isSaidWithAnotherFood: Bool {
        let words = FoodName.normalized(mention).split(separator: " ")
        guard let first = words.first else { return false }
        return company != .asMentioned || first == "with"
            || (words.count > 1 && words[1] == "with" && (first == "and" || first == "served"))
            || opensWithATopping
    }

    /// Whether its mention opens by saying it tops, fills or covers another food ("topped with
    /// almonds", "drizzled with honey", "smothered in gravy").
    public var opensWithATopping: Bool {
        let words = FoodName.normalized(mention).split(separator: " ")
        return words.count > 1 && RuleBasedFoodParser.opensTopping(String(words[0]), String(words[1]))
    }

    /// Creates an item.
    public init(mention: String, name: String, quantity: Double?, unit: FoodUnit, readBy: Reader = .rules) {
        self.mention = mention
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.readBy = readBy
    }

    /// The shape the decoder enforces: a mention of at most 80 characters, a name, an amount
    /// between 0 and 10,000 (0 = none said) and one of the ``FoodUnit`` cases.
    public static let generationSchema = makeSchema(mentionGuides: [.maximumLength(80)])

    /// The same shape with every mention forced to be whole words of `text`, copied exactly.
    public static func generationSchema(mentionsFrom text: String) -> GenerationSchema {
        makeSchema(mentionGuides: [.excerpt(of: text), .maximumLength(80)])
    }

    private static func makeSchema(mentionGuides: [GenerationGuide]) -> GenerationSchema {
        GenerationSchema(
            type: "ParsedFoodItem",
            description: "One food the person explicitly mentioned eating or drinking",
            properties: [
                .init("mention", description: "The person's words for this food, copied exactly", node: .string(mentionGuides)),
                .init("name", String.self, description: "The food's plain name, without the amount", .maximumLength(60)),
                .init("quantity", Double.self, description: "The number said; 0 if no amount was said", .range(0.0...10000.0)),
                .init("unit", FoodUnit.self, description: "The unit said; piece for counted foods; serving if none"),
            ])
    }

    private enum CodingKeys: String, CodingKey {
        case mention, name, quantity, unit
    }

    /// Builds an item from generated content.
    /// - Throws: ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when a property is missing.
    public init(_ content: GeneratedContent) throws {
        mention = try content.value(forProperty: "mention")
        name = try content.value(forProperty: "name")
        // The model writes 0 for "no amount" (guides cannot constrain an optional number).
        let amount: Double = try content.value(forProperty: "quantity")
        quantity = amount > 0 ? amount : nil
        unit = try content.value(forProperty: "unit")
    }
}

/// The parser model's whole answer: every food mentioned, in order.
public struct ParsedFoodList: Generable, Sendable, Equatable {
    /// The items, in the order they were mentioned.
    public var items: [ParsedFoodItem]

    /// The shape the decoder enforces: 1 to 12 items.
    public static let generationSchema = makeSchema(item: ParsedFoodItem.generationSchema)

    /// The same shape with every mention forced to be whole words of `text`, copied exactly.
    public static func generationSchema(mentionsFrom text: String) -> GenerationSchema {
        makeSchema(item: ParsedFoodItem.generationSchema(mentionsFrom: text))
    }

    private static func makeSchema(item: GenerationSchema) -> GenerationSchema {
        GenerationSchema(
            type: "ParsedFoodList",
            properties: [
                .init("items", description: "Every food mentioned, in order", node: .array(of: item.root, [.count(1...12)]))
            ])
    }

    /// Builds a list from generated content.
    /// - Throws: ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when it does not decode.
    public init(_ content: GeneratedContent) throws {
        items = try content.value(forProperty: "items")
    }
}
