import DialogueMemo
import Testing

@Suite struct ChoiceRulesTests {
    private func context(_ idea: String, _ answers: [(QuestionChoice, String)] = []) -> DialogueContext {
        DialogueContext(
            turns: [DialogueTurn(intent: nil, answer: idea)] + answers.map { DialogueTurn(intent: $0.0, answer: $0.1) })
    }

    @Test(arguments: [
        "That's all.", "OK, let's stop here.", "C'est tout.", "Das war's.", "Eso es todo.", "以上です。",
        "that’s all", "Arrêtons-nous là.", "ich bin fertig", "stop",
    ])
    func explicitEndingsFinishWhateverTheModelPicked(_ answer: String) {
        let decision = ChoiceRules.decide(
            modelPick: .problem, in: context("A new app for runners.", [(.audience, answer)]))
        #expect(decision.choice == .ready)
        #expect(decision.reasons == [.explicitEnding])
        #expect(decision.modelPick == .problem)
    }

    @Test(arguments: [
        "I don't want to record this.", "記録したくないです。", "No quiero grabar esto.",
        "Je ne veux pas enregistrer ça.", "Bitte nicht speichern.",
    ])
    func decliningToRecordEndsTheExchange(_ answer: String) {
        let decision = ChoiceRules.decide(modelPick: .example, in: context("Notes from today.", [(.impression, answer)]))
        #expect(decision.choice == .stop)
        #expect(decision.reasons == [.declinedToRecord])
    }

    @Test(arguments: [
        "An app for students: they don't save money because it feels abstract.",
        "教室の案です。近くの教室は月謝が三千円以上です。", "参加者は十人以上。",
    ])
    func phrasesThatOnlyLookLikeAnEndingOrADeclineDoNotFinish(_ answer: String) {
        #expect(ChoiceRules.decisionBeforeModel(in: context(answer)) == nil)
        #expect(ChoiceRules.decisionBeforeModel(in: context("A new app for runners.", [(.problem, answer)])) == nil)
    }

    @Test(arguments: ["特に問題はありません。以上です。", "以上", "Please don't save this.", "Do not save it."])
    func endingsAndDeclinesSaidAsTheirOwnSentenceStillFinish(_ answer: String) {
        let decision = ChoiceRules.decisionBeforeModel(in: context("A new app for runners.", [(.problem, answer)]))
        #expect(decision?.choice.finishesExchange == true)
    }

    @Test(arguments: [
        ("I don't know yet.", "A new app for runners."),
        ("まだ決めていない。", "新しいアプリのアイデアです。"),
        ("Todavía no lo sé.", "Una idea de aplicación para corredores."),
        ("Pas encore décidé.", "Une idée d'application pour les coureurs."),
        ("Noch nicht entschieden.", "Eine Idee für eine App für Läufer."),
    ])
    func undecidedDetailsAreContentAndNotAskedAgain(_ answer: String, _ idea: String) {
        let ctx = context(idea, [(.validation, answer)])
        #expect(ctx.undecidedIntents == [.validation])
        let decision = ChoiceRules.decide(modelPick: .validation, in: ctx)
        #expect(decision.choice != .validation)
        #expect(!decision.choice.finishesExchange)
        #expect(decision.reasons.first == .undecidedNotAskedAgain)
        // "More details" right after "not decided" would ask the same thing again.
        #expect(ChoiceRules.decide(modelPick: .moreDetails, in: ctx).choice != .moreDetails)
        // The undecided answer is not mistaken for an ending.
        #expect(ChoiceRules.decisionBeforeModel(in: ctx) == nil)
    }

    @Test(arguments: [
        "I want to write down how today's run went.", "今日のランニングの振り返りです。",
        "Hoy aprendí algo en la carrera.", "Aujourd'hui j'ai appris à courir lentement.",
        "Heute habe ich beim Laufen etwas gelernt.",
    ])
    func audienceOnlyFollowsAProductIdea(_ idea: String) {
        let decision = ChoiceRules.decide(modelPick: .audience, in: context(idea))
        #expect(decision.choice != .audience)
        #expect(decision.reasons.first == .audienceNeedsProductIdea)
    }

    @Test(arguments: [
        "A new app that plans meals.", "献立を考えるアプリのアイデアです。", "Una aplicación que planifica comidas.",
        "Une application qui planifie les repas.", "Eine App, die Mahlzeiten plant.",
    ])
    func audienceIsKeptForAProductIdea(_ idea: String) {
        let ctx = context(idea)
        #expect(ctx.kind == .productIdea)
        #expect(ChoiceRules.decide(modelPick: .audience, in: ctx).choice == .audience)
    }

