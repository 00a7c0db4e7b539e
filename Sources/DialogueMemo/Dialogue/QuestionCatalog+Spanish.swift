extension QuestionCatalog {
    /// Reviewed Spanish questions, consistently in the "usted" form.
    static func spanish(_ choice: QuestionChoice) -> String? {
        switch choice {
        case .audience: "¿Para quién es?"
        case .ideaDetails: "¿Podría describir la idea con un poco más de detalle?"
        case .useCase: "¿En qué situación se usaría?"
        case .problem: "¿Qué problema resuelve?"
        case .reason: "¿Por qué es importante para usted?"
        case .example: "¿Podría dar un ejemplo?"
        case .obstacle: "¿Qué obstáculos podría encontrar?"
        case .preparation: "¿Qué necesita preparar?"
        case .takeaway: "¿Qué conclusión principal saca de esto?"
        case .validation: "¿Cómo podría ponerlo a prueba primero?"
        case .keyPoint: "¿Cuál es el punto más importante?"
        case .impression: "¿Qué impresión le dejó?"
        case .decision: "¿Qué se decidió?"
        case .meetingFocus: "¿En qué debería centrarse la reunión?"
        case .purpose: "¿Cuál es el objetivo?"
        case .nextStep: "¿Cuál es el siguiente paso?"
        case .startingPoint: "¿Por dónde va a empezar?"
        case .moreDetails: "¿Podría contarme un poco más?"
        case .ready, .stop: nil
        }
    }
}
