import ArgumentParsing
import Foundation
import LanguageModels
import QuickLog

/// `food-phrases --data FILE.csv`: parser accuracy on labelled ingredient phrases
/// (columns `input,name,quantity,unit`; quantities like `1#1$4` mean 1¼).
func foodPhrasesEvaluationCommand() -> Command {
    Command(
        name: "food-phrases", abstract: "Score the food parser on labelled phrases (name, quantity, unit, mentions).",
        options: [
            .value("data", "FILE.csv", help: "CSV with columns input,name,quantity,unit."),
            .value("limit", "N", help: "Score only the first N phrases."),
            .flag("rules-only", help: "Use the deterministic parser only."),
            .flag("verbose", help: "Print each phrase the parser got wrong."),
        ],
        run: { arguments in
            guard let path = arguments.value("data") else { throw UsageError.missingValue(option: "data") }
            let limit = try arguments.integer("limit")
            let rows = try FoodEvaluation.readCSV(path)
            guard let header = rows.first else { return 1 }
            func column(_ name: String) -> Int? { header.firstIndex(of: name) }
            guard let input = column("input"), let name = column("name"), let quantity = column("quantity"),
                let unit = column("unit")
            else {
                StandardError.write("food-phrases: the CSV needs input,name,quantity,unit columns\n")
                return 1
            }
            let parser = FoodParser(usesModel: !arguments.flag("rules-only"), database: try? NutritionDatabase.installed())
            if !arguments.flag("rules-only"), !parser.modelIsAvailable {
                StandardError.write("food-phrases: model unavailable, using rules\n")
            }
            var scores = FoodEvaluation.PhraseScores()
            let clock = ContinuousClock()
            let start = clock.now
            for row in rows.dropFirst().prefix(limit ?? Int.max) where row.count > max(input, name, quantity, unit) {
                let parse = await parser.parse(row[input])
                let correct = scores.add(parse: parse, input: row[input], name: row[name], quantity: row[quantity], unit: row[unit])
                if arguments.flag("verbose"), !correct, let first = parse.items.first {
                    print("✗ \(row[input]) | gold: \(row[name]) / \(row[quantity]) / \(row[unit]) | got: \(first.name) / \(first.quantity.map { "\($0)" } ?? "-") / \(first.unit.rawValue)")
                }
            }
            let seconds = (clock.now - start) / .seconds(1)
            print(scores.report(seconds: seconds))
            return 0
        })
}

