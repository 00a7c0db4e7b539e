/// Where a quick log is: analyzing → review → logging → done, or failed (the text is kept).
public enum QuickLogStep: Sendable, Equatable, CustomStringConvertible {
    /// Nothing has happened yet.
    case idle
    /// Parsing and resolving.
    case analyzing
    /// The user is reviewing the items.
    case review
    /// Writing the confirmed items.
    case logging
    /// Written; how many entries.
    case done(count: Int)
    /// Something went wrong; the message, with the text and items kept.
    case failed(String)

    public var description: String {
        switch self {
        case .idle: "idle"
        case .analyzing: "analyzing"
        case .review: "in review"
        case .logging: "logging"
        case .done(let count): "done (\(count) logged)"
        case .failed(let message): "failed (\(message))"
        }
    }
}

/// One row of the review: a resolved item and whether the user keeps it.
public struct ReviewItem: Sendable, Equatable, Identifiable {
    /// Stable within a review.
    public let id: Int
    /// The item with its match, grams and nutrition.
    public var item: ResolvedFoodItem
}

/// The review before saving, as a state machine. Nothing reaches the diary until
/// ``beginLogging()`` hands over the confirmed entries; edits are only allowed in review.
public struct QuickLogReview: Sendable, Equatable {
    /// The person's text, kept whatever happens.
    public let text: String
    /// The current step.
    public private(set) var step: QuickLogStep = .idle
    /// The items in review.
    public private(set) var items: [ReviewItem] = []
    /// The meal the entries go to.
    public var meal: MealKind
    /// The day the entries go to.
    public var day: DiaryDay
    /// How the text was read (model or rules, and why), once analyzed.
    public var parseSource: ParseSource?
    private var nextID = 1

    /// Starts a review for a text.
    public init(text: String, meal: MealKind, day: DiaryDay) {
        self.text = text
        self.meal = meal
        self.day = day
    }

    private func require(_ allowed: Bool, _ action: String) throws(QuickLogError) {
        if !allowed { throw .invalidStep(action: action, step: step.description) }
    }

    /// idle or failed → analyzing.
    public mutating func startAnalyzing() throws(QuickLogError) {
        switch step {
        case .idle, .failed: step = .analyzing
        default: throw .invalidStep(action: "analyze", step: step.description)
        }
    }

    /// analyzing → review, with the resolved items.
    public mutating func present(_ resolved: [ResolvedFoodItem]) throws(QuickLogError) {
        try require(step == .analyzing, "present items")
        items = []
        for item in resolved { append(item) }
        step = .review
    }

    private mutating func append(_ item: ResolvedFoodItem) {
        items.append(ReviewItem(id: nextID, item: item))
        nextID += 1
    }

    private func index(of id: Int) throws(QuickLogError) -> Int {
        guard let index = items.firstIndex(where: { $0.id == id }) else { throw .unknownItem(id) }
        return index
    }

    /// Changes an item's amount and unit; grams and nutrition follow from its match.
    public mutating func editAmount(_ id: Int, quantity: Double?, unit: FoodUnit) throws(QuickLogError) {
        try require(step == .review, "edit an amount")
        if let quantity, !(quantity > 0 && quantity < 100_000) { throw .invalidValue("amount \(quantity)") }
        let index = try index(of: id)
        var parsed = items[index].item.parsed
        parsed.quantity = quantity
        parsed.unit = unit
        if let match = items[index].item.match {
            items[index].item = .resolving(parsed, with: match)
        } else {
            items[index].item.parsed = parsed
        }
    }

    /// Picks another food for an item, keeping its amount.
    public mutating func chooseMatch(_ id: Int, _ match: FoodMatch) throws(QuickLogError) {
        try require(step == .review, "choose a match")
        let index = try index(of: id)
        items[index].item = .resolving(items[index].item.parsed, with: match)
    }

    /// Removes an item.
    public mutating func remove(_ id: Int) throws(QuickLogError) {
        try require(step == .review, "remove an item")
        items.remove(at: try index(of: id))
    }

    /// Adds an item the parse missed.
    public mutating func add(_ item: ResolvedFoodItem) throws(QuickLogError) {
        try require(step == .review, "add an item")
        append(item)
    }

    /// The entries that would be written: every matched item (unmatched ones are left out).
    public var confirmedEntries: [DiaryEntry] { items.compactMap { DiaryEntry($0.item, day: day, meal: meal) } }

    /// Items still unmatched (they will not be written).
    public var unmatchedItems: [ReviewItem] { items.filter { !$0.item.isLoggable } }

    /// review → logging; returns what to write.
    public mutating func beginLogging() throws(QuickLogError) -> [DiaryEntry] {
        try require(step == .review, "log")
        step = .logging
        return confirmedEntries
    }

    /// logging → done.
    public mutating func finish(count: Int) throws(QuickLogError) {
        try require(step == .logging, "finish")
        step = .done(count: count)
    }

    /// Any step → failed; the text and items are kept so the user can try again.
    public mutating func fail(_ message: String) {
        step = .failed(message)
    }

    /// failed → review, when there are items to go back to.
    public mutating func returnToReview() throws(QuickLogError) {
        guard case .failed = step, !items.isEmpty else {
            throw .invalidStep(action: "return to review", step: step.description)
        }
        step = .review
    }
}
