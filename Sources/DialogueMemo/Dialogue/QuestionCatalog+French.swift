extension QuestionCatalog {
    /// Reviewed French questions, in the "vous" form, with a no-break space before "?".
    static func french(_ choice: QuestionChoice) -> String? {
        switch choice {
        case .audience: "À qui cela s’adresse-t-il\u{00A0}?"
        case .ideaDetails: "Pouvez-vous décrire l’idée un peu plus en détail\u{00A0}?"
        case .useCase: "Dans quelle situation l’utiliserait-on\u{00A0}?"
        case .problem: "Quel problème cela résout-il\u{00A0}?"
        case .reason: "Pourquoi est-ce important pour vous\u{00A0}?"
        case .example: "Pouvez-vous donner un exemple\u{00A0}?"
        case .obstacle: "Qu’est-ce qui pourrait faire obstacle\u{00A0}?"
        case .preparation: "Que devez-vous préparer\u{00A0}?"
        case .takeaway: "Qu’en retenez-vous surtout\u{00A0}?"
        case .validation: "Comment pourriez-vous le tester d’abord\u{00A0}?"
        case .keyPoint: "Quel est le point le plus important\u{00A0}?"
        case .impression: "Quelle impression cela vous a-t-il laissée\u{00A0}?"
        case .decision: "Qu’est-ce qui a été décidé\u{00A0}?"
        case .meetingFocus: "Sur quoi la réunion doit-elle porter\u{00A0}?"
        case .purpose: "Quel est l’objectif\u{00A0}?"
        case .nextStep: "Quelle est la prochaine étape\u{00A0}?"
        case .startingPoint: "Par où allez-vous commencer\u{00A0}?"
        case .moreDetails: "Pouvez-vous m’en dire un peu plus\u{00A0}?"
        case .ready, .stop: nil
        }
    }
}
