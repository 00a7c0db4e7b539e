/// What happened to a note after the review, in reviewed words for each interface language.
public enum ReviewMessage: Sendable, Equatable {
    /// The person accepted and the note was saved under this ID.
    case saved(id: String)
    /// The person discarded the note.
    case discarded
    /// Input ended at the review prompt: nothing was accepted, so nothing was saved.
    case notSaved
    /// The run was stopped (SIGTERM, SIGHUP) before an accept: the words were kept as a draft here.
    case keptAsDraft(path: String)
    /// The first Ctrl-C stopped the dialogue: the note is made from the words so far.
    case interrupted

    /// The message in an interface language.
    public func text(language: MemoLanguage) -> String {
        switch (self, language) {
        case (.saved(let id), .english): "Saved \(id)"
        case (.saved(let id), .japanese): "保存しました: \(id)"
        case (.saved(let id), .spanish): "Guardada: \(id)"
        case (.saved(let id), .french): "Enregistrée\u{00A0}: \(id)"
        case (.saved(let id), .german): "Gespeichert: \(id)"
        case (.discarded, .english): "Discarded."
        case (.discarded, .japanese): "破棄しました。"
        case (.discarded, .spanish): "Descartada."
        case (.discarded, .french): "Supprimée."
        case (.discarded, .german): "Verworfen."
        case (.notSaved, .english): "Not saved: nothing was accepted."
        case (.notSaved, .japanese): "保存していません（a が入力されませんでした）。"
        case (.notSaved, .spanish): "No se ha guardado: no se aceptó nada."
        case (.notSaved, .french): "Non enregistrée\u{00A0}: rien n'a été accepté."
        case (.notSaved, .german): "Nicht gespeichert: nichts wurde angenommen."
        case (.keptAsDraft(let path), .english): "Stopped; your words are kept as a draft: \(path)"
        case (.keptAsDraft(let path), .japanese): "中断しました。言葉は下書きとして残しました: \(path)"
        case (.keptAsDraft(let path), .spanish): "Interrumpido; sus palabras se guardan como borrador: \(path)"
        case (.keptAsDraft(let path), .french): "Interrompu\u{00A0}; vos mots sont gardés comme brouillon\u{00A0}: \(path)"
        case (.keptAsDraft(let path), .german): "Abgebrochen; deine Worte bleiben als Entwurf erhalten: \(path)"
        case (.interrupted, .english): "Interrupted: finishing with the words so far (Ctrl-C again to quit)."
        case (.interrupted, .japanese): "中断しました。ここまでの言葉でメモを作ります（もう一度 Ctrl-C で終了）。"
        case (.interrupted, .spanish): "Interrumpido: se termina con las palabras dichas hasta ahora (Ctrl-C otra vez para salir)."
        case (.interrupted, .french): "Interrompu\u{00A0}: la note est faite des mots dits jusqu'ici (Ctrl-C de nouveau pour quitter)."
        case (.interrupted, .german): "Unterbrochen: die Notiz entsteht aus den bisherigen Worten (noch einmal Ctrl-C zum Beenden)."
        }
    }
}
