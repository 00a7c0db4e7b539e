import DialogueMemo
import Foundation
import QuickLog
import Testing
@testable import VerbatimWeb

/// What the pages are built from: the note's blocks and the server-rendered charts.
@Suite struct WebViewsTests {
    @Test func aNoteShowsItsTitleBlocksAndMarkdown() {
        let note = Note(
            title: "A cooking club",
            blocks: [
                Note.Block(heading: "", text: "Friends cook on Fridays."), Note.Block(heading: "Who is it for?", text: "Colleagues."),
            ])
        let view = MemoNoteView(note)
        #expect(view.title == "A cooking club")
        #expect(view.blocks.map(\.heading) == ["", "Who is it for?"])
        #expect(view.blocks.map(\.text) == ["Friends cook on Fridays.", "Colleagues."])
        #expect(view.markdown == "# A cooking club\n\nFriends cook on Fridays.\n\n## Who is it for?\n\nColleagues.\n")
    }

    @Test func theDayChartDrawsEachMacroAgainstItsTarget() {
        let entry = DiaryEntry(
            id: 1, day: "2026-12-01", meal: .lunch, name: "Egg", mention: "2 eggs", quantity: 2, unit: .piece, grams: 100,
            nutrition: NutritionFacts(kcal: 143, protein: 12.6, carbs: 0.7, fat: 9.5), source: .usda, recordID: "01123",
            isEstimate: false)
        let view = FoodDayView(day: "2026-12-01", entries: [FoodEntryView(entry)], targets: .standard)
        let svg = MacroChart.day(view)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>"))
        for label in ["Energy", "Protein", "Carbs", "Fat", "143/2000 kcal", "13/75 g", "10/70 g"] {
            #expect(svg.contains(label), "\(label)")
        }
        #expect(svg.components(separatedBy: "class=\"bar\"").count - 1 == 4)
        #expect(!svg.contains("<script"))
    }

    @Test func theWeekChartHasOneBarPerDayAndEscapesText() {
        let days = (1...7).map { FoodWeekDayView(day: "2026-11-0\($0)", totals: NutritionFacts(kcal: Double($0) * 300, protein: 0, carbs: 0, fat: 0), targets: .standard) }
        let svg = MacroChart.week(days, targetKcal: 2000)
        #expect(svg.components(separatedBy: "class=\"bar\"").count - 1 == 7)
        #expect(svg.contains(">2100<"))
        #expect(MacroChart.escape("<b>&\"") == "&lt;b&gt;&amp;&quot;")
    }
}
