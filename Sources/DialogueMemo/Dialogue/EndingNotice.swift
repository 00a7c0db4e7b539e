/// The one line shown (or spoken) when the exchange ends by itself, saying why, before the
/// person may add one more thing and review the note. Fixed, reviewed strings: the model never
/// writes them.
public enum EndingNotice {
    /// Why the exchange ended, in one line; `nil` when the person ended it (an ending phrase,
    /// declining, an empty answer, a cancel), because they already know why.
    /// - Parameters:
    ///   - reason: Why the exchange finished.
    ///   - kind: The kind of note, which names the angles that were covered.
    ///   - maximumQuestions: The question limit, named when it was reached.
    ///   - language: The interface language.
    public static func line(
        for reason: FinishReason, kind: NoteKind, maximumQuestions: Int = DialogueLimits.standard.maximumQuestions,
        language: MemoLanguage
    ) -> String? {
        switch reason {
        case .ready, .noUnaskedAngle: coveredAngles(kind: kind, language: language)
        case .questionLimit: lastQuestion(maximumQuestions, language: language)
        case .transcriptCap: transcriptCap(language: language)
        case .explicitEnding, .declinedToRecord, .endedByPerson, .emptyIdea, .cancelled: nil
        }
    }

    private static func coveredAngles(kind: NoteKind, language: MemoLanguage) -> String {
        switch (language, kind) {
        case (.english, .productIdea): "That covers the angles for a product idea."
        case (.english, .reflection): "That covers the angles for a reflection."
        case (.english, .meeting): "That covers the angles for a meeting note."
        case (.english, .other): "That covers the main angles."
        case (.japanese, .productIdea): "製品アイデアに必要な観点はこれでそろいました。"
        case (.japanese, .reflection): "振り返りに必要な観点はこれでそろいました。"
        case (.japanese, .meeting): "会議メモに必要な観点はこれでそろいました。"
        case (.japanese, .other): "主な観点はこれでそろいました。"
        case (.spanish, .productIdea): "Con esto quedan cubiertos los aspectos de una idea de producto."
        case (.spanish, .reflection): "Con esto quedan cubiertos los aspectos de una reflexión."
        case (.spanish, .meeting): "Con esto quedan cubiertos los aspectos de una nota de reunión."
        case (.spanish, .other): "Con esto quedan cubiertos los aspectos principales."
        case (.french, .productIdea): "Cela couvre les points d'une idée de produit."
        case (.french, .reflection): "Cela couvre les points d'une réflexion."
        case (.french, .meeting): "Cela couvre les points d'une note de réunion."
        case (.french, .other): "Cela couvre les points principaux."
        case (.german, .productIdea): "Damit sind die Punkte für eine Produktidee abgedeckt."
        case (.german, .reflection): "Damit sind die Punkte für eine Reflexion abgedeckt."
        case (.german, .meeting): "Damit sind die Punkte für eine Besprechungsnotiz abgedeckt."
        case (.german, .other): "Damit sind die wichtigsten Punkte abgedeckt."
        }
    }

    private static func lastQuestion(_ limit: Int, language: MemoLanguage) -> String {
        switch language {
        case .english: "That was the last question (\(limit) at most)."
        case .japanese: "質問はここまでです（最大\(limit)問）。"
        case .spanish: "Esa fue la última pregunta (\(limit) como máximo)."
        case .french: "C'était la dernière question (\(limit) au maximum)."
        case .german: "Das war die letzte Frage (höchstens \(limit))."
        }
    }

    private static func transcriptCap(language: MemoLanguage) -> String {
        switch language {
        case .english: "That is as much as the model reads at once; all your words are kept."
        case .japanese: "モデルが一度に読める長さに達しました。言葉はすべて残ります。"
        case .spanish: "Es todo lo que el modelo lee de una vez; se conservan todas sus palabras."
        case .french: "C'est tout ce que le modèle lit d'un coup\u{00A0}; tous vos mots sont conservés."
        case .german: "Mehr liest das Modell auf einmal nicht; alle deine Worte bleiben erhalten."
        }
    }
}
