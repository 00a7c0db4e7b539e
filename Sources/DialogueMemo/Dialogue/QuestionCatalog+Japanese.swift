extension QuestionCatalog {
    /// Reviewed Japanese questions, in polite です/ます form.
    static func japanese(_ choice: QuestionChoice) -> String? {
        switch choice {
        case .audience: "誰に向けたものですか？"
        case .ideaDetails: "アイデアについて、もう少し詳しく教えていただけますか？"
        case .useCase: "どんな場面で使われますか？"
        case .problem: "どんな問題を解決しますか？"
        case .reason: "なぜそれが大切なのですか？"
        case .example: "具体的な例はありますか？"
        case .obstacle: "どんなことが障害になりそうですか？"
        case .preparation: "何を準備する必要がありますか？"
        case .takeaway: "いちばんの学びは何でしたか？"
        case .validation: "まず、どのように試してみますか？"
        case .keyPoint: "いちばん大事な点は何ですか？"
        case .impression: "どのように感じましたか？"
        case .decision: "何が決まりましたか？"
        case .meetingFocus: "会議では何を中心に話し合いますか？"
        case .purpose: "目的は何ですか？"
        case .nextStep: "次に何をしますか？"
        case .startingPoint: "何から始めますか？"
        case .moreDetails: "もう少し詳しく教えていただけますか？"
        case .ready, .stop: nil
        }
    }
}
