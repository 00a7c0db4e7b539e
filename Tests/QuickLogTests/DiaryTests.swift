import Foundation
import Testing
@testable import QuickLog

@Suite struct DiaryTests {
    func entry(_ name: String, day: String = "2026-02-03", meal: MealKind = .lunch) -> DiaryEntry {
        DiaryEntry(
            day: day, meal: meal, name: name, mention: name, quantity: 1, unit: .piece, grams: 50,
            nutrition: NutritionFacts(kcal: 70, protein: 6, carbs: 0.4, fat: 5), source: .usda, recordID: "01123",
            isEstimate: false)
    }

    struct Stop: Error {}

    @Test func writesEntriesAndReadsThemBackByDayAndMeal() throws {
        let diary = try Diary(path: temporaryDiaryPath())
        try diary.log([entry("egg", meal: .dinner), entry("toast", meal: .breakfast), entry("other", day: "2026-02-04")])
        let day = DiaryDay("2026-02-03")!
        #expect(try diary.entries(on: day).map(\.name) == ["toast", "egg"])
        #expect(try diary.totals(on: day).kcal == 140)
        #expect(try diary.recentFoods().first?.uses == 3)
        #expect(FileManager.default.fileExists(atPath: diary.path + "-wal"))
    }

    @Test func aSavedEntryCanBeDeletedAndItsGramsChangedWithItsNutritionInProportion() throws {
        let diary = try Diary(path: temporaryDiaryPath())
        let saved = try diary.log([entry("egg"), entry("toast")])
        let day = DiaryDay("2026-02-03")!
        let corrected = try diary.changeGrams(ofEntry: saved[0].id, to: 125)
        #expect(corrected.grams == 125 && corrected.unit == .gram && corrected.quantity == 125)
        #expect(abs(corrected.nutrition.kcal - 175) < 1e-9 && abs(corrected.nutrition.fat - 12.5) < 1e-9)
        #expect(try diary.entry(id: saved[0].id) == corrected)
        #expect(try diary.totals(on: day).kcal == 175 + 70)
        #expect(try diary.deleteEntry(id: saved[1].id).name == "toast")
        #expect(try diary.entries(on: day).map(\.name) == ["egg"])
        #expect(try diary.totals(on: day).kcal == 175)
    }

    @Test func aCorrectionOfAnUnknownEntryOrToImpossibleGramsChangesNothing() throws {
        let diary = try Diary(path: temporaryDiaryPath())
        let saved = try diary.log([entry("egg")])
        #expect(throws: QuickLogError.notFound("entry 999")) { try diary.deleteEntry(id: 999) }
        #expect(throws: QuickLogError.notFound("entry 999")) { try diary.changeGrams(ofEntry: 999, to: 10) }
        for grams in [0, -5, .nan, .infinity, 20_000] {
            #expect(throws: QuickLogError.self) { try diary.changeGrams(ofEntry: saved[0].id, to: grams) }
        }
        #expect(try diary.entry(id: saved[0].id) == saved[0])
    }

    @Test func aFailedSaveWritesNothing() throws {
        let diary = try Diary(path: temporaryDiaryPath())
        #expect(throws: Stop.self) {
            try diary.log([entry("a"), entry("b"), entry("c")]) { index in if index == 1 { throw Stop() } }
        }
        #expect(try diary.entryCount() == 0)
        #expect(try diary.recentFoods().isEmpty)
    }

    @Test func targetsDefaultAndPersist() throws {
        let path = temporaryDiaryPath()
        #expect(try Diary(path: path).targets() == .standard)
        try Diary(path: path).setTargets(DailyTargets(kcal: 1800, protein: 120, carbs: 180, fat: 60))
        #expect(try Diary(path: path).targets().protein == 120)
    }

    @Test func libraryRoundTripsAndRefusesDuplicateNames() throws {
        let diary = try Diary(path: temporaryDiaryPath())
        try diary.addCustomFood(CustomFood(name: "Shake", per100g: NutritionFacts(kcal: 60, protein: 10, carbs: 3, fat: 1), servingGrams: 330))
        #expect(throws: QuickLogError.duplicateName("shake")) {
            try diary.addCustomFood(CustomFood(name: "shake", per100g: .zero, servingGrams: 1))
        }
        let part = LibraryComponent(name: "rice", source: .usda, recordID: "20045", grams: 158, nutrition: NutritionFacts(kcal: 205, protein: 4.3, carbs: 44.5, fat: 0.4))
        try diary.addRecipe(Recipe(name: "rice bowl", servings: 2, ingredients: [part, part]))
        try diary.addSavedMeal(SavedMeal(name: "usual lunch", items: [part]))
        let library = try diary.library()
        #expect(library.customFoods.map(\.name) == ["Shake"])
        #expect(library.recipes.first?.servingGrams == 158)
        #expect(library.savedMeals.first?.total.kcal == 205)
    }

    @Test func aKilledSaveLeavesNoPartialEntry() throws {
        let helper = try #require(Self.crashHelper(), "quicklog-crash-helper is not built (run scripts/swiftpm.sh build)")
        let path = temporaryDiaryPath()
        let process = Process()
        process.executableURL = helper
        process.arguments = [path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Wait until the helper has inserted ten entries inside its open transaction.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("paused") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        #expect(String(decoding: seen, as: UTF8.self).contains("paused"))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let diary = try Diary(path: path)
        #expect(try diary.entryCount() == 0)
        try diary.log([entry("after the crash")])
        #expect(try diary.entryCount() == 1)
    }

    /// The helper executable next to the test bundle.
    static func crashHelper() -> URL? {
        let candidates = [
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
        ]
        return candidates.map { $0.appendingPathComponent("quicklog-crash-helper") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
