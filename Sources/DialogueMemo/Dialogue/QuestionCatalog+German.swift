extension QuestionCatalog {
    /// Reviewed German questions, consistently in the "du" form.
    static func german(_ choice: QuestionChoice) -> String? {
        switch choice {
        case .audience: "Für wen ist das gedacht?"
        case .ideaDetails: "Kannst du die Idee etwas genauer beschreiben?"
        case .useCase: "In welcher Situation würde man das nutzen?"
        case .problem: "Welches Problem löst das?"
        case .reason: "Warum ist dir das wichtig?"
        case .example: "Hast du ein Beispiel?"
        case .obstacle: "Was könnte dir im Weg stehen?"
        case .preparation: "Was musst du vorbereiten?"
        case .takeaway: "Was nimmst du vor allem daraus mit?"
        case .validation: "Wie könntest du das zuerst testen?"
        case .keyPoint: "Was ist der wichtigste Punkt?"
        case .impression: "Wie hat es sich für dich angefühlt?"
        case .decision: "Was wurde entschieden?"
        case .meetingFocus: "Worauf soll sich das Meeting konzentrieren?"
        case .purpose: "Was ist das Ziel?"
        case .nextStep: "Was ist der nächste Schritt?"
        case .startingPoint: "Womit fängst du an?"
        case .moreDetails: "Kannst du mir etwas mehr darüber erzählen?"
        case .ready, .stop: nil
        }
    }
}
