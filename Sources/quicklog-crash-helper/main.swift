import Foundation
import QuickLog

// Test support for QuickLogTests: writes 50 entries in one diary transaction, printing progress
// and pausing after the tenth so the test can SIGKILL it mid-save.
// Usage: quicklog-crash-helper DIARY.sqlite
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: quicklog-crash-helper DIARY.sqlite\n".utf8))
    exit(64)
}
let diary = try Diary(path: CommandLine.arguments[1])
let entries = (0..<50).map { index in
    DiaryEntry(
        day: "2026-01-01", meal: .lunch, name: "crash test \(index)", mention: "item \(index)", quantity: 1, unit: .piece,
        grams: 100, nutrition: NutritionFacts(kcal: 100, protein: 5, carbs: 10, fat: 4), source: .usda, recordID: "01123",
        isEstimate: false)
}
try diary.log(entries) { index in
    if index == 10 {
        FileHandle.standardOutput.write(Data("paused\n".utf8))
        Thread.sleep(forTimeInterval: 60)
    }
}
print("finished")
