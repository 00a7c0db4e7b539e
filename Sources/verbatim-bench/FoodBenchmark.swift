import ArgumentParsing
import Foundation
import LanguageModels
import QuickLog

/// `food`: resolve time per item over the full SR28 database (goal ≤ 2 ms) and parse latency of
/// the example sentence with the rules and with the model.
func foodBenchmarkCommand() -> Command {
    Command(
        name: "food", abstract: "Resolve time per item and parse latency for Quick Log.",
        options: [
            .value("items", "N", help: "Food names to resolve (default 1000)."),
            .value("model-runs", "N", help: "Model parses of the example sentence (default 3; 0 skips)."),
        ],
        run: { arguments in
            let database = try NutritionDatabase.installed()
            let resolver = FoodResolver(database: database)
            let count = try arguments.integer("items") ?? 1000
            // Names from across the database: the first phrase of every n-th description, plus the aliases.
            var names = database.aliases.aliases.map(\.alias)
            let step = max(1, database.foodCount / max(count - names.count, 1))
            var id = 0
            for match in (1...99_999).lazy.compactMap({ database.food(id: $0) }) {
                id += 1
                if id % step == 0, let head = match.name.split(separator: ",").first {
                    names.append(String(head).lowercased())
                }
                if names.count >= count { break }
            }
            let clock = ContinuousClock()
            var durations: [Double] = []
            var matched = 0
            for name in names {
                let item = ParsedFoodItem(mention: name, name: name, quantity: 1, unit: .serving)
                let start = clock.now
                let resolved = resolver.resolveWithoutModel(item)
                durations.append((clock.now - start) / .milliseconds(1))
                if resolved != nil { matched += 1 }
            }
            durations.sort()
            let mean = durations.reduce(0, +) / Double(max(durations.count, 1))
            func percentile(_ p: Double) -> Double { durations.isEmpty ? 0 : durations[min(durations.count - 1, Int(p * Double(durations.count)))] }
            print("database: \(database.foodCount) foods, \(database.aliases.aliases.count) aliases")
            print(String(
                format: "resolve: %d items, %d matched; mean %.3f ms, p50 %.3f ms, p95 %.3f ms, max %.3f ms (goal ≤ 2 ms)",
                durations.count, matched, mean, percentile(0.5), percentile(0.95), durations.last ?? 0))

            let sentence = "2 eggs, 200g rice, and a coffee"
            let rules = FoodParser(usesModel: false, database: database)
            let rulesStart = clock.now
            for _ in 0..<1000 { _ = rules.parseWithRules(sentence) }
            print(String(format: "parse (rules): %.3f ms per sentence", (clock.now - rulesStart) / .milliseconds(1) / 1000))

            let runs = try arguments.integer("model-runs") ?? 3
            let parser = FoodParser(database: database)
            guard runs > 0, parser.modelIsAvailable else {
                print("parse (model): skipped (\(runs == 0 ? "--model-runs 0" : "model unavailable"))")
                return 0
            }
            for run in 1...runs {
                let prewarmStart = clock.now
                await parser.prewarm()
                let prewarm = (clock.now - prewarmStart) / .milliseconds(1)
                let start = clock.now
                let parse = await parser.parse(sentence)
                let elapsed = (clock.now - start) / .milliseconds(1)
                let items = parse.items.map { "\($0.quantity.map { String($0) } ?? "-") \($0.unit.rawValue) \($0.name)" }
                print(String(format: "parse (model) run %d: %.0f ms after %.0f ms prewarm, source %@: %@", run, elapsed, prewarm,
                    parse.source.rawValue, items.joined(separator: "; ")))
            }
            return 0
        })
}
