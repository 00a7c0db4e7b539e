import ArgumentParsing
import Foundation
import LanguageModels
import QuickLog
import VerbatimWeb

/// What `verbatim food` subcommands do: parse their arguments, call QuickLog, print.
enum FoodCLI {
    static func text(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> String {
        let words = arguments.positionals[name] ?? []
        guard !words.isEmpty else { throw .missingArgument(name) }
        return words.joined(separator: " ")
    }

    static func number(_ arguments: ParsedArguments, _ name: String) throws(UsageError) -> Double? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = Double(text), value >= 0 else { throw .invalidValue(option: name, value: text, expected: "a number") }
        return value
    }

    static func day(_ arguments: ParsedArguments) throws(UsageError) -> DiaryDay {
        guard let text = arguments.value("date") else { return .today }
        guard let day = DiaryDay(text) else { throw .invalidValue(option: "date", value: text, expected: "YYYY-MM-DD") }
        return day
    }

    static func quickLog(rulesOnly: Bool) throws -> QuickLog {
        let database = try? NutritionDatabase.installed()
        if database == nil { StandardError.write("verbatim food: nutrition database not installed; run 'make setup'\n") }
        // The meal-parsing model reads the sentence and the rules check it (eval/food/README.md); the
        // default model picks the nearest food for what nothing in the database matched.
        let parser = FoodParser(usesModel: !rulesOnly, database: database)
        let estimator = rulesOnly ? nil : NutritionEstimator()
        return QuickLog(parser: parser, database: database, estimator: estimator, diary: try Diary())
    }

    // MARK: - log

    static func log(_ arguments: ParsedArguments) async throws -> Int32 {
        let description = try text(arguments, "TEXT")
        var meal: MealKind?
        if let raw = arguments.value("meal") {
            guard let kind = MealKind(rawValue: raw) else {
                throw UsageError.invalidValue(option: "meal", value: raw, expected: "breakfast, lunch, dinner or snack")
            }
            meal = kind
        }
        let quickLog = try quickLog(rulesOnly: arguments.flag("rules-only"))
        await quickLog.startLogging()
        var review = await quickLog.analyze(description, day: try day(arguments), meal: meal)
        defer { quickLog.release() }
        if case .failed(let message) = review.step {
            StandardError.write("verbatim food: \(message)\n")
            return 1
        }
        if !arguments.flag("yes") {
            if arguments.flag("json") {
                print(json(review))
                return 0
            }
            guard try await interactiveReview(&review, quickLog: quickLog) else {
                print("Nothing saved.")
                return 0
            }
        }
        let count = try quickLog.save(&review)
        if arguments.flag("json") {
            print(json(review))
        } else {
            print(render(review))
            print("Saved \(count) \(count == 1 ? "entry" : "entries") to \(review.meal.rawValue), \(review.day).")
        }
        return 0
    }

    static func describe(_ row: ReviewItem) -> String {
        let item = row.item
        let amount = item.parsed.quantity.map { format($0) + " " + item.parsed.unit.rawValue } ?? "no amount"
        var line = "\(row.id). \"\(item.parsed.mention)\" (\(amount))"
        guard let match = item.match else { return line + " → ✗ unmatched: pick a food (m), or it will be skipped" }
        let n = item.nutrition
        line += " → \(match.name) — \(format(item.grams)) g, \(format(n.kcal)) kcal"
        line += " (P \(format(n.protein)) C \(format(n.carbs)) F \(format(n.fat)))"
        let origin = match.dataset?.displayName ?? match.source.rawValue
        switch item.status {
        case .matched(_, let id): line += " [\(origin) \(id)]"
        case .amountUnknown(_, let id):
            // What was assumed instead of the record's first measure follows, when anything was.
            line += " [\(origin) \(id)] ⚠ amount unknown" + (item.portionAssumption == nil ? ": default portion \(match.defaultPortion.name)" : "")
        case .estimated: line += " ~ estimate: the on-device model's nearest \(origin) food [\(match.recordID)]"
        case .unmatched: break
        }
        if let assumption = item.portionAssumption { line += " · assumed: \(assumption)" }
        return line
    }

