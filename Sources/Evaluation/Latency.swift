import Foundation

/// Summaries of latencies in milliseconds for evaluation reports.
public enum Latency {
    /// `mean M ms, median D ms, p95 P ms (n=N)`, or `no decisions` for no values. The median is
    /// the upper middle value; p95 the value at rank ⌈0.95 n⌉.
    public static func summary(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "no decisions" }
        let sorted = values.sorted()
        let mean = values.reduce(0, +) / Double(values.count)
        let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
        return String(format: "mean %.1f ms, median %.1f ms, p95 %.1f ms (n=%d)", mean, sorted[sorted.count / 2], p95, values.count)
    }
}
