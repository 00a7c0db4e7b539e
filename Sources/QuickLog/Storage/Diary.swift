public import Foundation
import VerbatimPaths

/// The food diary: an SQLite file in WAL mode where every write is one transaction, so a crash
/// leaves either the whole save or nothing.
///
/// Holds days, meals, entries, daily targets, custom foods, recipes, saved meals and recent foods.
public final class Diary: Sendable {
    private let connection: SQLiteDatabase
    /// The diary file.
    public var path: String { connection.path }

    /// The default location: `${XDG_DATA_HOME:-~/.local/share}/verbatim/food/diary.sqlite`
    /// (`VERBATIM_FOOD_DIARY` overrides it).
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        VerbatimPaths(environment: environment).diary.path
    }

    /// Opens (creating if needed) a diary.
    /// - Throws: ``QuickLogError/database(_:)``.
    public init(path: String = Diary.defaultPath()) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        connection = try SQLiteDatabase(path: path, readOnly: false)
        try connection.execute(
            """
            PRAGMA journal_mode = WAL;
            PRAGMA synchronous = FULL;
            PRAGMA foreign_keys = ON;
            """)
        try connection.transaction { try connection.execute(Self.schema) }
    }

    static let schema = """
        CREATE TABLE IF NOT EXISTS days (day TEXT PRIMARY KEY);
        CREATE TABLE IF NOT EXISTS meals (
            id INTEGER PRIMARY KEY, day TEXT NOT NULL REFERENCES days(day), kind TEXT NOT NULL, UNIQUE (day, kind));
        CREATE TABLE IF NOT EXISTS entries (
            id INTEGER PRIMARY KEY, meal_id INTEGER NOT NULL REFERENCES meals(id), name TEXT NOT NULL,
            mention TEXT NOT NULL, quantity REAL, unit TEXT NOT NULL, grams REAL NOT NULL, kcal REAL NOT NULL,
            protein REAL NOT NULL, carbs REAL NOT NULL, fat REAL NOT NULL, source TEXT NOT NULL,
            record_id TEXT NOT NULL, is_estimate INTEGER NOT NULL, created_at TEXT NOT NULL);
        CREATE INDEX IF NOT EXISTS entries_meal ON entries(meal_id);
        CREATE TABLE IF NOT EXISTS targets (
            id INTEGER PRIMARY KEY CHECK (id = 1), kcal REAL NOT NULL, protein REAL NOT NULL, carbs REAL NOT NULL,
            fat REAL NOT NULL);
        CREATE TABLE IF NOT EXISTS custom_foods (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, kcal REAL NOT NULL, protein REAL NOT NULL,
            carbs REAL NOT NULL, fat REAL NOT NULL, serving_grams REAL NOT NULL, density REAL);
        CREATE TABLE IF NOT EXISTS recipes (
            id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE, servings REAL NOT NULL);
        CREATE TABLE IF NOT EXISTS recipe_ingredients (
            recipe_id INTEGER NOT NULL REFERENCES recipes(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            name TEXT NOT NULL, source TEXT NOT NULL, record_id TEXT NOT NULL, grams REAL NOT NULL, kcal REAL NOT NULL,
            protein REAL NOT NULL, carbs REAL NOT NULL, fat REAL NOT NULL, PRIMARY KEY (recipe_id, position));
        CREATE TABLE IF NOT EXISTS saved_meals (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE COLLATE NOCASE);
        CREATE TABLE IF NOT EXISTS saved_meal_items (
            saved_meal_id INTEGER NOT NULL REFERENCES saved_meals(id) ON DELETE CASCADE, position INTEGER NOT NULL,
            name TEXT NOT NULL, source TEXT NOT NULL, record_id TEXT NOT NULL, grams REAL NOT NULL, kcal REAL NOT NULL,
            protein REAL NOT NULL, carbs REAL NOT NULL, fat REAL NOT NULL, PRIMARY KEY (saved_meal_id, position));
        CREATE TABLE IF NOT EXISTS recent_foods (
            source TEXT NOT NULL, record_id TEXT NOT NULL, name TEXT NOT NULL, uses INTEGER NOT NULL,
            last_used TEXT NOT NULL, PRIMARY KEY (source, record_id));
        """

    // MARK: - Entries

    /// Writes entries in one transaction (day, meal, entries, recent foods); all or nothing.
    /// - Parameter afterEach: Called inside the transaction after each entry is inserted (progress;
    ///   the crash test uses it to stop the process mid-save). Throwing rolls the whole save back.
    /// - Returns: the saved entries with their ids.
    @discardableResult
    public func log(_ entries: [DiaryEntry], afterEach: ((Int) throws -> Void)? = nil) throws -> [DiaryEntry] {
        let now = ISO8601DateFormatter().string(from: Date())
        return try connection.transaction {
            var saved: [DiaryEntry] = []
            for (index, entry) in entries.enumerated() {
                try connection.run("INSERT OR IGNORE INTO days (day) VALUES (?)", [entry.day])
                try connection.run("INSERT OR IGNORE INTO meals (day, kind) VALUES (?, ?)", [entry.day, entry.meal.rawValue])
                let mealID = try connection.query(
                    "SELECT id FROM meals WHERE day = ? AND kind = ?", [entry.day, entry.meal.rawValue]) { $0.int(0) }[0]
                let id = try connection.run(
                    """
                    INSERT INTO entries (meal_id, name, mention, quantity, unit, grams, kcal, protein, carbs, fat, source,
                    record_id, is_estimate, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [mealID, entry.name, entry.mention, entry.quantity, entry.unit.rawValue, entry.grams, entry.nutrition.kcal,
                     entry.nutrition.protein, entry.nutrition.carbs, entry.nutrition.fat, entry.source.rawValue,
                     entry.recordID, entry.isEstimate, now])
                try connection.run(
                    """
                    INSERT INTO recent_foods (source, record_id, name, uses, last_used) VALUES (?, ?, ?, 1, ?)
                    ON CONFLICT (source, record_id) DO UPDATE SET uses = uses + 1, last_used = excluded.last_used,
                    name = excluded.name
                    """, [entry.source.rawValue, entry.recordID, entry.name, now])
                var copy = entry
                copy.id = Int(id)
                saved.append(copy)
                try afterEach?(index)
            }
            return saved
        }
    }

    /// The entries of a day, in meal then insertion order.
    public func entries(on day: DiaryDay) throws -> [DiaryEntry] {
        try entries(where: "meals.day = ?", [day.text])
    }

    /// Every entry, oldest day first.
    public func allEntries() throws -> [DiaryEntry] { try entries(where: "1", []) }

    private func entries(where condition: String, _ bindings: [any SQLiteBindable]) throws -> [DiaryEntry] {
        let rows = try connection.query(
            """
            SELECT entries.id, meals.day, meals.kind, name, mention, quantity, unit, grams, kcal, protein, carbs, fat,
            source, record_id, is_estimate FROM entries JOIN meals ON meals.id = entries.meal_id WHERE \(condition)
            ORDER BY meals.day, CASE meals.kind WHEN 'breakfast' THEN 0 WHEN 'lunch' THEN 1 WHEN 'dinner' THEN 2 ELSE 3 END,
            entries.id
            """, bindings
        ) { row in
            DiaryEntry(
                id: row.int(0), day: row.text(1), meal: MealKind(rawValue: row.text(2)) ?? .snack, name: row.text(3),
                mention: row.text(4), quantity: row.optionalDouble(5), unit: FoodUnit(rawValue: row.text(6)) ?? .serving,
                grams: row.double(7),
                nutrition: NutritionFacts(kcal: row.double(8), protein: row.double(9), carbs: row.double(10), fat: row.double(11)),
                source: FoodSource(rawValue: row.text(12)) ?? .usda, recordID: row.text(13), isEstimate: row.int(14) != 0)
        }
        return rows
    }

    /// One entry by its id.
    /// - Throws: ``QuickLogError/notFound(_:)`` when no entry has that id.
    public func entry(id: Int) throws -> DiaryEntry {
        guard let entry = try entries(where: "entries.id = ?", [id]).first else { throw QuickLogError.notFound("entry \(id)") }
        return entry
    }

    /// Deletes an entry (a correction: the day's totals and charts no longer count it).
    /// - Returns: The entry as it was.
    /// - Throws: ``QuickLogError/notFound(_:)`` when no entry has that id.
    @discardableResult
    public func deleteEntry(id: Int) throws -> DiaryEntry {
        try connection.transaction {
            let entry = try entry(id: id)
            try connection.run("DELETE FROM entries WHERE id = ?", [id])
            return entry
        }
    }

    /// Changes how much of an entry was eaten: its grams, and its energy and macros in proportion
    /// (they were computed per gram of the same food). The amount said is replaced by the grams.
    /// - Returns: The corrected entry.
    /// - Throws: ``QuickLogError/invalidValue(_:)`` for grams that are not above 0 and at most
    ///   10 kg, ``QuickLogError/notFound(_:)`` when no entry has that id.
    @discardableResult
    public func changeGrams(ofEntry id: Int, to grams: Double) throws -> DiaryEntry {
        guard grams.isFinite, grams > 0, grams <= 10_000 else {
            throw QuickLogError.invalidValue("grams must be above 0 and at most 10,000, not \(grams)")
        }
        return try connection.transaction {
            var entry = try entry(id: id)
            let scale = entry.grams > 0 ? grams / entry.grams : 0
            entry.nutrition = NutritionFacts(
                kcal: entry.nutrition.kcal * scale, protein: entry.nutrition.protein * scale,
                carbs: entry.nutrition.carbs * scale, fat: entry.nutrition.fat * scale)
            entry.grams = grams
            entry.quantity = grams
            entry.unit = .gram
            try connection.run(
                "UPDATE entries SET grams = ?, quantity = ?, unit = ?, kcal = ?, protein = ?, carbs = ?, fat = ? WHERE id = ?",
                [grams, grams, FoodUnit.gram.rawValue, entry.nutrition.kcal, entry.nutrition.protein, entry.nutrition.carbs,
                 entry.nutrition.fat, id])
            return entry
        }
    }

    /// The number of entries in the diary.
    public func entryCount() throws -> Int { try connection.query("SELECT count(*) FROM entries") { $0.int(0) }[0] }

    /// Totals for a day.
    public func totals(on day: DiaryDay) throws -> NutritionFacts {
        try entries(on: day).reduce(.zero) { $0 + $1.nutrition }
    }

    /// Foods logged most recently.
    public func recentFoods(limit: Int = 10) throws -> [RecentFood] {
        try connection.query(
            "SELECT name, source, record_id, uses FROM recent_foods ORDER BY last_used DESC, uses DESC LIMIT ?", [limit]
        ) { RecentFood(name: $0.text(0), source: FoodSource(rawValue: $0.text(1)) ?? .usda, recordID: $0.text(2), uses: $0.int(3)) }
    }

    // MARK: - Targets

    /// The daily targets (``DailyTargets/standard`` until set).
    public func targets() throws -> DailyTargets {
        try connection.query("SELECT kcal, protein, carbs, fat FROM targets WHERE id = 1") {
            DailyTargets(kcal: $0.double(0), protein: $0.double(1), carbs: $0.double(2), fat: $0.double(3))
        }.first ?? .standard
    }

    /// Sets the daily targets.
    public func setTargets(_ targets: DailyTargets) throws {
        try connection.transaction {
            try connection.run(
                "INSERT OR REPLACE INTO targets (id, kcal, protein, carbs, fat) VALUES (1, ?, ?, ?, ?)",
                [targets.kcal, targets.protein, targets.carbs, targets.fat])
        }
    }

    // MARK: - Library

    /// Saves a custom food.
    /// - Throws: ``QuickLogError/duplicateName(_:)`` when the name is taken.
    @discardableResult
    public func addCustomFood(_ food: CustomFood) throws -> CustomFood {
        try connection.transaction {
            if try exists("SELECT 1 FROM custom_foods WHERE name = ?", food.name) {
                throw QuickLogError.duplicateName(food.name)
            }
            let id = try connection.run(
                "INSERT INTO custom_foods (name, kcal, protein, carbs, fat, serving_grams, density) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [food.name, food.per100g.kcal, food.per100g.protein, food.per100g.carbs, food.per100g.fat,
                 food.servingGrams, food.density])
            var saved = food
            saved.id = Int(id)
            return saved
        }
    }

    /// Saves a recipe with its ingredients.
    @discardableResult
    public func addRecipe(_ recipe: Recipe) throws -> Recipe {
        try connection.transaction {
            if try exists("SELECT 1 FROM recipes WHERE name = ?", recipe.name) {
                throw QuickLogError.duplicateName(recipe.name)
            }
            let id = try connection.run("INSERT INTO recipes (name, servings) VALUES (?, ?)", [recipe.name, recipe.servings])
            try insertComponents(recipe.ingredients, table: "recipe_ingredients", key: "recipe_id", id: id)
            var saved = recipe
            saved.id = Int(id)
            return saved
        }
    }

    /// Saves a meal with its items.
    @discardableResult
    public func addSavedMeal(_ meal: SavedMeal) throws -> SavedMeal {
        try connection.transaction {
            if try exists("SELECT 1 FROM saved_meals WHERE name = ?", meal.name) {
                throw QuickLogError.duplicateName(meal.name)
            }
            let id = try connection.run("INSERT INTO saved_meals (name) VALUES (?)", [meal.name])
            try insertComponents(meal.items, table: "saved_meal_items", key: "saved_meal_id", id: id)
            var saved = meal
            saved.id = Int(id)
            return saved
        }
    }

    private func exists(_ sql: String, _ name: String) throws -> Bool {
        try !connection.query(sql, [name], row: { _ in 1 }).isEmpty
    }

    private func insertComponents(_ components: [LibraryComponent], table: String, key: String, id: Int64) throws {
        for (position, c) in components.enumerated() {
            try connection.run(
                """
                INSERT INTO \(table) (\(key), position, name, source, record_id, grams, kcal, protein, carbs, fat)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [id, position, c.name, c.source.rawValue, c.recordID, c.grams, c.nutrition.kcal, c.nutrition.protein,
                 c.nutrition.carbs, c.nutrition.fat])
        }
    }

    /// The user's custom foods, recipes and saved meals.
    public func library() throws -> FoodLibrary {
        let foods = try connection.query(
            "SELECT id, name, kcal, protein, carbs, fat, serving_grams, density FROM custom_foods ORDER BY name"
        ) { row in
            CustomFood(
                id: row.int(0), name: row.text(1),
                per100g: NutritionFacts(kcal: row.double(2), protein: row.double(3), carbs: row.double(4), fat: row.double(5)),
                servingGrams: row.double(6), density: row.optionalDouble(7))
        }
        let recipes = try connection.query("SELECT id, name, servings FROM recipes ORDER BY name") {
            ($0.int(0), $0.text(1), $0.double(2))
        }.map { id, name, servings in
            Recipe(id: id, name: name, servings: servings, ingredients: try components("recipe_ingredients", "recipe_id", id))
        }
        let meals = try connection.query("SELECT id, name FROM saved_meals ORDER BY name") { ($0.int(0), $0.text(1)) }
            .map { id, name in SavedMeal(id: id, name: name, items: try components("saved_meal_items", "saved_meal_id", id)) }
        return FoodLibrary(customFoods: foods, recipes: recipes, savedMeals: meals)
    }

    private func components(_ table: String, _ key: String, _ id: Int) throws -> [LibraryComponent] {
        try connection.query(
            "SELECT name, source, record_id, grams, kcal, protein, carbs, fat FROM \(table) WHERE \(key) = ? ORDER BY position",
            [id]
        ) { row in
            LibraryComponent(
                name: row.text(0), source: FoodSource(rawValue: row.text(1)) ?? .usda, recordID: row.text(2),
                grams: row.double(3),
                nutrition: NutritionFacts(kcal: row.double(4), protein: row.double(5), carbs: row.double(6), fat: row.double(7)))
        }
    }
}
