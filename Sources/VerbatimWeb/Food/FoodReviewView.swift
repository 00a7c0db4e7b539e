public import QuickLog

/// A review as the page shows it: its rows, where they go, its step and the total.
public struct FoodReviewView: Codable, Sendable, Equatable {
    /// The review's ID for later requests.
    public var id: String
    /// The person's text.
    public var text: String
    /// The meal the entries go to.
    public var meal: String
    /// The day the entries go to.
    public var day: String
    /// `in review`, `done (N logged)`, …
    public var step: String
    /// Entries written, once saved.
    public var saved: Int?
    /// How the text was read.
    public var parsedBy: String?
    /// The rows.
    public var items: [FoodItemView]
    /// The total of what would be written.
    public var total: FoodTotalsView
    /// The units an amount may be given in.
    public var units: [String]

    /// The view of a review.
    public init(id: String, review: QuickLogReview) {
        self.id = id
        text = review.text
        meal = review.meal.rawValue
        day = review.day.text
        step = review.step.description
        if case .done(let count) = review.step { saved = count }
        parsedBy = review.parseSource?.explanation
        items = review.items.map(FoodItemView.init)
        total = FoodTotalsView(review.confirmedEntries.reduce(NutritionFacts.zero) { $0 + $1.nutrition })
        units = FoodUnit.allCases.map(\.rawValue)
    }
}
