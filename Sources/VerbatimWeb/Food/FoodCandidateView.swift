public import QuickLog

/// Another food the database has for an item's words.
public struct FoodCandidateView: Codable, Sendable, Equatable {
    /// The record's ID (pass it back to choose it).
    public var recordID: String
    /// Its name.
    public var name: String
    /// Its source in words.
    public var source: String
    /// Energy per 100 g.
    public var kcalPer100g: Double

    /// The view of a match.
    public init(_ match: FoodMatch) {
        recordID = match.recordID
        name = match.name
        source = FoodItemView.sourceName(match)
        kcalPer100g = FoodNumbers.round1(match.per100g.kcal)
    }
}
