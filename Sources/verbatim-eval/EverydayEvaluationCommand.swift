import ArgumentParsing
import Evaluation
import Foundation
import LanguageModels
import QuickLog

/// `everyday --data FILE.jsonl`: whether each food a person named comes out as an item of its own
/// and resolves to the right kind of database food, on labelled everyday sentences
/// (``EverydaySentence`` lines, scored by ``EverydayScores``).
func everydayEvaluationCommand() -> Command {
    Command(
        name: "everyday", abstract: "Score how everyday meal sentences are split into foods and resolved.",
        options: [
            .value("data", "FILE.jsonl", help: "JSON lines with text and labelled foods (eval/food/everyday-dev.jsonl)."),
            .flag("rules-only", help: "Parse with the rules only (the default parses with the model, checked)."),
            .flag("verbose", help: "Print each sentence that is not right, with its items, and each portion outside its labelled grams."),
            MealParserOption.option,
        ],
        run: { arguments in
            guard let path = arguments.value("data") else { throw UsageError.missingValue(option: "data") }
            let database = try NutritionDatabase.installed()
            let parser = try MealParserOption.parser(from: arguments, usesModel: !arguments.flag("rules-only"), database: database)
            let resolver = FoodResolver(database: database, estimator: nil)
            await parser.prewarm()
            var scores = EverydayScores()
            let clock = ContinuousClock()
            for sentence in try JSONLines.read(EverydaySentence.self, fromFile: path) {
                let start = clock.now
                let parse = await parser.parse(sentence.text)
                let resolved = await resolver.resolve(parse.items)
                let seconds = (clock.now - start) / .seconds(1)
                let right = scores.add(sentence, parse: parse, resolved: resolved, seconds: seconds)
                if arguments.flag("verbose"), !right {
                    print("✗ [\(sentence.style)] \(sentence.text)  (\(parse.source.rawValue))")
                    for item in resolved {
                        print("    \(item.parsed.mention) [\(item.parsed.readBy.rawValue)] → \(item.isLoggable ? item.match?.name ?? "?" : "unmatched")")
                    }
                    for piece in parse.unaccounted { print("    \(piece) → not food") }
                }
            }
            let name = !parser.usesModel ? "rules" : parser.modelIsAvailable ? "model (\(parser.model.catalogName ?? "file"))" : "rules (model unavailable)"
            print("parser: \(name)")
            if arguments.flag("verbose"), !scores.implausibleWeights.isEmpty {
                print("portions outside their labelled range:")
                for (food, grams) in scores.implausibleWeights {
                    print("    \(food.mention): " + String(format: "%.0f g, labelled %.0f–%.0f g", grams, food.grams?[0] ?? 0, food.grams?[1] ?? 0))
                }
            }
            print(scores.report())
            return 0
        })
}
