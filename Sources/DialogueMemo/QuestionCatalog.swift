/// Maps a ``QuestionChoice`` to the fixed, reviewed question the person hears or reads.
///
/// The model never writes these words. `ready` and `stop` have no question (`nil`): the exchange
/// is finished.
public enum QuestionCatalog {
    /// The question for an intent in an interface language.
    /// - Parameters:
    ///   - choice: The intent.
    ///   - language: The interface language.
    /// - Returns: One short question, or `nil` for `ready` and `stop`.
    public static func question(for choice: QuestionChoice, language: MemoLanguage) -> String? {
        switch language {
        case .japanese: japanese(choice)
        case .english: english(choice)
        case .spanish: spanish(choice)
        case .french: french(choice)
        case .german: german(choice)
        }
    }

    /// The question for an intent, for a language code; unknown languages fall back to English.
    public static func question(for choice: QuestionChoice, languageCode: String) -> String? {
        question(for: choice, language: MemoLanguage(code: languageCode))
    }
}

extension QuestionCatalog {
    /// The fixed opening prompt that asks for the idea.
    public static func opening(language: MemoLanguage) -> String {
        switch language {
        case .japanese: "何をメモしますか？"
        case .english: "What would you like to note?"
        case .spanish: "¿Qué quiere anotar?"
        case .french: "Que voulez-vous noter\u{00A0}?"
        case .german: "Was möchtest du notieren?"
        }
    }
}
