public import Foundation

/// The meal an entry belongs to.
public enum MealKind: String, Sendable, CaseIterable, Codable {
    /// Morning (4–11 h when the text does not say).
    case breakfast
    /// Midday (11–15 h).
    case lunch
    /// Evening (17–22 h).
    case dinner
    /// Anything else.
    case snack

    /// The meal named in the text ("for lunch"), else the one the time of day suggests.
    public static func infer(from text: String, at date: Date = Date(), calendar: Calendar = .current) -> MealKind {
        let words = Set(text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        if words.contains("breakfast") || words.contains("brunch") { return .breakfast }
        if words.contains("lunch") { return .lunch }
        if words.contains("dinner") || words.contains("supper") { return .dinner }
        if words.contains("snack") || words.contains("snacks") { return .snack }
        let hour = calendar.component(.hour, from: date)
        switch hour {
        case 4..<11: return .breakfast
        case 11..<15: return .lunch
        case 17..<22: return .dinner
        default: return .snack
        }
    }
}

/// A calendar day in the diary, written `YYYY-MM-DD` in local time.
public struct DiaryDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `YYYY-MM-DD`.
    public let text: String

    /// A day from `YYYY-MM-DD`, or `nil` when malformed.
    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day), Int(parts[0]) != nil
        else { return nil }
        self.text = text
    }

    /// The day containing a moment.
    public init(_ date: Date, calendar: Calendar = .current) {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        text = String(format: "%04d-%02d-%02d", c.year ?? 1970, c.month ?? 1, c.day ?? 1)
    }

    /// Today.
    public static var today: DiaryDay { DiaryDay(Date()) }

    public var description: String { text }
    public static func < (lhs: DiaryDay, rhs: DiaryDay) -> Bool { lhs.text < rhs.text }
}
