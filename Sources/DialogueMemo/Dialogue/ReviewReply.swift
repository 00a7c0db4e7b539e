import Foundation

/// The person's answer at the review prompt. Only the choices the prompt shows count: anything
/// else (an answer typed one step too late, "ok", "yes please") is no choice, and the prompt asks
/// again, so nothing is saved without an explicit accept.
public enum ReviewReply: String, CaseIterable, Codable, Sendable {
    case accept, edit, discard

    /// The reply for a typed line, or `nil` when it is none of the choices. Accepted: the key
    /// letter (`a`, `e`, `d`) or the choice's whole word in any of the five languages, ignoring
    /// case and surrounding white space.
    public init?(_ line: String) {
        let word = line.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let reply = Self.allCases.first(where: { $0.words.contains(word) }) else { return nil }
        self = reply
    }

    /// The key letter the prompt shows.
    public var key: String {
        switch self {
        case .accept: "a"
        case .edit: "e"
        case .discard: "d"
        }
    }

    private var words: Set<String> {
        switch self {
        case .accept: ["a", "accept", "保存", "aceptar", "accepter", "speichern"]
        case .edit: ["e", "edit", "編集", "editar", "modifier", "bearbeiten"]
        case .discard: ["d", "discard", "破棄", "descartar", "supprimer", "verwerfen"]
        }
    }

    /// The review prompt (with a trailing space; the reply follows on the same line).
    public static func prompt(language: MemoLanguage) -> String {
        switch language {
        case .english: "[a]ccept, [e]dit or [d]iscard? "
        case .japanese: "[a] 保存・[e] 編集・[d] 破棄？ "
        case .spanish: "¿[a]ceptar, [e]ditar o [d]escartar? "
        case .french: "Accepter [a], modifier [e] ou supprimer [d]\u{00A0}? "
        case .german: "Speichern [a], bearbeiten [e] oder verwerfen [d]? "
        }
    }

    /// Shown when a reply is none of the choices, before the prompt is shown again.
    public static func reminder(language: MemoLanguage) -> String {
        switch language {
        case .english: "Please type a (accept), e (edit) or d (discard); nothing is saved until you accept."
        case .japanese: "a（保存）、e（編集）、d（破棄）のどれかを入力してください。a を入力するまで保存しません。"
        case .spanish: "Escriba a (aceptar), e (editar) o d (descartar); no se guarda nada hasta que acepte."
        case .french: "Tapez a (accepter), e (modifier) ou d (supprimer)\u{00A0}; rien n'est enregistré avant votre accord."
        case .german: "Gib a (speichern), e (bearbeiten) oder d (verwerfen) ein; gespeichert wird erst nach a."
        }
    }
}