    static func render(_ review: QuickLogReview) -> String {
        var lines = ["\(review.meal.rawValue.capitalized), \(review.day):"]
        if let source = review.parseSource { lines.append("  (\(source.explanation))") }
        // When the model and the rules each read part of the text, each item says which read it.
        let mixed = review.parseSource == .modelWithRules
        lines += review.items.map { "  " + describe($0) + (mixed ? " · read by \($0.item.parsed.readBy.displayName)" : "") }
        let total = review.confirmedEntries.reduce(NutritionFacts.zero) { $0 + $1.nutrition }
        lines.append(
            "  Total: \(format(total.kcal)) kcal, P \(format(total.protein)) g, C \(format(total.carbs)) g, F \(format(total.fat)) g")
        return lines.joined(separator: "\n")
    }

    /// Returns whether to save.
    static func interactiveReview(_ review: inout QuickLogReview, quickLog: QuickLog) async throws -> Bool {
        let resolver = quickLog.resolver()
        while true {
            print(render(review))
            print("[Enter] save · e N QTY [UNIT] edit · m N [TEXT] other match · r N remove · a TEXT add · q quit")
            print("> ", terminator: "")
            guard let line = readLine() else { return false }
            let words = line.split(separator: " ").map(String.init)
            guard let command = words.first else { return true }
            let id = words.count > 1 ? Int(words[1]) : nil
            do {
                switch command {
                case "q": return false
                case "r":
                    guard let id else { continue }
                    try review.remove(id)
                case "e":
                    guard let id, words.count > 2, let quantity = Double(words[2]) else { continue }
                    let current = review.items.first { $0.id == id }?.item.parsed.unit ?? .serving
                    let unit = words.count > 3 ? FoodUnit(word: words[3]) ?? current : current
                    try review.editAmount(id, quantity: quantity, unit: unit)
                case "m":
                    guard let id, let row = review.items.first(where: { $0.id == id }) else { continue }
                    let query = words.count > 2 ? words.dropFirst(2).joined(separator: " ") : row.item.parsed.name
                    let candidates = resolver.otherMatches(query, limit: 8)
                    if candidates.isEmpty { print("No other matches."); continue }
                    for (index, candidate) in candidates.enumerated() {
                        print("  \(index + 1). \(candidate.name) [\(candidate.recordID)]")
                    }
                    print("pick> ", terminator: "")
                    if let pick = readLine().flatMap({ Int($0) }), (1...candidates.count).contains(pick) {
                        try review.chooseMatch(id, candidates[pick - 1])
                    }
                case "a":
                    let addition = words.dropFirst().joined(separator: " ")
                    for item in await quickLog.resolveAddition(addition) { try review.add(item) }
                default: print("?")
                }
            } catch {
                print("\(error)")
            }
        }
    }

    /// The review as `--json` prints it: the web page's ``FoodReviewView``, so both front ends
    /// describe a review in one shape.
    static func json(_ review: QuickLogReview) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(FoodReviewView(id: "terminal", review: review)) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - today, targets

    static func today(_ arguments: ParsedArguments) async throws -> Int32 {
        let diary = try Diary()
        let day = try day(arguments)
        let entries = try diary.entries(on: day)
        let totals = entries.reduce(NutritionFacts.zero) { $0 + $1.nutrition }
        let targets = try diary.targets()
        let insight = await InsightService().insight(consumed: totals, targets: targets, language: arguments.value("lang") ?? "en")
        if arguments.flag("json") {
            print(jsonString([
                "day": day.text, "entries": entries.map(entryObject),
                "totals": facts(totals), "targets": facts(targets),
                "insight": ["kind": insight.kind.rawValue, "emoji": insight.emoji, "title": insight.title, "body": insight.body],
            ]))
            return 0
        }
        print("\(day):")
        for meal in MealKind.allCases {
            let rows = entries.filter { $0.meal == meal }
            guard !rows.isEmpty else { continue }
            print("  \(meal.rawValue.capitalized)")
            for e in rows {
                print("    #\(e.id) \(e.name) — \(format(e.grams)) g, \(format(e.nutrition.kcal)) kcal\(e.isEstimate ? " ~ estimate" : "")")
            }
        }
        print("  Total: \(format(totals.kcal))/\(format(targets.kcal)) kcal, P \(format(totals.protein))/\(format(targets.protein)) g, C \(format(totals.carbs))/\(format(targets.carbs)) g, F \(format(totals.fat))/\(format(targets.fat)) g")
        print("  \(insight.emoji) \(insight.title): \(insight.body)")
        return 0
    }

