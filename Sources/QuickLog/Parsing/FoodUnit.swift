import Foundation
public import LanguageModels

/// The unit a person said an amount in. Raw values are what the parser model chooses from.
public enum FoodUnit: String, CaseIterable, Generable, Sendable, Codable {
    case gram = "g"
    case kilogram = "kg"
    case milligram = "mg"
    case ounce = "oz"
    case pound = "lb"
    case milliliter = "ml"
    case liter = "l"
    case fluidOunce = "fl oz"
    case cup
    case tablespoon = "tbsp"
    case teaspoon = "tsp"
    case pint
    case quart
    case gallon
    case pinch
    case piece
    case slice
    case serving
    case clove
    case head
    case stalk
    case stick
    case can
    case bowl
    case glass
    case bottle
    case handful
    case scoop
    case sprig
    case bunch
    case package

    /// Grams in one unit, for units of mass.
    public var grams: Double? {
        switch self {
        case .gram: 1
        case .kilogram: 1000
        case .milligram: 0.001
        case .ounce: 28.349523125
        case .pound: 453.59237
        default: nil
        }
    }

    /// Millilitres in one unit, for units of volume (US customary measures).
    public var milliliters: Double? {
        switch self {
        case .milliliter: 1
        case .liter: 1000
        case .fluidOunce: 29.5735
        case .cup: 236.588
        case .tablespoon: 14.7868
        case .teaspoon: 4.92892
        case .pint: 473.176
        case .quart: 946.353
        case .gallon: 3785.41
        case .pinch: 0.31
        default: nil
        }
    }

    /// Whether the unit counts things or household portions (weighed through portion tables).
    public var isCount: Bool { grams == nil && milliliters == nil }

    /// Words people write for each unit, lower-cased; plurals are handled by ``init(word:)``.
    static let spellings: [String: FoodUnit] = [
        "g": .gram, "gr": .gram, "gram": .gram, "grams": .gram, "gramme": .gram, "grammes": .gram,
        "kg": .kilogram, "kilo": .kilogram, "kilos": .kilogram, "kilogram": .kilogram, "kilograms": .kilogram,
        "mg": .milligram, "milligram": .milligram, "milligrams": .milligram,
        "oz": .ounce, "ounce": .ounce, "ounces": .ounce,
        "lb": .pound, "lbs": .pound, "pound": .pound, "pounds": .pound,
        "ml": .milliliter, "milliliter": .milliliter, "milliliters": .milliliter, "millilitre": .milliliter,
        "millilitres": .milliliter, "cl": .milliliter,
        "l": .liter, "liter": .liter, "liters": .liter, "litre": .liter, "litres": .liter,
        "fl oz": .fluidOunce, "fl. oz": .fluidOunce, "fluid ounce": .fluidOunce, "fluid ounces": .fluidOunce,
        "cup": .cup, "cups": .cup, "c": .cup, "mug": .cup, "mugs": .cup,
        "tbsp": .tablespoon, "tbs": .tablespoon, "tbl": .tablespoon, "tablespoon": .tablespoon,
        "tablespoons": .tablespoon, "tbsps": .tablespoon,
        "tsp": .teaspoon, "teaspoon": .teaspoon, "teaspoons": .teaspoon, "tsps": .teaspoon,
        "pint": .pint, "pints": .pint, "pt": .pint, "quart": .quart, "quarts": .quart, "qt": .quart,
        "gallon": .gallon, "gallons": .gallon, "gal": .gallon,
        "pinch": .pinch, "pinches": .pinch, "dash": .pinch, "dashes": .pinch,
        "piece": .piece, "pieces": .piece, "pc": .piece, "pcs": .piece,
        "slice": .slice, "slices": .slice, "rasher": .slice, "rashers": .slice,
        "serving": .serving, "servings": .serving, "portion": .serving, "portions": .serving,
        "plate": .serving, "plates": .serving, "helping": .serving, "helpings": .serving,
        "order": .serving, "orders": .serving,
        "clove": .clove, "cloves": .clove, "head": .head, "heads": .head, "stalk": .stalk, "stalks": .stalk, "stick": .stick, "sticks": .stick,
        "can": .can, "cans": .can, "tin": .can, "tins": .can,
        "bowl": .bowl, "bowls": .bowl, "glass": .glass, "glasses": .glass, "bottle": .bottle, "bottles": .bottle,
        "handful": .handful, "handfuls": .handful, "scoop": .scoop, "scoops": .scoop,
        "sprig": .sprig, "sprigs": .sprig, "bunch": .bunch, "bunches": .bunch,
        "package": .package, "packages": .package, "pack": .package, "packet": .package, "packets": .package,
        "bag": .package, "bags": .package, "box": .package, "boxes": .package, "carton": .package, "cartons": .package,
        "container": .package, "containers": .package, "jar": .package, "jars": .package, "tub": .package,
        "tubs": .package, "pouch": .package, "pouches": .package, "twin-pack": .package,
        "bar": .piece, "bars": .piece, "fillet": .piece, "fillets": .piece, "section": .piece, "sections": .piece,
        "ear": .piece, "ears": .piece, "wedge": .piece, "wedges": .piece, "square": .piece, "squares": .piece, "bit": .teaspoon, "splash": .tablespoon, "drizzle": .teaspoon, "dollop": .tablespoon,
        // A shot is about an ounce: of espresso 1 fl oz, of spirits 1–1.5 ("a shot of tequila" had
        // been a drink's 240 ml, 571 kcal).
        "shot": .fluidOunce, "shots": .fluidOunce,
    ]

    /// The unit a word names (`"cups"` → ``cup``), or `nil`.
    public init?(word: String) {
        let key = word.lowercased().trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ".", with: "")
        if let unit = Self.spellings[key] ?? Self.spellings[word.lowercased()] {
            self = unit
        } else {
            return nil
        }
    }
}
