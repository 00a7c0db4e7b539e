import ArgumentParsing
import Foundation
import LanguageModels
import QuickLog

/// `--adapter FILE`: the meal-parsing model with a LoRA adapter, for `meals` and `everyday`.
enum MealParserOption {
    static let option = Option.value(
        "adapter", "FILE", help: "Parse with the meal-parsing model adapted by this LoRA adapter (GGUF).")

    /// The parser the arguments ask for: the product's meal-parsing model, adapted when
    /// `--adapter` names a file.
    /// - Throws: A ``UsageError`` when the adapter does not fit the model.
    static func parser(from arguments: ParsedArguments, usesModel: Bool, database: NutritionDatabase?) throws(UsageError) -> FoodParser {
        var model = FoodParser.mealParsingModel()
        if let path = arguments.value("adapter") {
            model = model.adapted(by: [SystemLanguageModel.Adapter(fileURL: URL(fileURLWithPath: path))])
            if usesModel, case .unavailable(let reason) = model.availability {
                throw .invalidValue(option: "adapter", value: path, expected: "an adapter for the meal-parsing model (\(reason.description))")
            }
        }
        return FoodParser(model: model, usesModel: usesModel, database: database)
    }
}
