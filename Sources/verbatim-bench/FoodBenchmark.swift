import ArgumentParsing
import Foundation
import LanguageModels
import QuickLog

/// `food`: resolve time per item over the whole nutrition database (goal p95 ≤ 5 ms), parse and
/// resolve time per meal on Quick Log's product path (the meal-parsing model, checked, goal ≤
/// 1.5 s) beside the rules alone in the same run, and the model estimate for names the search
/// refuses.
func foodBenchmarkCommand() -> Command {
    Command(
        name: "food", abstract: "Resolve time per item, parse + resolve time per meal, and model parse latency.",
        options: [
            .value("items", "N", help: "Food names to resolve (default 1000)."),
            .value("meals", "FILE.jsonl", help: "Meals to time (a 'description' or 'text' per line); default: built-in sentences."),
            .value("model-runs", "N", help: "Model parses of the example sentence (default 3; 0 skips)."),
        ],
        run: { arguments in
            let database = try NutritionDatabase.installed()
            let resolver = FoodResolver(database: database)
            let count = try arguments.integer("items") ?? 1000
            let clock = ContinuousClock()
            let indexStart = clock.now
            _ = database.search("banana", limit: 1)
            let indexMilliseconds = (clock.now - indexStart) / .milliseconds(1)
            // Names from across the generic foods (the first phrase of every n-th description), plus the aliases.
            var names = database.aliases.aliases.map(\.alias)
            names += database.sampleNames(count: max(count - names.count, 0))
            var durations: [Double] = []
            var matched = 0
            for name in names.prefix(count) {
                let item = ParsedFoodItem(mention: name, name: name, quantity: 1, unit: .serving)
                let start = clock.now
                let resolved = resolver.resolveWithoutModel(item)
                durations.append((clock.now - start) / .milliseconds(1))
                if resolved != nil { matched += 1 }
            }
            print("database: \(database.foodCount) foods, \(database.aliases.aliases.count) aliases; ranked index built in "
                + String(format: "%.0f ms (first search)", indexMilliseconds))
            print(Timing(durations).line("resolve per item", goal: "p95 ≤ 5 ms") + ", \(matched) of \(durations.count) matched")

            let rules = FoodParser(usesModel: false, database: database)
            let meals = try mealTexts(arguments.value("meals"))
            var perMeal: [Double] = []
            for text in meals {
                let start = clock.now
                let parse = rules.parseWithRules(text)
                for item in parse.items { _ = resolver.resolveWithoutModel(item) }
                perMeal.append((clock.now - start) / .milliseconds(1))
            }
            print(Timing(perMeal).line("parse + resolve per meal (rules alone)", goal: "≤ 1500 ms") + ", \(meals.count) meals")

            let sentence = "2 eggs, 200g rice, and a coffee"
            let rulesStart = clock.now
            for _ in 0..<1000 { _ = rules.parseWithRules(sentence) }
            let rulesMilliseconds = (clock.now - rulesStart) / .milliseconds(1) / 1000
            print(String(format: "parse (rules): %.3f ms per sentence", rulesMilliseconds))

            let runs = try arguments.integer("model-runs") ?? 3
            let estimator = NutritionEstimator()
            if runs > 0, estimator.isAvailable {
                // Names the search refuses, so the last step runs: a model estimate or unmatched.
                let unmatched = ["eclair", "homemade lentil stew", "give me", "shakshuka", "sweet double stick popsicle"]
                let estimating = FoodResolver(database: database, estimator: estimator)
                // Warm: loads the model and caches the content-free scores the calibrated check uses.
                _ = await estimating.resolve(ParsedFoodItem(mention: "frankfurter", name: "cheese-filled frankfurter", quantity: 1, unit: .piece))
                var estimateTimes: [Double] = []
                var baseline: [Double] = []
                var estimated = 0
                for _ in 0..<runs {
                    for name in unmatched {
                        let item = ParsedFoodItem(mention: name, name: name, quantity: 1, unit: .piece)
                        let start = clock.now
                        if await estimating.resolve(item).isEstimate { estimated += 1 }
                        estimateTimes.append((clock.now - start) / .milliseconds(1))
                        let rulesStart = clock.now
                        _ = resolver.resolveWithoutModel(item)
                        baseline.append((clock.now - rulesStart) / .milliseconds(1))
                    }
                }
                let ratio = Timing(estimateTimes).percentile(0.5) / max(Timing(baseline).percentile(0.5), 0.001)
                print(Timing(estimateTimes).line("estimate per unmatched item (model warm)", goal: "≤ 1500 ms")
                    + String(format: ", %d of %d estimated; %.0f× the rules' try on the same names", estimated, estimateTimes.count, ratio))
            }
            let parser = FoodParser(usesModel: true, database: database)
            guard runs > 0, parser.modelIsAvailable else {
                print("parse (model): skipped (\(runs == 0 ? "--model-runs 0" : "model unavailable"))")
                return 0
            }
            await parser.prewarm()
            var perMealWithModel: [Double] = []
            for text in meals {
                let start = clock.now
                let parse = await parser.parse(text)
                for item in parse.items { _ = resolver.resolveWithoutModel(item) }
                perMealWithModel.append((clock.now - start) / .milliseconds(1))
            }
            print(Timing(perMealWithModel).line(
                "parse + resolve per meal (\(parser.model.catalogName ?? "model"), product path)", goal: "≤ 1500 ms")
                + String(format: ", %d meals; %.0f× the rules alone (medians)", meals.count,
                    Timing(perMealWithModel).percentile(0.5) / max(Timing(perMeal).percentile(0.5), 0.001)))
            for run in 1...runs {
                let prewarmStart = clock.now
                await parser.prewarm()
                let prewarm = (clock.now - prewarmStart) / .milliseconds(1)
                let start = clock.now
                let parse = await parser.parse(sentence)
                let elapsed = (clock.now - start) / .milliseconds(1)
                let items = parse.items.map { "\($0.quantity.map { String($0) } ?? "-") \($0.unit.rawValue) \($0.name)" }
                print(String(format: "parse (model) run %d: %.0f ms after %.0f ms prewarm (%.0f× the rules), source %@: %@", run,
                    elapsed, prewarm, elapsed / max(rulesMilliseconds, 0.001), parse.source.rawValue, items.joined(separator: "; ")))
            }
            return 0
        })
}

/// Meal texts to time: the `description` of each line of a JSONL file, or built-in sentences.
private func mealTexts(_ path: String?) throws -> [String] {
    guard let path else {
        return [
            "2 eggs, 200g rice, and a coffee",
            "For lunch I had a turkey sandwich on rye with a bag of chips and a diet soda.",
            "This morning I enjoyed 250g of plain yogurt topped with 30g of granola, along with a banana.",
            "Dinner was a bowl of beef chili, a slice of cornbread and a glass of milk.",
            "I snacked on an apple and a handful of almonds, washed down with a bottle of water.",
        ]
    }
    return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        return object?["description"] as? String ?? object?["text"] as? String
    }
}

/// Minimum, percentiles and maximum of a list of milliseconds.
private struct Timing {
    let sorted: [Double]
    init(_ values: [Double]) { sorted = values.sorted() }

    func percentile(_ p: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(p * Double(sorted.count)))] }

    func line(_ label: String, goal: String) -> String {
        let mean = sorted.reduce(0, +) / Double(max(sorted.count, 1))
        return String(
            format: "%@: mean %.3f ms, p50 %.3f ms, p95 %.3f ms, max %.3f ms (goal %@)", label, mean, percentile(0.5),
            percentile(0.95), sorted.last ?? 0, goal)
    }
}