    /// The entry number of a correction command ("12" or "#12").
    static func entryNumber(_ arguments: ParsedArguments) throws(UsageError) -> Int {
        let text = arguments.positional("ENTRY") ?? ""
        guard let id = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text), id > 0 else {
            throw .invalidValue(option: "ENTRY", value: text, expected: "an entry number from 'verbatim food today'")
        }
        return id
    }

    static func deleteEntry(_ arguments: ParsedArguments) throws -> Int32 {
        let id = try entryNumber(arguments)
        return correcting("delete") {
            let entry = try Diary().deleteEntry(id: id)
            return "Deleted #\(id) \(entry.name) (\(format(entry.grams)) g, \(format(entry.nutrition.kcal)) kcal) from \(entry.day)."
        }
    }

    static func changeAmount(_ arguments: ParsedArguments) throws -> Int32 {
        let id = try entryNumber(arguments)
        let text = arguments.positional("GRAMS") ?? ""
        guard let grams = Double(text), grams > 0, grams <= 10_000 else {
            throw UsageError.invalidValue(option: "GRAMS", value: text, expected: "grams above 0, at most 10000")
        }
        return correcting("amount") {
            let entry = try Diary().changeGrams(ofEntry: id, to: grams)
            return "#\(id) \(entry.name) is now \(format(entry.grams)) g, \(format(entry.nutrition.kcal)) kcal."
        }
    }

    /// Runs a diary correction: prints what it did, or the diary's reason on standard error (status 1).
    private static func correcting(_ command: String, _ body: () throws -> String) -> Int32 {
        do {
            print(try body())
            return 0
        } catch {
            StandardError.write("verbatim food \(command): \(error)\n")
            return 1
        }
    }

    static func targets(_ arguments: ParsedArguments) throws -> Int32 {
        let diary = try Diary()
        var targets = try diary.targets()
        let changes = [
            try number(arguments, "kcal"), try number(arguments, "protein"), try number(arguments, "carbs"),
            try number(arguments, "fat"),
        ]
        if changes.contains(where: { $0 != nil }) {
            targets.kcal = changes[0] ?? targets.kcal
            targets.protein = changes[1] ?? targets.protein
            targets.carbs = changes[2] ?? targets.carbs
            targets.fat = changes[3] ?? targets.fat
            try diary.setTargets(targets)
        }
        print("Targets: \(format(targets.kcal)) kcal, protein \(format(targets.protein)) g, carbs \(format(targets.carbs)) g, fat \(format(targets.fat)) g")
        return 0
    }

    // MARK: - library

    static func addFood(_ arguments: ParsedArguments) throws -> Int32 {
        let name = try text(arguments, "NAME")
        guard let kcal = try number(arguments, "kcal") else { throw UsageError.missingValue(option: "kcal") }
        let food = CustomFood(
            name: name,
            per100g: NutritionFacts(
                kcal: kcal, protein: try number(arguments, "protein") ?? 0, carbs: try number(arguments, "carbs") ?? 0,
                fat: try number(arguments, "fat") ?? 0),
            servingGrams: try number(arguments, "serving") ?? 100, density: try number(arguments, "density"))
        let saved = try Diary().addCustomFood(food)
        print("Added custom food #\(saved.id) \(saved.name).")
        return 0
    }

    static func components(_ lines: [String], rulesOnly: Bool = true) async throws -> [LibraryComponent] {
        let quickLog = try quickLog(rulesOnly: rulesOnly)
        var result: [LibraryComponent] = []
        for line in lines {
            for item in await quickLog.resolveAddition(line) {
                guard let match = item.match else { throw QuickLogError.notFound(item.parsed.mention) }
                result.append(LibraryComponent(
                    name: match.name, source: match.source, recordID: match.recordID, grams: item.grams,
                    nutrition: item.nutrition))
            }
        }
        return result
    }

    static func addRecipe(_ arguments: ParsedArguments) async throws -> Int32 {
        let name = try text(arguments, "NAME")
        let lines = arguments.values["ingredient"] ?? []
        guard !lines.isEmpty else { throw UsageError.missingValue(option: "ingredient") }
        let recipe = Recipe(name: name, servings: try number(arguments, "servings") ?? 1, ingredients: try await components(lines))
        let saved = try Diary().addRecipe(recipe)
        print("Added recipe #\(saved.id) \(saved.name): \(format(saved.servingGrams)) g and \(format(saved.perServing.kcal)) kcal per serving.")
        return 0
    }

    static func addMeal(_ arguments: ParsedArguments) async throws -> Int32 {
        let name = try text(arguments, "NAME")
        let lines = arguments.values["item"] ?? []
        guard !lines.isEmpty else { throw UsageError.missingValue(option: "item") }
        let saved = try Diary().addSavedMeal(SavedMeal(name: name, items: try await components(lines)))
        print("Saved meal #\(saved.id) \(saved.name): \(format(saved.total.kcal)) kcal.")
        return 0
    }

    // MARK: - export, search

    static func export(_ arguments: ParsedArguments) throws -> Int32 {
        let entries = try Diary().allEntries()
        if arguments.flag("json") {
            print(jsonString(entries.map(entryObject)))
            return 0
        }
        print("day,meal,name,mention,quantity,unit,grams,kcal,protein,carbs,fat,source,record_id,estimate")
        for e in entries {
            let fields: [String] = [
                e.day, e.meal.rawValue, e.name, e.mention, e.quantity.map(format) ?? "", e.unit.rawValue, format(e.grams),
                format(e.nutrition.kcal), format(e.nutrition.protein), format(e.nutrition.carbs), format(e.nutrition.fat),
                e.source.rawValue, e.recordID, e.isEstimate ? "1" : "0",
            ]
            print(fields.map(csvField).joined(separator: ","))
        }
        return 0
    }

    static func search(_ arguments: ParsedArguments) throws -> Int32 {
        let query = try text(arguments, "TEXT")
        let database = try NutritionDatabase.installed()
        let resolver = FoodResolver(library: (try? Diary().library()) ?? .empty, database: database)
        if let alias = database.aliasMatch(for: query) {
            print("alias: \(alias.name) [\(alias.recordID)] — \(alias.defaultPortion.name) \(format(alias.defaultPortion.grams)) g")
        }
        for match in resolver.databaseCandidates(query, limit: (try arguments.integer("limit")) ?? 10) {
            print("\(match.recordID)  \(match.name) — \(format(match.per100g.kcal)) kcal/100 g")
        }
        return 0
    }

    // MARK: - formatting

    static func format(_ value: Double) -> String {
        value.rounded() == value || abs(value) >= 100 ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }

    static func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    static func facts(_ n: NutritionFacts) -> [String: Double] {
        ["kcal": round1(n.kcal), "protein": round1(n.protein), "carbs": round1(n.carbs), "fat": round1(n.fat)]
    }

    static func entryObject(_ e: DiaryEntry) -> [String: Any] {
        [
            "id": e.id, "day": e.day, "meal": e.meal.rawValue, "name": e.name, "mention": e.mention,
            "quantity": e.quantity ?? NSNull(), "unit": e.unit.rawValue, "grams": round1(e.grams),
            "kcal": round1(e.nutrition.kcal), "protein": round1(e.nutrition.protein), "carbs": round1(e.nutrition.carbs),
            "fat": round1(e.nutrition.fat), "source": e.source.rawValue, "recordID": e.recordID, "estimate": e.isEstimate,
        ]
    }

    static func csvField(_ text: String) -> String {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    static func jsonString(_ object: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }
}
