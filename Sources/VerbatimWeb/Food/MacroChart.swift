import Foundation

/// Server-rendered SVG charts: a day's energy and macros against the targets, and a week's energy.
/// Pure functions of the numbers; no script, so they pass the strict Content-Security-Policy.
public enum MacroChart {
    /// Bars for energy, protein, carbohydrate and fat, each as a share of its target, with the
    /// target marked at 100 %.
    public static func day(_ view: FoodDayView) -> String {
        let rows: [(String, Double, Double, String, String)] = [
            ("Energy", view.totals.kcal, view.targets.kcal, "kcal", "#d9822b"),
            ("Protein", view.totals.protein, view.targets.protein, "g", "#3b7dd8"),
            ("Carbs", view.totals.carbs, view.targets.carbs, "g", "#4caf50"),
            ("Fat", view.totals.fat, view.targets.fat, "g", "#c94f7c"),
        ]
        let width = 480.0, left = 80.0, barWidth = 300.0, rowHeight = 34.0
        var svg = header(width: width, height: rowHeight * Double(rows.count) + 16, title: "Macros for \(view.day)")
        for (index, row) in rows.enumerated() {
            let y = 8 + Double(index) * rowHeight
            let share = row.2 > 0 ? row.1 / row.2 : 0
            let filled = min(share, 1.5) / 1.5 * barWidth
            let target = barWidth / 1.5
            svg += "<text x=\"0\" y=\"\(f(y + 17))\" class=\"label\">\(row.0)</text>"
            svg += "<rect x=\"\(f(left))\" y=\"\(f(y))\" width=\"\(f(barWidth))\" height=\"22\" fill=\"#eee\"/>"
            svg += "<rect x=\"\(f(left))\" y=\"\(f(y))\" width=\"\(f(filled))\" height=\"22\" fill=\"\(row.4)\" class=\"bar\"/>"
            svg += "<line x1=\"\(f(left + target))\" y1=\"\(f(y - 2))\" x2=\"\(f(left + target))\" y2=\"\(f(y + 24))\" stroke=\"#333\" stroke-dasharray=\"3 2\"/>"
            svg += "<text x=\"\(f(left + barWidth + 6))\" y=\"\(f(y + 17))\" class=\"value\">\(n(row.1))/\(n(row.2)) \(row.3)</text>"
        }
        return svg + "</svg>"
    }

    /// One bar of energy per day, the target as a dashed line.
    public static func week(_ days: [FoodWeekDayView], targetKcal: Double) -> String {
        let width = 480.0, height = 180.0, bottom = 150.0, top = 10.0
        let peak = max(targetKcal * 1.25, days.map(\.totals.kcal).max() ?? 0, 1)
        let scale = (bottom - top) / peak
        let slot = width / Double(max(days.count, 1))
        var svg = header(width: width, height: height, title: "Energy per day")
        for (index, day) in days.enumerated() {
            let barHeight = day.totals.kcal * scale
            let x = Double(index) * slot + slot * 0.2
            svg += "<rect x=\"\(f(x))\" y=\"\(f(bottom - barHeight))\" width=\"\(f(slot * 0.6))\" height=\"\(f(barHeight))\" fill=\"#d9822b\" class=\"bar\"/>"
            svg += "<text x=\"\(f(x + slot * 0.3))\" y=\"\(f(bottom + 14))\" text-anchor=\"middle\" class=\"label\">\(escape(String(day.day.suffix(5))))</text>"
            svg += "<text x=\"\(f(x + slot * 0.3))\" y=\"\(f(bottom + 28))\" text-anchor=\"middle\" class=\"value\">\(n(day.totals.kcal))</text>"
        }
        let targetY = bottom - targetKcal * scale
        svg += "<line x1=\"0\" y1=\"\(f(targetY))\" x2=\"\(f(width))\" y2=\"\(f(targetY))\" stroke=\"#333\" stroke-dasharray=\"4 3\"/>"
        return svg + "</svg>"
    }

    private static func header(width: Double, height: Double, title: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(f(width))\" height=\"\(f(height))\" "
            + "viewBox=\"0 0 \(f(width)) \(f(height))\" font-family=\"sans-serif\" font-size=\"13\">"
            + "<title>\(escape(title))</title>"
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }
    private static func n(_ value: Double) -> String { String(Int(value.rounded())) }

    /// Escapes text for XML.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
