import ArgumentParsing
import Evaluation
import Foundation
import LanguageModels
import QuickLog
import VerbatimCLI

/// `meal-training --data PARSES.jsonl --output TRAIN.jsonl`: turns labelled meal texts (written by
/// `scripts/make-meal-parses.py`) into training examples for a meal-parsing adapter, each as
/// Quick Log sends it to the model: the session's system message (``FoodParser``'s instructions
/// and the answer schema's description), the prompt (`Input: TEXT`), and as the answer the
/// labelled items with the tokens guided decoding feeds for them on the selected model, every
/// mention forced to be the text's own words as in the product.
func mealTrainingCommand() -> Command {
    Command(
        name: "meal-training", abstract: "Write meal-parsing training examples as the product prompts the model.",
        options: [
            .value("data", "FILE.jsonl", help: "JSON lines with text and items (mention, name, quantity, unit)."),
            .value("output", "FILE.jsonl", help: "Where to write the training examples."),
        ] + ModelOptions.options,
        run: { arguments in
            guard let path = arguments.value("data") else { throw UsageError.missingValue(option: "data") }
            guard let output = arguments.value("output") else { throw UsageError.missingValue(option: "output") }
            let model = arguments.value("model") == nil ? FoodParser.mealParsingModel() : try ModelOptions.model(from: arguments)
            if case .unavailable(let reason) = model.availability {
                StandardError.write("verbatim-eval: the model is unavailable: \(reason.description)\n")
                return 69
            }
            let tokenizer = LanguageModelSession(model: model)
            var lines: [String] = []
            var skipped = 0
            for example in try JSONLines.read(LabelledMealParse.self, fromFile: path) {
                let answer = example.answer
                let schema = ParsedFoodList.generationSchema(mentionsFrom: example.text)
                guard let tokens = try? await tokenizer.answerTokens(for: answer, schema: schema) else {
                    skipped += 1
                    continue
                }
                // The system message the session builds for this request (PromptBuilder).
                let line: [String: Any] = [
                    "system": FoodParser.instructions + "\n\n" + schema.promptDescription,
                    "user": FoodParser.prompt(for: example.text), "assistant": answer, "assistant_tokens": tokens.map(Int.init),
                    "tokenizer": model.catalogName ?? model.url?.lastPathComponent ?? "model",
                ]
                let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys, .withoutEscapingSlashes])
                lines.append(String(decoding: data, as: UTF8.self))
            }
            try (lines.joined(separator: "\n") + "\n").write(toFile: output, atomically: true, encoding: .utf8)
            print("\(lines.count) training examples written to \(output); \(skipped) skipped (the answer does not fit the schema)")
            return 0
        })
}

/// One labelled text of `scripts/make-meal-parses.py`.
private struct LabelledMealParse: Decodable {
    struct Item: Decodable {
        var mention: String
        var name: String
        var quantity: Double
        var unit: String
    }
    var text: String
    var items: [Item]

    /// The answer as the decoder writes it (``GeneratedContent/jsonString``: properties in the
    /// schema's order, compact, whole numbers without a fraction).
    var answer: String {
        let written = items.map { item in
            GeneratedContent.object([
                .init("mention", .string(item.mention)), .init("name", .string(item.name)),
                .init("quantity", .number(item.quantity)), .init("unit", .string(item.unit)),
            ])
        }
        return GeneratedContent.object([.init("items", .array(written))]).jsonString
    }
}
