/// A food the user defined, with its numbers per 100 g.
public struct CustomFood: Sendable, Equatable, Codable {
    /// The diary's id for it (0 before it is saved).
    public var id: Int
    /// Its name, matched against what the person says.
    public var name: String
    /// Energy and macros per 100 g.
    public var per100g: NutritionFacts
    /// Grams in one serving.
    public var servingGrams: Double
    /// Grams per millilitre, for volume amounts.
    public var density: Double?

    /// Creates a custom food.
    public init(id: Int = 0, name: String, per100g: NutritionFacts, servingGrams: Double, density: Double? = nil) {
        self.id = id
        self.name = name
        self.per100g = per100g
        self.servingGrams = servingGrams
        self.density = density
    }
}

/// One ingredient of a recipe or one item of a saved meal, with its resolved grams and numbers.
public struct LibraryComponent: Sendable, Equatable, Codable {
    /// What it is.
    public var name: String
    /// Where its numbers came from.
    public var source: FoodSource
    /// The record id in that source.
    public var recordID: String
    /// Grams used.
    public var grams: Double
    /// Energy and macros of those grams.
    public var nutrition: NutritionFacts

    /// Creates a component.
    public init(name: String, source: FoodSource, recordID: String, grams: Double, nutrition: NutritionFacts) {
        self.name = name
        self.source = source
        self.recordID = recordID
        self.grams = grams
        self.nutrition = nutrition
    }
}

/// A recipe: ingredients that make a number of servings.
public struct Recipe: Sendable, Equatable, Codable {
    /// The diary's id (0 before saving).
    public var id: Int
    /// Its name.
    public var name: String
    /// How many servings the ingredients make.
    public var servings: Double
    /// The ingredients.
    public var ingredients: [LibraryComponent]

    /// Creates a recipe.
    public init(id: Int = 0, name: String, servings: Double, ingredients: [LibraryComponent]) {
        self.id = id
        self.name = name
        self.servings = max(servings, 1)
        self.ingredients = ingredients
    }

    /// Grams in one serving.
    public var servingGrams: Double { ingredients.reduce(0) { $0 + $1.grams } / servings }
    /// Energy and macros of one serving.
    public var perServing: NutritionFacts { ingredients.reduce(.zero) { $0 + $1.nutrition } * (1 / servings) }
}

/// A saved meal: items usually eaten together, logged as one.
public struct SavedMeal: Sendable, Equatable, Codable {
    /// The diary's id (0 before saving).
    public var id: Int
    /// Its name ("usual breakfast").
    public var name: String
    /// The items.
    public var items: [LibraryComponent]

    /// Creates a saved meal.
    public init(id: Int = 0, name: String, items: [LibraryComponent]) {
        self.id = id
        self.name = name
        self.items = items
    }

    /// Grams of the whole meal.
    public var grams: Double { items.reduce(0) { $0 + $1.grams } }
    /// Energy and macros of the whole meal.
    public var total: NutritionFacts { items.reduce(.zero) { $0 + $1.nutrition } }
}

/// The user's own foods, recipes and saved meals: the resolver's first three steps.
public struct FoodLibrary: Sendable, Equatable {
    /// Custom foods.
    public var customFoods: [CustomFood]
    /// Recipes.
    public var recipes: [Recipe]
    /// Saved meals.
    public var savedMeals: [SavedMeal]

    /// Creates a library.
    public init(customFoods: [CustomFood] = [], recipes: [Recipe] = [], savedMeals: [SavedMeal] = []) {
        self.customFoods = customFoods
        self.recipes = recipes
        self.savedMeals = savedMeals
    }

    /// An empty library.
    public static let empty = FoodLibrary()

    /// Whether two names are the same food name, ignoring case, plurals and a leading "my" or "the".
    static func sameName(_ a: String, _ b: String) -> Bool {
        let left = withoutDeterminer(FoodName.normalized(a))
        let right = withoutDeterminer(FoodName.normalized(b))
        return FoodName.variants(of: right).contains(left) || FoodName.variants(of: left).contains(right)
    }

    private static func withoutDeterminer(_ name: String) -> String {
        for prefix in ["my ", "the ", "our "] where name.hasPrefix(prefix) { return String(name.dropFirst(prefix.count)) }
        return name
    }

    func customMatch(_ name: String) -> FoodMatch? {
        guard let food = customFoods.first(where: { Self.sameName($0.name, name) }) else { return nil }
        let serving = Portion(name: "serving", grams: food.servingGrams)
        return FoodMatch(
            source: .custom, recordID: String(food.id), name: food.name, per100g: food.per100g,
            portions: [serving], defaultPortion: serving, density: food.density)
    }

    func recipeMatch(_ name: String) -> FoodMatch? {
        guard let recipe = recipes.first(where: { Self.sameName($0.name, name) }), recipe.servingGrams > 0 else {
            return nil
        }
        let serving = Portion(name: "serving", grams: recipe.servingGrams)
        return FoodMatch(
            source: .recipe, recordID: String(recipe.id), name: recipe.name,
            per100g: recipe.perServing * (100 / recipe.servingGrams), portions: [serving], defaultPortion: serving,
            density: nil)
    }

    func savedMealMatch(_ name: String) -> FoodMatch? {
        guard let meal = savedMeals.first(where: { Self.sameName($0.name, name) }), meal.grams > 0 else { return nil }
        let whole = Portion(name: "meal", grams: meal.grams)
        return FoodMatch(
            source: .savedMeal, recordID: String(meal.id), name: meal.name, per100g: meal.total * (100 / meal.grams),
            portions: [whole], defaultPortion: whole, density: nil)
    }
}
