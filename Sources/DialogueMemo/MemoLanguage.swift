public import Foundation

/// The interface languages Dialogue Memo ships reviewed strings for; anything else uses English.
public enum MemoLanguage: String, CaseIterable, Codable, Sendable {
    case japanese = "ja", english = "en", spanish = "es", french = "fr", german = "de"

    /// The language for a code or locale identifier (`ja`, `ja_JP.UTF-8`, `de-CH`); English when
    /// the language is not one of the five.
    public init(code: String) {
        let prefix = code.lowercased().prefix { $0.isLetter && $0.isASCII }
        self = MemoLanguage(rawValue: String(prefix)) ?? .english
    }

    /// The interface language from the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
    public static func fromEnvironment(_ environment: [String: String]) -> MemoLanguage {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty, value != "C", value != "POSIX",
                !value.hasPrefix("C.")
            {
                return MemoLanguage(code: value)
            }
        }
        return .english
    }

    /// The locale handed to `supportsLocale`.
    public var locale: Locale { Locale(identifier: rawValue) }

    /// The title of a note whose first sentence cannot serve as one.
    public var genericTitle: String {
        switch self {
        case .japanese: "メモ"
        case .english: "Memo"
        case .spanish: "Nota"
        case .french: "Note"
        case .german: "Notiz"
        }
    }
}
