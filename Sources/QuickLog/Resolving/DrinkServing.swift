/// One drink as it is sold or poured, for a drink said by count ("a diet coke", "two beers"),
/// without an amount, or by the glass it is served in ("a glass of prosecco"): not the 240 ml
/// measuring cup a drink's household serving would be. The list is `Resources/drink-servings.tsv`.
struct DrinkServing: Sendable, Equatable {
    /// How a drink's size words are read.
    enum Sizing: String, Sendable {
        /// Sold as one (a can, a bottle): a size word is a soda cup's (``HouseholdPortions/drinkSize(_:)``).
        case asSold
        /// Sold by the cup at a coffee shop: small 355, medium 473, large 591 ml.
        case byTheCup = "cup"
        /// Poured into its own glass ("a glass of wine" is 150 ml, not a tumbler).
        case byTheGlass = "glass"
    }

    /// The words that name the drink, as listed.
    var phrase: String
    /// Millilitres in one.
    var milliliters: Double
    /// How its size words are read.
    var sizing: Sizing

    /// The serving of the drink a name says, the longest listed phrase first; `nil` when none is
    /// listed. The names are tried in order (the words said, then the record's name).
    init?(named names: [String]) {
        for name in names {
            let text = " " + FoodName.normalized(name) + " "
            if let serving = Self.listed.first(where: { text.contains(" " + $0.phrase + " ") }) {
                self = serving
                return
            }
        }
        return nil
    }

    /// Creates a serving.
    init(phrase: String, milliliters: Double, sizing: Sizing) {
        self.phrase = phrase
        self.milliliters = milliliters
        self.sizing = sizing
    }

    /// Millilitres in one of a size, by the way the drink is sized.
    func milliliters(_ size: HouseholdPortions.Size?) -> Double {
        guard let size else { return milliliters }
        switch sizing {
        case .asSold: return HouseholdPortions.drinkSize(size)
        case .byTheCup: return Self.cupSize(size)
        case .byTheGlass: return milliliters * size.factor
        }
    }

    /// Millilitres in a coffee-shop cup of a size (12, 16, 20 and 24 fl oz).
    static func cupSize(_ size: HouseholdPortions.Size) -> Double {
        switch size {
        case .funSize: 240
        case .small: 355
        case .medium: 473
        case .large: 591
        case .extraLarge: 710
        }
    }

    /// Words with which a record's own measure names one drink as served ("can", "serving (5 fl
    /// oz)" of wine): the record's measure stands.
    static let containers: Set<String> = ["can", "bottle", "glass", "shot", "jigger", "pint", "mug", "serving"]

    /// Whether a record weighs one drink as served itself, by a measure named for a container.
    static func weighsItsContainer(_ match: FoodMatch) -> Bool {
        match.portions.contains { portion in
            portion.name.lowercased().split(separator: " ").first.map { containers.contains(String($0)) } ?? false
        }
    }

    /// Read from `Resources/drink-servings.tsv`, longest phrase first.
    static let listed: [DrinkServing] = WordMap.bundled("drink-servings").entries.compactMap { entry in
        guard let milliliters = entry.replacements.first.flatMap(Double.init) else { return nil }
        let sizing = entry.replacements.dropFirst().first.flatMap(Sizing.init(rawValue:)) ?? .asSold
        return DrinkServing(phrase: FoodName.normalized(entry.word), milliliters: milliliters, sizing: sizing)
    }.sorted { $0.phrase.count > $1.phrase.count }
}
