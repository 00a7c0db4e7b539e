/// Grams for household words ("a cup of", "a bottle of", "a medium", "a fun-size") when the food's
/// record lists no measure for them: FNDDS survey foods come without portion weights in this copy
/// of FoodData Central. The figures are typical US portions for a kind of food, chosen from its USDA
/// category; review shows them as an assumption.
public enum HouseholdPortions {
    /// A kind of food that shares portion sizes.
    public enum Kind: String, Sendable, CaseIterable {
        case drink, drySnack, cracker, cereal, bread, pizza, sandwich, mixedDish, sweetBar, candy, cookie, cake
        case frozenDessert, yogurt, babyFood, powder, fruit, vegetable, meat, cheese, spread, other

        /// The kind for a USDA category and description.
        public init(category: String, description: String) {
            // Whole words only ("tea" must not be found in "steak"); the description speaks first.
            let head = " " + FoodName.normalized(String(description.split(separator: ",").first ?? "")) + " "
            self = Self.kind(in: head, head: head)
                ?? Self.kind(in: " " + FoodName.normalized(description + " " + Self.food(of: category)) + " ", head: head)
                ?? .other
        }

        /// The kind whose serving stands for a food of this kind said without an amount, for a
        /// record of `category`: a dish named by what is in it ("chicken biryani", "beef chow mein")
        /// is a serving of the dish its category says it is, not 100 g of its meat; a counted piece
        /// of it stays the piece of its kind.
        public func servingKind(category: String) -> Kind {
            let group = FoodName.normalized(category)
            return Self.ingredientKinds.contains(self) && Self.dishCategories.contains(where: group.contains) ? .mixedDish : self
        }

        /// Kinds that name what a dish is made of rather than the dish.
        static let ingredientKinds: Set<Kind> = [.meat, .vegetable, .fruit, .cheese]

        /// FNDDS categories of dishes ("Poultry mixed dishes", "Fried rice and lo/chow mein"), as
        /// normalized words; salads, sauces and dressings are not among them.
        static let dishCategories = ["mixed dishes", "chow mein", "stir fry", "broth based soups"]

        /// A group that holds a food and its drink ("Fruits and Fruit Juices") names the food: a
        /// record in it is the drink only when its description says so ("Strawberries, raw" is a
        /// fruit, "Orange juice, raw" a drink).
        static func food(of category: String) -> String {
            guard let joint = category.range(of: " and ") else { return category }
            let food = String(category[..<joint.lowerBound])
            let drink = " " + FoodName.normalized(String(category[joint.upperBound...])) + " "
            let foodKind = kind(in: " " + FoodName.normalized(food) + " ", head: "")
            return kind(in: drink, head: "") == .drink && foodKind != .drink ? food : category
        }

