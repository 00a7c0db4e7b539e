/// Order statistics for benchmark figures.
public enum Statistics {
    /// The 50th percentile (see ``percentile(_:_:)``).
    public static func median(_ values: [Double]) -> Double { percentile(values, 50) }

    /// The value at rank `round(p / 100 × (n − 1))` of the sorted values (nearest rank); NaN for none.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
