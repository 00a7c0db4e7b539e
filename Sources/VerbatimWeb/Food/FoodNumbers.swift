/// Rounding for what the pages show.
enum FoodNumbers {
    /// One decimal.
    static func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
