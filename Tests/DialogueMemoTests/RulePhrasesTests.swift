import Testing
@testable import DialogueMemo

/// The tense rules behind meeting angles, with sentences written for these tests.
@Suite struct RulePhrasesTests {
    @Test func tomorrowIsAheadButTheMorningIsNot() {
        #expect(RulePhrases.mentionsSomethingAhead("Mañana presento el presupuesto al equipo."))
        #expect(RulePhrases.mentionsSomethingAhead("Pasado mañana toca revisar los números."))
        #expect(!RulePhrases.mentionsSomethingAhead("Esta mañana revisamos los números con Lucía."))
        #expect(!RulePhrases.mentionsSomethingAhead("Hablamos por la mañana sobre el presupuesto."))
        #expect(RulePhrases.mentionsSomethingAhead("Morgen stellen wir den Plan vor."))
        #expect(!RulePhrases.mentionsSomethingAhead("Heute Morgen haben wir den Plan besprochen."))
        #expect(!RulePhrases.mentionsSomethingAhead("Am Morgen war das Team noch unsicher."))
    }

    @Test func futureTensesAreAhead() {
        #expect(RulePhrases.mentionsSomethingAhead("Vamos a revisar el contrato con el proveedor."))
        #expect(RulePhrases.mentionsSomethingAhead("Tendremos una llamada con la agencia el jueves."))
        #expect(RulePhrases.mentionsSomethingAhead("Nous allons présenter la maquette lundi."))
        #expect(RulePhrases.mentionsSomethingAhead("Wir werden das Budget am Freitag klären."))
        #expect(RulePhrases.mentionsSomethingAhead("We'll walk the client through the mockups."))
        #expect(!RulePhrases.mentionsSomethingAhead("Revisamos el contrato y firmamos."))
    }

    @Test func anUpcomingMeetingAsksForFocusAPastOneForDecisions() {
        let ahead = AngleHints.angles(for: .meeting, texts: ["Mañana nos vemos con el equipo de ventas."])
        #expect(ahead.first == .meetingFocus)
        let past = AngleHints.angles(for: .meeting, texts: ["Esta mañana nos vimos con el equipo de ventas."])
        #expect(past.first == .decision)
    }
}
