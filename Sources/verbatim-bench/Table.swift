/// Fixed-width table rows for benchmark output.
enum Table {
    static func row(_ cells: [String]) -> String {
        "   " + cells.map { $0.count >= 16 ? $0 + " " : $0 + String(repeating: " ", count: 16 - $0.count) }.joined()
    }

    static func number(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return digits == 0 ? String(Int(rounded)) : String(rounded)
    }
}