/// `meals --data FILE.jsonl`: kcal and macro errors of the full pipeline, per style, with baselines.
func mealsEvaluationCommand() -> Command {
    Command(
        name: "meals", abstract: "Errors of kcal and macros for whole meal descriptions, with baselines.",
        options: [
            .value("data", "FILE.jsonl", help: "JSON lines with description, kcal, carbs_g, protein_g, fat_g (and style)."),
            .value("limit", "N", help: "Score only the first N meals."),
            .flag("rules-only", help: "Use no model: rules parse, no estimates."),
            .flag("model-parse", help: "Parse as the product does: the rules where every food matches as said, the meal-parsing model for the rest (default: the rules alone)."),
            .flag("model-choice", help: "Also let the model choose among the top database candidates; prints both."),
            .value(
                "embedding-choice", "NAME|PATH",
                help: "Also choose among the top 4 database candidates by embedding similarity; prints both."),
            .flag("verbose", help: "Print each meal with its items."),
        ],
        run: { arguments in
            guard let path = arguments.value("data") else { throw UsageError.missingValue(option: "data") }
            let limit = try arguments.integer("limit")
            let rulesOnly = arguments.flag("rules-only")
            var alternatives: [AlternativeChoice] = []
            if let reference = arguments.value("embedding-choice") {
                let embedder: EmbeddingModel
                do throws(EmbeddingError) {
                    embedder = try EmbeddingModel(reference: reference)
                } catch {
                    throw UsageError.invalidValue(option: "embedding-choice", value: reference, expected: error.description)
                }
                alternatives.append(AlternativeChoice(name: "embedding choice (\(embedder.name ?? "embedding model"))") {
                    item, candidates in
                    let query = try await embedder.vector(for: item.name, purpose: .searchQuery)
                    let documents = try await embedder.vectors(for: candidates.map(\.name), purpose: .searchDocument)
                    let similarities = documents.map { EmbeddingModel.cosineSimilarity(query, $0) }
                    return .candidate(similarities.indices.max { similarities[$0] < similarities[$1] } ?? 0)
                })
            }
            if arguments.flag("model-choice") {
                let chooser = MatchChooser()
                alternatives.append(AlternativeChoice(name: "model choice") { item, candidates in
                    await chooser.choose(said: item.mention, candidates: candidates.map(\.name))
                })
            }
            let database = try NutritionDatabase.installed()
            let parser = FoodParser(usesModel: arguments.flag("model-parse"), database: database)
            let resolver = FoodResolver(database: database, estimator: rulesOnly ? nil : NutritionEstimator())
            let text = try String(contentsOfFile: path, encoding: .utf8)

            var meals: [MealScores.Meal] = []
            var sources: [String: Int] = [:]
            let clock = ContinuousClock()
            for line in text.split(separator: "\n").prefix(limit ?? Int.max) where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                    let description = object["description"] as? String
                else { continue }
                let gold = ["kcal", "protein_g", "carbs_g", "fat_g"].map { (object[$0] as? NSNumber)?.doubleValue ?? 0 }
                let start = clock.now
                let parse = await parser.parse(description)
                var total = NutritionFacts.zero
                var items = 0
                var unmatched = 0
                var lines: [String] = []
                // The product's resolution of the whole text (estimates bounded per text), item by item.
                for (item, resolved) in zip(parse.items, await resolver.resolve(parse.items)) {
                    for alternative in alternatives { try await alternative.add(item, resolved: resolved, resolver: resolver) }
                    items += 1
                    if resolved.isLoggable {
                        total = total + resolved.nutrition
                        let source =
                            resolved.isEstimate ? "estimate" : resolved.match?.dataset?.rawValue ?? resolved.match?.source.rawValue ?? "?"
                        sources[source, default: 0] += 1
                        lines.append(String(format: "    %@ → %@ %.0f g %.0f kcal", item.mention, resolved.match?.name ?? "", resolved.grams, resolved.nutrition.kcal))
                    } else {
                        unmatched += 1
                        lines.append("    \(item.mention) → unmatched (name: \(item.name))")
                        lines += database.explain(item.name, limit: 3).map { "        \($0)" }
                    }
                }
                lines += parse.unaccounted.map { "    \($0) → not food" }
                let seconds = (clock.now - start) / .seconds(1)
                for alternative in alternatives {
                    alternative.endMeal(style: object["style"] as? String ?? "all", gold: gold, items: items, seconds: seconds)
                }
                meals.append(MealScores.Meal(
                    style: object["style"] as? String ?? "all", gold: gold, predicted: [total.kcal, total.protein, total.carbs, total.fat],
                    items: items, unmatched: unmatched, notFood: parse.unaccounted.count, seconds: seconds))
                if arguments.flag("verbose") {
                    print(String(format: "%7.0f kcal (gold %6.0f)  %@", total.kcal, gold[0], description))
                    print(lines.joined(separator: "\n"))
                }
            }
            guard !meals.isEmpty else { return 1 }
            let parserName = !parser.usesModel ? "rules" : parser.modelIsAvailable ? "model" : "rules (model unavailable)"
            let estimates = rulesOnly ? "none" : NutritionEstimator().isAvailable ? "model" : "none (model unavailable)"
            print("meals: \(meals.count)  parser: \(parserName)  estimates: \(estimates)")
            print(MealScores.report(meals))
            print("matched sources: " + sources.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            for alternative in alternatives { print(alternative.report(), terminator: "") }
            return 0
        })
}

/// A second reading of the same meals in which something else (the model, embedding similarity)
/// chooses among the top 4 database candidates of each item Quick Log matched in USDA data without
/// an alias, scored beside Quick Log's rank 1.
private final class AlternativeChoice {
    let name: String
    let choose: (ParsedFoodItem, [FoodMatch]) async throws -> MatchChoice
    private(set) var meals: [MealScores.Meal] = []
    private(set) var answers: [String: Int] = [:]
    private var total = NutritionFacts.zero

    init(name: String, choose: @escaping (ParsedFoodItem, [FoodMatch]) async throws -> MatchChoice) {
        self.name = name
        self.choose = choose
    }

    /// Adds an item to the meal under way, as the alternative would resolve it.
    func add(_ item: ParsedFoodItem, resolved: ResolvedFoodItem, resolver: FoodResolver) async throws {
        let candidates = resolver.databaseCandidates(item.name, limit: 4)
        var chosen = resolved
        if resolved.match?.viaAlias == false, resolved.match?.source == .usda, candidates.count > 1 {
            switch try await choose(item, candidates) {
            case .candidate(let index):
                answers["candidate \(index + 1)", default: 0] += 1
                chosen = .resolving(item, with: resolver.withHouseholdMeasures(candidates[index], for: item.name))
            case .none:
                answers["none", default: 0] += 1
                chosen = .unmatched(item)
            case .noAnswer:
                answers["no answer", default: 0] += 1
            }
        }
        if chosen.isLoggable { total = total + chosen.nutrition }
    }

