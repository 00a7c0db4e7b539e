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

extension QuestionCatalog {
    /// The fixed closing prompt after the exchange ended by itself: one more thing may be added
    /// before the review (an empty answer goes straight to the review).
    public static func closing(language: MemoLanguage) -> String {
        switch language {
        case .japanese: "ほかに付け加えることはありますか？"
        case .english: "Anything else to add?"
        case .spanish: "¿Algo más que añadir?"
        case .french: "Autre chose à ajouter\u{00A0}?"
        case .german: "Noch etwas hinzuzufügen?"
        }
    }

    /// Shown after ``closing(language:)`` when answers are typed (not spoken): how to skip it.
    public static func closingHint(language: MemoLanguage) -> String {
        switch language {
        case .japanese: "（Enter で確認へ）"
        case .english: "(Enter goes to the review)"
        case .spanish: "(Intro para revisar)"
        case .french: "(Entrée pour relire)"
        case .german: "(Enter zum Prüfen)"
        }
    }

    /// The label of the block that holds the answer to ``closing(language:)`` in the note.
    public static func additionLabel(language: MemoLanguage) -> String {
        switch language {
        case .japanese: "その他"
        case .english: "Anything else"
        case .spanish: "Algo más"
        case .french: "Autre chose"
        case .german: "Außerdem"
        }
    }
}
