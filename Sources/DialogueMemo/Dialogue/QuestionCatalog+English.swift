extension QuestionCatalog {
    /// Reviewed English questions; also the fallback for other languages.
    static func english(_ choice: QuestionChoice) -> String? {
        switch choice {
        case .audience: "Who is this for?"
        case .ideaDetails: "Could you describe the idea in a little more detail?"
        case .useCase: "In what situation would someone use it?"
        case .problem: "What problem does it solve?"
        case .reason: "Why does this matter to you?"
        case .example: "Could you give an example?"
        case .obstacle: "What might get in the way?"
        case .preparation: "What do you need to prepare?"
        case .takeaway: "What is your main takeaway?"
        case .validation: "How could you test it first?"
        case .keyPoint: "What is the most important point?"
        case .impression: "What was your impression?"
        case .decision: "What was decided?"
        case .meetingFocus: "What should the meeting focus on?"
        case .purpose: "What is the goal?"
        case .nextStep: "What is the next step?"
        case .startingPoint: "Where will you start?"
        case .moreDetails: "Could you tell me a bit more?"
        case .ready, .stop: nil
        }
    }
}
