public import Foundation

/// The title of a note whose first sentence cannot serve as one: a reviewed phrase for the kind
/// of note and the date, e.g. "Product idea — 1 Dec 2026", so a list of notes never turns into a
/// column of "Memo". Month names are written here, not taken from the system's locale data, so
/// every word is one we reviewed.
public enum NoteTitle {
    /// The dated title.
    /// - Parameters:
    ///   - kind: The kind of note, from keyword checks on the person's words.
    ///   - date: When the note was made.
    ///   - timeZone: The time zone whose calendar date is shown.
    ///   - language: The interface language.
    public static func dated(kind: NoteKind, date: Date, timeZone: TimeZone = .current, language: MemoLanguage)
        -> String
    {
        phrase(for: kind, language: language) + " — " + formatted(date, timeZone: timeZone, language: language)
    }

    /// The reviewed phrase for a kind of note; `other` uses the generic title.
    public static func phrase(for kind: NoteKind, language: MemoLanguage) -> String {
        switch (kind, language) {
        case (.productIdea, .english): "Product idea"
        case (.productIdea, .japanese): "製品アイデア"
        case (.productIdea, .spanish): "Idea de producto"
        case (.productIdea, .french): "Idée de produit"
        case (.productIdea, .german): "Produktidee"
        case (.reflection, .english): "Reflection"
        case (.reflection, .japanese): "振り返り"
        case (.reflection, .spanish): "Reflexión"
        case (.reflection, .french): "Réflexion"
        case (.reflection, .german): "Reflexion"
        case (.meeting, .english): "Meeting notes"
        case (.meeting, .japanese): "会議メモ"
        case (.meeting, .spanish): "Notas de reunión"
        case (.meeting, .french): "Notes de réunion"
        case (.meeting, .german): "Besprechungsnotizen"
        case (.other, _): language.genericTitle
        }
    }

    /// A calendar date the way each language writes it briefly: `1 Dec 2026`, `2026年12月1日`,
    /// `1 dic 2026`, `1 déc. 2026`, `1. Dez. 2026`.
    public static func formatted(_ date: Date, timeZone: TimeZone = .current, language: MemoLanguage) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let (year, month, day) = (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
        let name = monthNames(language)[min(max(month, 1), 12) - 1]
        switch language {
        case .japanese: return "\(year)年\(month)月\(day)日"
        case .german: return "\(day). \(name) \(year)"
        case .english, .spanish, .french: return "\(day) \(name) \(year)"
        }
    }

    private static func monthNames(_ language: MemoLanguage) -> [String] {
        switch language {
        case .english: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        case .japanese: (1...12).map { "\($0)月" }
        case .spanish: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"]
        case .french: ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
        case .german: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."]
        }
    }
}