    @Test(arguments: [
        ("Thoughts about my garden.", "Prep for the team meeting on Monday."),
        ("庭についての考えです。", "月曜日の会議の準備です。"),
        ("Ideas sobre mi jardín.", "Preparar la reunión del lunes."),
        ("Des idées pour mon jardin.", "Préparer la réunion de lundi."),
        ("Gedanken zu meinem Garten.", "Vorbereitung für die Besprechung am Montag."),
    ])
    func decisionsAndAgendaOnlyFollowAMeeting(_ withoutMeeting: String, _ withMeeting: String) {
        for pick in [QuestionChoice.decision, .meetingFocus] {
            let rejected = ChoiceRules.decide(modelPick: pick, in: context(withoutMeeting))
            #expect(rejected.choice != pick)
            #expect(rejected.reasons.first == .needsMeetingMention)
            let kept = ChoiceRules.decide(modelPick: pick, in: context(withMeeting))
            #expect(kept.choice == pick)
            #expect(kept.reasons == [.keptModelChoice])
        }
    }

    @Test func anAskedQuestionIsReplacedByAnUnaskedAngle() {
        let ctx = context("A new app for busy cooks.", [(.problem, "Cooking takes too long.")])
        let decision = ChoiceRules.decide(modelPick: .problem, in: ctx)
        #expect(decision.choice == .reason)
        #expect(decision.reasons == [.alreadyAsked, .replacedByUnaskedAngle])
    }

    @Test func theExchangeFinishesWhenNoUnaskedAngleRemains() {
        let ctx = context(
            "A new app for busy cooks.",
            [(.problem, "Cooking is slow."), (.reason, "I care."), (.validation, "Ask ten friends.")])
        let decision = ChoiceRules.decide(modelPick: .problem, in: ctx)
        #expect(decision.choice == .ready)
        #expect(decision.reasons == [.alreadyAsked, .noUnaskedAngle])
    }

    @Test func rulesAloneAskTheHintedAnglesInOrder() {
        #expect(ChoiceRules.decide(modelPick: nil, in: context("A new app for busy cooks.")).choice == .problem)
        #expect(ChoiceRules.decide(modelPick: nil, in: context("Notes on the meeting.")).choice == .decision)
        #expect(ChoiceRules.decide(modelPick: nil, in: context("今日の散歩で気づいたこと。")).choice == .impression)
        #expect(ChoiceRules.decide(modelPick: nil, in: context("Birds.")).choice == .moreDetails)
        #expect(ChoiceRules.decide(modelPick: nil, in: context("Birds.")).reasons == [.noModelChoice])
    }

    @Test(arguments: [
        ("Prep for tomorrow's meeting with the client.", "Notes from this morning's meeting."),
        ("来週の会議の準備です。", "昨日の会議のメモです。"),
        ("Tengo que preparar la reunión del jueves.", "Notas de la reunión de esta mañana."),
        ("Je prépare la réunion de demain.", "Compte rendu de la réunion de ce matin."),
        ("Ich muss die Besprechung vorbereiten.", "Notizen von der Besprechung heute Morgen."),
    ])
    func upcomingMeetingsAskForTheFocusAndPastOnesForDecisions(_ upcoming: String, _ past: String) {
        #expect(ChoiceRules.decide(modelPick: nil, in: context(upcoming)).choice == .meetingFocus)
        #expect(ChoiceRules.decide(modelPick: nil, in: context(past)).choice == .decision)
    }

    @Test func finishingBeforeAnyQuestionIsTooEarly() {
        let decision = ChoiceRules.decide(modelPick: .stop, in: context("A new app for busy cooks."))
        #expect(decision.choice == .problem)
        #expect(decision.reasons.first == .tooEarlyToFinish)
        let later = ChoiceRules.decide(
            modelPick: .stop, in: context("A new app for busy cooks.", [(.problem, "Cooking is slow.")]))
        #expect(later.choice == .ready)
        #expect(later.reasons == [.stopNeedsRequest])
    }

    @Test func theQuestionLimitFinishes() {
        let answers: [(QuestionChoice, String)] = [
            (.problem, "a"), (.reason, "b"), (.validation, "c"), (.example, "d"), (.obstacle, "e"), (.purpose, "f"),
        ]
        let decision = ChoiceRules.decide(modelPick: .useCase, in: context("A new app.", answers))
        #expect(decision.choice == .ready)
        #expect(decision.reasons == [.questionLimit])
    }

    @Test func keywordsInsideOtherWordsDoNotCount() {
        // "app" inside "happy" is not a product idea; "stop" inside a sentence is not an ending.
        #expect(context("I am happy with the garden.").kind != .productIdea)
        #expect(ChoiceRules.decisionBeforeModel(in: context("Birds.", [(.example, "The bus stop was busy.")])) == nil)
    }

    @Test func hintsSkipAnglesTheWordsAlreadyCover() {
        let ctx = context("A new app for cooks, because cooking is a problem.")
        #expect(AngleHints.unaskedAngles(for: .productIdea, texts: ctx.texts, asked: []) == [.validation])
    }
}
