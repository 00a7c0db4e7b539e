import AssetRequirements
import Foundation
import LanguageModels
import Synchronization
import Testing
@testable import QuickLog

/// The SR28 database setup builds, or `nil` when setup has not run (tests that need it are skipped).
let installedDatabase: NutritionDatabase? = try? NutritionDatabase.installed()
let databaseIsInstalled = installedDatabase != nil
let databaseMissingMessage: Comment = "the nutrition database is not built: run scripts/setup.sh (scripts/setup-food.sh)"
/// The nutrition database, for tests that skip without it (or fail under VERBATIM_REQUIRE_MODELS=1).
let nutritionDatabase = InstalledAsset(isInstalled: databaseIsInstalled, missing: databaseMissingMessage)
/// The default model.
let defaultModel = InstalledAsset(
    isInstalled: SystemLanguageModel.default.availability == .available,
    missing: "the default model is not installed (run make setup)")

/// The model Quick Log parses meals with, installed by setup.
let mealParsingModel = InstalledAsset(
    isInstalled: FoodParser.mealParsingModel().catalogName == FoodParser.mealParsingModelName
        && FoodParser.mealParsingModel().availability == .available,
    missing: "the meal-parsing model \(FoodParser.mealParsingModelName) is not installed (run make setup)")

/// A fresh diary in a temporary folder.
func temporaryDiaryPath() -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quicklog-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("diary.sqlite").path
}

/// An estimator that always picks the same index, and notes what it was offered (unit tests of
/// the last resolver step).
final class ScriptedEstimator: NutritionEstimating {
    let answer: Int?
    private let offers = Mutex<[[String]]>([])
    /// The lists of nearby foods it was asked about.
    var offered: [[String]] { offers.withLock { $0 } }

    init(answer: Int?) { self.answer = answer }

    func nearest(to said: String, among nearby: [String]) async -> Int? {
        offers.withLock { $0.append(nearby) }
        return answer
    }
}

func sampleMatch(grams: Double = 50, density: Double? = nil) -> FoodMatch {
    FoodMatch(
        source: .custom, recordID: "7", name: "Test food", per100g: NutritionFacts(kcal: 200, protein: 10, carbs: 20, fat: 8),
        portions: [Portion(name: "serving", grams: grams)], defaultPortion: Portion(name: "serving", grams: grams),
        density: density)
}
