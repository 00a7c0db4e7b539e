import ArgumentParsing
import Evaluation
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
            let rows = try CSV.rows(ofFile: path)
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
            var scores = FoodPhraseScores()
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
            MealParserOption.option,
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
            let parser = try MealParserOption.parser(from: arguments, usesModel: arguments.flag("model-parse"), database: database)
            let resolver = FoodResolver(database: database, estimator: rulesOnly ? nil : NutritionEstimator())
            let records = try JSONLines.read(MealRecord.self, fromFile: path).prefix(limit ?? Int.max)

            var scores = MealScores()
            var sources: [String: Int] = [:]
            let clock = ContinuousClock()
            for record in records {
                let description = record.description
                let start = clock.now
                let parse = await parser.parse(description)
                var total = NutritionFacts.zero
                var items = 0
                var unmatched = 0
                var lines: [String] = []
                var found: [(record: String, grams: Double)] = []
                // The product's resolution of the whole text (estimates bounded per text), item by item.
                for (item, resolved) in zip(parse.items, await resolver.resolve(parse.items)) {
                    for alternative in alternatives { try await alternative.add(item, resolved: resolved, resolver: resolver) }
                    items += 1
                    if resolved.isLoggable {
                        total = total + resolved.nutrition
                        if let match = resolved.match { found.append((match.name, resolved.grams)) }
                        let source =
                            resolved.isEstimate ? "estimate" : resolved.match?.dataset?.rawValue ?? resolved.match?.source.rawValue ?? "?"
                        sources[source, default: 0] += 1
                        lines.append(
                            String(format: "    %@ → %@ %.0f g %.0f kcal", item.mention, resolved.match?.name ?? "", resolved.grams, resolved.nutrition.kcal)
                                + (resolved.portionAssumption.map { " · assumed: " + $0 } ?? ""))
                    } else {
                        unmatched += 1
                        lines.append("    \(item.mention) → unmatched (name: \(item.name))")
                        lines += database.explain(item.name, limit: 3).map { "        \($0)" }
                    }
                }
                lines += parse.unaccounted.map { "    \($0) → not food" }
                let seconds = (clock.now - start) / .seconds(1)
                for alternative in alternatives {
                    alternative.endMeal(style: record.style, gold: record.gold, items: items, seconds: seconds)
                }
                scores.add(MealScores.Meal(
                    style: record.style, gold: record.gold, predicted: total, items: items, unmatched: unmatched,
                    notFood: parse.unaccounted.count, seconds: seconds,
                    goldItems: record.items.isEmpty
                        ? nil : GoldItemComparison(items: found, gold: record.items.map { ($0.name, $0.grams) })))
                if arguments.flag("verbose") {
                    print(String(format: "%7.0f kcal (gold %6.0f)  %@", total.kcal, record.gold.kcal, description))
                    print(lines.joined(separator: "\n"))
                }
            }
            guard !scores.meals.isEmpty else { return 1 }
            let parserName = !parser.usesModel ? "rules" : parser.modelIsAvailable ? "model" : "rules (model unavailable)"
            let estimates = rulesOnly ? "none" : NutritionEstimator().isAvailable ? "model" : "none (model unavailable)"
            print("meals: \(scores.meals.count)  parser: \(parserName)  estimates: \(estimates)")
            print(scores.report)
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
    private(set) var scores = MealScores()
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
    func endMeal(style: String, gold: NutritionFacts, items: Int, seconds: Double) {
        scores.add(MealScores.Meal(
            style: style, gold: gold, predicted: total, items: items, unmatched: 0, notFood: 0, seconds: seconds))
        total = .zero
    }

    /// Its errors per style and in all, and what it answered.
    func report() -> String {
        var lines = ["\(name) among the top 4 candidates (same meals; rank 1 above):"]
        for (style, group) in scores.groups {
            lines.append(MealErrors(group.map { ($0.gold, $0.predicted) }).line("\(name) (\(style))"))
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
