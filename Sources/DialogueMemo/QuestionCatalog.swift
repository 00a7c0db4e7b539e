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
