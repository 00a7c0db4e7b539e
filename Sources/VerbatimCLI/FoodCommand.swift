import ArgumentParsing
import Foundation
import LanguageModels
import QuickLog

/// `verbatim food`: quick log, today's totals, targets, your own foods, export and search.
func foodCommand() -> Command {
    Command(
        name: "food", abstract: "Log food from a sentence, review it, and keep a diary.",
        subcommands: [
            Command(
                name: "log", abstract: "Parse a description, review the items, then save.",
                options: [
                    .flag("yes", short: "y", help: "Accept the items as parsed (unmatched ones are skipped)."),
                    .flag("json", help: "Print as JSON; without --yes this only shows the review and saves nothing."),
                    .flag("rules-only", help: "Use no model at all: the rules read the text, no estimates for foods nothing matched."),
                    .value("meal", "MEAL", help: "breakfast, lunch, dinner or snack (default: from the text or time)."),
                    .value("date", "YYYY-MM-DD", help: "The day to log to (default: today)."),
                ],
                arguments: [Argument("TEXT", help: "What you ate, e.g. \"2 eggs, 200g rice, and a coffee\".", isVariadic: true)],
                run: { try await FoodCLI.log($0) }),
            Command(
                name: "today", abstract: "Show a day's entries, totals and insight.",
                options: [
                    .value("date", "YYYY-MM-DD", help: "The day (default: today)."),
                    .value("lang", "CODE", help: "Insight language: en, es, fr, de, ja."),
                    .flag("json", help: "Print as JSON."),
                ],
                run: { try await FoodCLI.today($0) }),
            Command(
                name: "delete", abstract: "Delete a diary entry (its number is shown by 'today').",
                arguments: [Argument("ENTRY", help: "The entry's number, e.g. 12 (from 'verbatim food today').")],
                run: { try FoodCLI.deleteEntry($0) }),
            Command(
                name: "amount", abstract: "Change how many grams a diary entry holds; energy and macros follow.",
                arguments: [
                    Argument("ENTRY", help: "The entry's number (from 'verbatim food today')."),
                    Argument("GRAMS", help: "The grams eaten, e.g. 150."),
                ],
                run: { try FoodCLI.changeAmount($0) }),
            Command(
                name: "targets", abstract: "Show or set daily targets.",
                options: [
                    .value("kcal", "N", help: "Energy in kcal."), .value("protein", "G", help: "Protein grams."),
                    .value("carbs", "G", help: "Carbohydrate grams."), .value("fat", "G", help: "Fat grams."),
                ],
                run: { try FoodCLI.targets($0) }),
            Command(
                name: "add", abstract: "Add a custom food (values per 100 g).",
                options: [
                    .value("kcal", "N", help: "kcal per 100 g."), .value("protein", "G", help: "Protein per 100 g."),
                    .value("carbs", "G", help: "Carbohydrate per 100 g."), .value("fat", "G", help: "Fat per 100 g."),
                    .value("serving", "G", help: "Grams in one serving (default 100)."),
                    .value("density", "G/ML", help: "Grams per millilitre, for volume amounts."),
                ],
                arguments: [Argument("NAME", help: "The food's name.", isVariadic: true)],
                run: { try FoodCLI.addFood($0) }),
            Command(
                name: "recipe", abstract: "Add a recipe from ingredient lines.",
                options: [
                    .value("servings", "N", help: "Servings the recipe makes (default 1)."),
                    .value("ingredient", "TEXT", help: "An ingredient with its amount; repeat for each."),
                ],
                arguments: [Argument("NAME", help: "The recipe's name.", isVariadic: true)],
                run: { try await FoodCLI.addRecipe($0) }),
            Command(
                name: "meal", abstract: "Save a meal you often eat.",
                options: [.value("item", "TEXT", help: "An item with its amount; repeat for each.")],
                arguments: [Argument("NAME", help: "The meal's name.", isVariadic: true)],
                run: { try await FoodCLI.addMeal($0) }),
            Command(
                name: "export", abstract: "Export the diary.",
                options: [.flag("csv", help: "As CSV (default)."), .flag("json", help: "As JSON.")],
                run: { try FoodCLI.export($0) }),
            Command(
                name: "search", abstract: "Search the nutrition database.",
                options: [.value("limit", "N", help: "Results to show (default 10).")],
                arguments: [Argument("TEXT", help: "Food name.", isVariadic: true)],
                run: { try FoodCLI.search($0) }),
        ])
}