    /// Closes the meal under way.
    func endMeal(style: String, gold: [Double], items: Int, seconds: Double) {
        meals.append(MealScores.Meal(
            style: style, gold: gold, predicted: [total.kcal, total.protein, total.carbs, total.fat], items: items,
            unmatched: 0, notFood: 0, seconds: seconds))
        total = .zero
    }

    /// Its errors per style and in all, and what it answered.
    func report() -> String {
        var lines = ["\(name) among the top 4 candidates (same meals; rank 1 above):"]
        let styles = Set(meals.map(\.style)).sorted()
        for style in (styles.count > 1 ? styles : []) + ["all"] {
            let group = style == "all" ? meals : meals.filter { $0.style == style }
            lines.append(MealScores.line("\(name) (\(style))", group.map { ($0.gold, $0.predicted) }))
        }
        lines.append("  answers: " + answers.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `food-search NAME`: the ranked candidates for a food name with their ranking figures.
func foodSearchEvaluationCommand() -> Command {
    Command(
        name: "food-search", abstract: "Show how the nutrition database ranks candidates for a food name.",
        options: [.value("limit", "N", help: "How many candidates (default 10).")],
        arguments: [.init("NAME", help: "A food name, as the parser would read it.")],
        run: { arguments in
            let name = arguments.positional("NAME") ?? ""
            let database = try NutritionDatabase.installed()
            for line in database.explain(name, limit: try arguments.integer("limit") ?? 10) { print(line) }
            return 0
        })
}

/// Scoring whole meals: MAEs, mean relative kcal error, carbohydrate accuracy within 7.5 g
/// (NutriBench's headline figure), unmatched share and time, per style, next to two baselines
/// computed on the same meals: always the average meal, and always 0.
enum MealScores {
    struct Meal {
        var style: String
        var gold: [Double]
        var predicted: [Double]
        var items: Int
        var unmatched: Int
        /// Pieces of text the parser read as no food (shown in review as such).
        var notFood: Int
        var seconds: Double
    }

    static func report(_ meals: [Meal]) -> String {
        let average = (0..<4).map { i in meals.map { $0.gold[i] }.reduce(0, +) / Double(meals.count) }
        var lines: [String] = []
        let styles = Set(meals.map(\.style)).sorted()
        for style in (styles.count > 1 ? styles : []) + ["all"] {
            let group = style == "all" ? meals : meals.filter { $0.style == style }
            lines.append("[\(style): \(group.count) meals]")
            lines.append(line("quick log", group.map { ($0.gold, $0.predicted) }))
            lines.append(line("baseline: average meal", group.map { ($0.gold, average) }))
            lines.append(line("baseline: always 0", group.map { ($0.gold, [0, 0, 0, 0]) }))
            let items = group.map(\.items).reduce(0, +)
            let unmatched = group.map(\.unmatched).reduce(0, +)
            let notFood = group.map(\.notFood).reduce(0, +)
            let seconds = group.map(\.seconds).sorted()
            lines.append(String(
                format: "  unmatched food items %d of %d (%.1f %%); pieces read as no food %d; time per meal median %.1f ms, max %.1f ms",
                unmatched, items, 100 * Double(unmatched) / Double(max(items, 1)), notFood, 1000 * seconds[seconds.count / 2],
                1000 * (seconds.last ?? 0)))
        }
        return lines.joined(separator: "\n")
    }

    static func line(_ label: String, _ pairs: [(gold: [Double], predicted: [Double])]) -> String {
        let n = Double(max(pairs.count, 1))
        func mae(_ i: Int) -> Double { pairs.map { abs($0.predicted[i] - $0.gold[i]) }.reduce(0, +) / n }
        let relative = pairs.map { abs($0.predicted[0] - $0.gold[0]) / max($0.gold[0], 1) }.reduce(0, +) / n
        let carbsWithin = Double(pairs.filter { abs($0.predicted[2] - $0.gold[2]) <= 7.5 }.count) / n
        return String(
            format: "  %-24@ kcal MAE %6.1f (%5.1f %% of gold)  carbs Acc@7.5g %5.1f %%  MAE protein %5.1f g  carbs %5.1f g  fat %5.1f g",
            label, mae(0), 100 * relative, 100 * carbsWithin, mae(1), mae(2), mae(3))
    }
}

/// Reading the evaluation files and scoring parses.
enum FoodEvaluation {
    /// Reads a CSV file with quoted fields.
    static func readCSV(_ path: String) throws -> [[String]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var rows: [[String]] = []
        var row: [String] = []
        var field = ""
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending: Character? = nil
        while let character = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                    } else { quoted = false }
                } else { field.append(character) }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                row.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" {
                row.append(field)
                rows.append(row)
                row = []
                field = ""
            } else if character != "\r" {
                field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }

    /// `1#1$4` → 1.25, `#3$4` → 0.75, `0.5` → 0.5, `3-4` → 3.5; the first of several amounts.
    static func goldQuantity(_ text: String) -> Double? {
        guard let first = text.split(separator: " ").first else { return nil }
        if let hash = first.firstIndex(of: "#"), let dollar = first.firstIndex(of: "$") {
            let whole = Double(first[..<hash]) ?? 0
            guard let n = Double(first[first.index(after: hash)..<dollar]), let d = Double(first[first.index(after: dollar)...]),
                d > 0
            else { return nil }
            return whole + n / d
        }
        if first.contains("-") {
            let parts = first.split(separator: "-").compactMap { Double($0) }
            if parts.count == 2 { return (parts[0] + parts[1]) / 2 }
        }
        return Double(first)
    }

    static func normalizedName(_ text: String) -> String {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { word -> String in
            var w = String(word)
            if w.hasSuffix("ves"), w.count > 4 { w = String(w.dropLast(3)) + "f" } else if w.hasSuffix("ies"), w.count > 4 {
                w = String(w.dropLast(3)) + "y"
            } else if w.hasSuffix("es"), w.count > 4,
                ["s", "x", "h", "o"].contains(w.dropLast(2).last ?? " ")
            {
                w = String(w.dropLast(2))
            } else if w.hasSuffix("s"), !w.hasSuffix("ss"), w.count > 3 { w = String(w.dropLast()) }
            return w
        }.joined(separator: " ")
    }

    struct PhraseScores {
        var total = 0
        var nameCorrect = 0
        var quantityCorrect = 0
        var unitCorrect = 0
        var mentions = 0
        var exactMentions = 0
        var sources: [String: Int] = [:]

        /// Adds one phrase; returns whether name, quantity and unit were all right.
        @discardableResult
        mutating func add(parse: FoodParse, input: String, name: String, quantity: String, unit: String) -> Bool {
            total += 1
            sources[parse.source.rawValue, default: 0] += 1
            for item in parse.items {
                mentions += 1
                if input.contains(item.mention) { exactMentions += 1 }
            }
            let first = parse.items.first
            var right = 0
            if let first, FoodEvaluation.normalizedName(first.name) == FoodEvaluation.normalizedName(name) {
                nameCorrect += 1
                right += 1
            }
            let goldQuantity = FoodEvaluation.goldQuantity(quantity)
            switch (goldQuantity, first?.quantity) {
            case (nil, nil):
                quantityCorrect += 1
                right += 1
            case (let gold?, let predicted?) where abs(gold - predicted) < 0.01:
                quantityCorrect += 1
                right += 1
            default: break
            }
            let goldUnitWord = unit.split(separator: " ").first.map(String.init) ?? ""
            let predictedUnit = first?.unit
            if goldUnitWord.isEmpty {
                if predictedUnit == nil || predictedUnit == .piece || predictedUnit == .serving {
                    unitCorrect += 1
                    right += 1
                }
            } else if let gold = FoodUnit(word: goldUnitWord), gold == predictedUnit {
                unitCorrect += 1
                right += 1
            }
            return right == 3
        }

        func report(seconds: Double) -> String {
            func percent(_ n: Int, _ d: Int) -> String { String(format: "%.1f %%", d == 0 ? 0 : 100 * Double(n) / Double(d)) }
            let sourceText = sources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            return """
                phrases: \(total)  (\(sourceText))
                name accuracy:     \(percent(nameCorrect, total))
                quantity accuracy: \(percent(quantityCorrect, total))
                unit accuracy:     \(percent(unitCorrect, total))
                exact-substring mentions: \(percent(exactMentions, mentions)) of \(mentions)
                time: \(String(format: "%.1f", seconds)) s (\(String(format: "%.1f", 1000 * seconds / Double(max(total, 1)))) ms per phrase)
                """
        }
    }
}