        private static func kind(in text: String, head: String) -> Kind? {
            func has(_ words: [String]) -> Bool { words.contains { text.contains(" " + $0) } }
            if has(["baby food", "babyfood", "baby toddler"]) { return .babyFood }
            if has(["creamer", "whipped cream", "half and half", "sugar substitute", "sweetener"]) { return .spread }
            if has(["powder", "dry mix"]), !head.contains("milk"), !has(["made with", "prepared with"]) { return .powder }
            if has(["candied", "gumdrop", "candy", "candies", "jelly bean"]), !has(["candy bar"]) { return .candy }
            if has(["rice cake", "popcorn cake", "cracker", "matzo", "pretzel", "breadstick"]) { return .cracker }
            // Named by its description only: "Dairy and Egg Products" had made a cup of Greek yogurt
            // weigh as meat (142 g).
            if head.contains(" yogurt "), !head.contains(" frozen ") { return .yogurt }
            if has(["water", "coffee", "tea", "soft drink", "juice", "milk", "drink", "beer", "wine", "liquor", "cocktail",
                "smoothie", "shake", "beverage", "formula", "soda", "lemonade", "cola", "nectar", "hot chocolate", "hot cocoa", "buttermilk", "apple cider", "eggnog"]),
                !has(["powder", "dry mix", "cereal", "candy", "chocolate chip", "bar", "cake", "cookie", "bread"])
                    || head.contains("drink") || head.contains("milk") || head.contains("juice")
            {
                return .drink
            } else if has(["pizza"]) {
                return .pizza
            } else if has(["burrito", "quesadilla", "chimichanga"]) {
                // A meal wrapped in a large tortilla weighs as a mixed dish, not as a sandwich
                // ("a medium burrito packed with egg, beans, and breakfast meat" is about 270 g).
                return .mixedDish
            } else if has(["sandwich", "burger", "taco", "wrap", "mcmuffin", "on biscuit", "on bun", "hot dog"]) {
                return .sandwich
            } else if has(["ready to eat cereal", "breakfast cereals", "cereal "]) || head == "cereal" {
                return .cereal
            } else if has(["chips", "popcorn", "snack mix", "corn snacks", "puffs", "trail mix", "nuts", "doritos", "cheetos"]) {
                return .drySnack
            } else if has(["ice cream", "frozen dairy", "frozen yogurt", "sherbet", "popsicle", "ices"]) {
                return .frozenDessert
            } else if has(["cereal bar", "granola bar", "nutrition bar", "candy bar", "bar "]) || head.hasSuffix("bar") {
                return .sweetBar
            } else if has(["candy", "candies", "gum", "chocolate", "marshmallow"]) {
                return .candy
            } else if has(["cookie", "brownie"]) {
                return .cookie
            } else if has(["cake", "pie", "doughnut", "pastr", "sweet roll", "muffin", "tart", "eclair", "cream puff", "croissant"]) {
                return .cake
            } else if has(["bread", "roll", "bagel", "tortilla", "biscuit", "english muffin", "baked products", "toast", "pancake", "waffle"]) {
                return .bread
            } else if has(["mixed dish", "salad", "soup", "stew", "pasta", "rice", "noodle", "casserole", "nachos", "entree", "meals",
                "chili", "macaroni", "potato", "beans", "fast foods", "oatmeal", "porridge", "grits", "cream of wheat", "cooked cereals",
                "curry", "stir fry", "stir fried", "lasagna", "risotto", "paella", "chowder", "goulash", "jambalaya", "gumbo"])
            {
                return .mixedDish
            } else if has(["fruit", "apple", "banana", "berries", "grape", "orange", "peach", "pear", "melon"]) {
                return .fruit
            } else if has(["vegetable", "broccoli", "carrot", "lettuce", "tomato", "spinach", "corn", "onion", "cabbage"]) {
                return .vegetable
            } else if has(["beef", "pork", "chicken", "turkey", "fish", "salmon", "tuna", "shellfish", "meat", "lamb", "sausage",
                "bacon", "ham", "egg", "poultry", "steak"])
            {
                return .meat
            } else if has(["cheese"]) {
                return .cheese
            } else if has(["butter", "jam", "jelly", "syrup", "sauce", "dressing", "mayonnaise", "ketchup", "mustard", "sugar",
                "honey", "spread", "condiment", "oil", "gravy", "dip", "cream"])
            {
                return .spread
            }
            return nil
        }

        /// How review names the kind ("a drink", "dry snacks").
        public var displayName: String {
            switch self {
            case .drink: "a drink"
            case .drySnack: "dry snacks"
            case .cracker: "crackers"
            case .cereal: "cereal"
            case .bread: "bread"
            case .pizza: "pizza"
            case .sandwich: "a sandwich"
            case .mixedDish: "a mixed dish"
            case .sweetBar: "a bar"
            case .candy: "candy"
            case .cookie: "cookies"
            case .cake: "cake or pastry"
            case .frozenDessert: "a frozen dessert"
            case .yogurt: "yogurt"
            case .babyFood: "baby food"
            case .powder: "a powder"
            case .fruit: "fruit"
            case .vegetable: "vegetables"
            case .meat: "meat or fish"
            case .cheese: "cheese"
            case .spread: "a spread or sauce"
            case .other: "food"
            }
        }

        /// Grams per millilitre when a volume is said and the food lists no volume measure.
        public var density: Double {
            switch self {
            case .drink: 1.03
            case .drySnack: 0.12
            case .cracker: 0.25
            case .babyFood: 1.0
            case .powder: 0.5
            case .cereal: 0.17
            case .bread, .cake, .cookie: 0.3
            case .pizza, .sandwich: 0.5
            case .mixedDish: 0.95
            case .frozenDessert: 0.55
            case .yogurt: 1.04
            case .sweetBar, .candy: 0.6
            case .fruit: 0.62
            case .vegetable: 0.55
            case .meat: 0.6
            case .cheese: 0.47
            case .spread: 1.0
            case .other: 0.8
            }
        }
    }

    /// A size word said with the amount.
    public enum Size: String, Sendable, CaseIterable {
        case funSize, small, medium, large, extraLarge

        /// The size a mention names, if any ("a fun-size bar", "a large cola", "snack size tub"); coffee
        /// shops' tall, grande and venti are small, medium and large.
        public init?(mention: String) {
            let text = " " + FoodName.normalized(mention) + " "
            if text.contains(" fun size ") || text.contains(" snack size ") || text.contains(" mini ") || text.contains(" bite size ") {
                self = .funSize
            } else if text.contains(" extra large ") || text.contains(" jumbo ") || text.contains(" xl ") || text.contains(" footlong ")
                || text.contains(" foot long ")
            {
                self = .extraLarge
            } else if text.contains(" large ") || text.contains(" big ") || text.contains(" venti ") {
                self = .large
            } else if (text.contains(" medium ") && !text.contains(" medium crust ")) || text.contains(" grande ") {
                self = .medium
            } else if text.contains(" small ") || text.contains(" little ") || text.contains(" tall ") {
                self = .small
            } else {
                return nil
            }
        }

        /// Whether a record's measure is of this size ("small (6\" to 6-7/8\" long)" for `.small`).
        func names(_ portion: Portion) -> Bool {
            let name = portion.name.lowercased()
            switch self {
            case .funSize: return ["fun size", "snack size", "mini", "bite size", "small"].contains { name.contains($0) }
            case .extraLarge: return name.contains("extra large")
            default: return name.contains(rawValue)
            }
        }

        /// How review names the size.
        public var displayName: String {
            switch self {
            case .funSize: "fun-size"
            case .small: "small"
            case .medium: "medium"
            case .large: "large"
            case .extraLarge: "extra-large"
            }
        }

        var factor: Double {
            switch self {
            case .funSize: 0.4
            case .small: 0.7
            case .medium: 1
            case .large: 1.4
            case .extraLarge: 1.8
            }
        }
    }

    /// Grams in one of `unit` for a kind of food, optionally of a size; `nil` for units of mass or volume.
    public static func grams(for unit: FoodUnit, kind: Kind, size: Size?) -> Double? {
        if kind == .drink {
            // Drinks are measured by what holds them.
            let milliliters: Double? =
                switch unit {
                case .bottle: 500
                case .can: 355
                case .glass, .serving, .piece, .bowl, .package: size.map(drinkSize) ?? 240
                default: nil
                }
            return milliliters.map { $0 * kind.density }
        }
        guard unit.isCount else { return nil }
        let base: Double =
            switch (kind, unit) {
            case (.pizza, _): 140
            case (.sandwich, _): 150
            case (.bread, .slice): 32
            case (.bread, _): 45
            case (.cake, .slice): 80
            case (.cake, _): 70
            case (.cookie, _): 25
            case (.sweetBar, _): 45
            case (.candy, .package): 45
            case (.candy, _): 10
            case (.drySnack, .package): 45
            case (.drySnack, .serving), (.drySnack, .handful): 28
            case (.drySnack, _): 2
            case (.cracker, .package): 30
            case (.cracker, _): 10
            case (.babyFood, .package): 113
            case (.babyFood, _): 100
            case (.powder, _): 30
            case (.cereal, _): 35
            case (.frozenDessert, .scoop): 70
            case (.frozenDessert, _): 100
            case (.yogurt, .bowl): 245
            case (.yogurt, _): 170
            case (.fruit, _): 150
            case (.vegetable, .piece): 80
            case (.vegetable, _): 90
            case (.meat, .slice): 28
            case (.meat, _): 100
            case (.cheese, _): 28
            case (.spread, _): 15
            case (.mixedDish, .bowl): 300
            case (.mixedDish, .slice): 60
            case (.mixedDish, _): 220
            case (.other, _): 100
            case (.drink, _): 240
            }
        return base * (size?.factor ?? 1)
    }

    /// Grams in one sandwich whose fillings are all spreads ("Peanut butter and jelly sandwich,
    /// NFS"): two slices of bread and a spread's portion of each, not a typical sandwich with meat;
    /// `nil` for any other food.
    public static func sandwichOfSpreads(_ description: String) -> Double? {
        let name = FoodName.normalized(String(description.split(separator: ",").first ?? ""))
        // "Nutella sandwich on white bread": what it is on is its bread.
        guard let range = name.range(of: " sandwich"), name[range.upperBound...].isEmpty || name[range.upperBound...].hasPrefix(" on ")
        else { return nil }
        let fillings = name[..<range.lowerBound].components(separatedBy: " and ").filter { !$0.isEmpty }
        guard !fillings.isEmpty, fillings.allSatisfy({ Kind(category: "", description: $0) == .spread }),
            let slice = grams(for: .slice, kind: .bread, size: nil), let spread = grams(for: .serving, kind: .spread, size: nil)
        else { return nil }
        return 2 * slice + Double(fillings.count) * spread
    }

    /// Millilitres in a drink of a size, as US shops pour them.
    static func drinkSize(_ size: Size) -> Double {
        switch size {
        case .funSize: 180
        case .small: 360
        case .medium: 480
        case .large: 720
        case .extraLarge: 960
        }
    }
}
