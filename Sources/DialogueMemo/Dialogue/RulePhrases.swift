/// The phrases ``ChoiceRules`` and ``AngleHints`` look for, in Japanese, English, Spanish, French
/// and German. Answers are checked against every language, because people answer in the language
/// they think in, not always the interface's.
enum RulePhrases {
    /// The person ends the exchange.
    static let ending = PhraseMatcher([
        // English
        "that's all", "that is all", "that's it", "that is it", "let's stop here", "let's stop", "stop here",
        "we can stop", "i'm done", "i am done", "we're done", "nothing else", "nothing more", "no more questions",
        "let's finish", "let's end here", "=stop", "=done", "=enough", "=finish", "=end", "=quit",
        // Japanese
        // "以上" after an amount means "or more" ("三千円以上です"): it ends only as its own sentence.
        "=以上です", "=以上", "。以上です", "。以上。", "、以上です", " 以上です",
        "これで終わり", "終わりです", "終わりにします", "ここまでです", "ここでやめ",
        "それだけです", "もう十分です", "もう大丈夫です", "=終わり", "=おわり",
        // Spanish
        "eso es todo", "=nada más", "nada más que añadir", "terminemos aquí", "paremos aquí", "lo dejamos aquí",
        "he terminado", "ya terminé", "=basta", "=fin",
        // French
        "c'est tout", "arrêtons-nous là", "arrêtons-nous ici", "arrêtons là", "on s'arrête là", "on s'arrête ici",
        "j'ai fini", "j'ai terminé", "rien d'autre", "ça suffit", "=stop", "=fin",
        // German
        "das war's", "das wars", "das war es", "das ist alles", "hören wir hier auf", "lass uns hier aufhören",
        "lass uns aufhören", "lassen wir es dabei", "ich bin fertig", "nichts weiter", "mehr nicht",
        "=genug", "=schluss", "=ende", "schluss jetzt",
    ])

    /// The person declines to have this recorded.
    static let declining = PhraseMatcher([
        // English
        "don't want to record", "do not want to record", "don't record", "do not record",
        // "Don't save" declines only with what is being said as its object ("they don't save money" does not).
        "don't save this", "don't save that", "don't save it", "do not save this", "do not save that",
        "do not save it", "don't write this down", "don't write that down", "don't note", "off the record",
        "i'd rather not record", "don't want this recorded", "don't want to save",
        // Japanese
        "記録したくない", "記録しないで", "記録しなくていい", "保存しないで", "保存したくない", "メモしないで", "残したくない",
        // Spanish
        "no quiero grabar", "no quiero guardar", "no quiero registrar", "no lo guardes", "no lo grabes",
        "no lo anotes", "no guardes", "no grabes", "prefiero no grabar",
        // French
        "je ne veux pas enregistrer", "je ne veux pas que ce soit enregistré", "ne l'enregistre pas",
        "ne l'enregistrez pas", "n'enregistrez pas", "n'enregistre pas", "ne pas enregistrer", "ne le notez pas",
        "je ne veux pas le noter",
        // German
        "nicht aufnehmen", "nicht aufzeichnen", "nicht speichern", "nicht notieren", "nicht festhalten",
        "will das nicht aufnehmen", "möchte das nicht aufnehmen",
    ])

    /// The person has not decided a detail yet; that is valid note content.
    static let undecided = PhraseMatcher([
        // English
        "don't know yet", "do not know yet", "not sure yet", "haven't decided", "have not decided",
        "not decided", "undecided", "still deciding", "to be decided", "=tbd", "no idea yet", "not yet decided",
        "i don't know", "not sure",
        // Japanese
        "まだ決めていない", "まだ決めてない", "まだ決めていません", "まだ決まっていない", "まだ決まってない",
        "まだ決まっていません", "まだわからない", "まだ分からない", "まだわかりません", "まだ分かりません", "未定",
        // Spanish
        "todavía no lo sé", "aún no lo sé", "todavía no sé", "aún no sé", "no lo sé todavía", "no sé todavía",
        "no lo he decidido", "no he decidido", "sin decidir", "por decidir", "no está decidido", "no lo sé",
        // French
        "pas encore décidé", "pas encore decidé", "je ne sais pas encore", "pas encore sûr", "pas encore sûre",
        "pas décidé", "à décider", "je n'ai pas encore décidé", "indécis", "je ne sais pas",
        // German
        "noch nicht entschieden", "weiß ich noch nicht", "weiss ich noch nicht", "ich weiß es noch nicht",
        "noch unklar", "noch offen", "unentschieden", "steht noch nicht fest", "noch nicht sicher", "weiß ich nicht",
    ])

    /// A meeting is mentioned.
    static let meeting = PhraseMatcher([
        "meeting*", "call with", "agenda", "standup", "stand-up", "sync with", "retro", "one-on-one", "1:1",
        "会議", "ミーティング", "打ち合わせ", "打合せ", "面談",
        "reunión", "reuniones", "junta", "orden del día",
        "réunion*", "ordre du jour", "rendez-vous",
        "meeting*", "besprechung*", "sitzung*", "tagesordnung", "termin mit",
    ])

    /// Something still ahead: preparing, tomorrow, next week, a future tense. ("mañana" and "Morgen"
    /// also mean "morning"; ``mentionsSomethingAhead(_:)`` tells them apart by the word before.)
    static let upcoming = PhraseMatcher([
        "prepare*", "prep for", "upcoming", "tomorrow", "next week", "next month", "later today", "will have",
        "we will", "we'll", "going to",
        "準備", "明日", "来週", "来月", "予定",
        "preparar*", "para mañana", "próxima semana", "próximo mes", "vamos a", "voy a", "van a", "tendremos",
        "tendré", "habrá", "va a haber",
        "préparer", "je prépare", "demain", "semaine prochaine", "prochaine réunion", "nous aurons", "on aura",
        "nous allons", "on va", "je vais",
        "vorbereit*", "übermorgen", "nächste woche", "nächsten woche", "steht an", "bevorstehend*", "wir werden",
        "werden wir", "ich werde",
    ])

    /// Whether the text speaks of something still ahead: an ``upcoming`` phrase, or "mañana" /
    /// "morgen" meaning tomorrow, which they do unless a word before makes them "the morning"
    /// ("esta mañana", "por la mañana", "heute Morgen", "am Morgen", "guten Morgen").
    static func mentionsSomethingAhead(_ text: String) -> Bool {
        if upcoming.matches(text) { return true }
        let words = PhraseMatcher.normalize(text).split(whereSeparator: { !$0.isLetter }).map(String.init)
        for (index, word) in words.enumerated() where word == "manana" || word == "morgen" {
            let before = index > 0 ? words[index - 1] : ""
            if !morningMarkers.contains(before) { return true }
        }
        return false
    }

    /// Words that make "mañana" and "Morgen" the morning rather than tomorrow.
    static let morningMarkers: Set<String> = [
        "la", "esta", "cada", "una", "toda", "de", "por", "manana",
        "am", "der", "den", "dem", "des", "jeden", "heute", "guten", "einen", "diesen", "frühen", "fruhen", "gestern",
    ]

    /// A product, app or service idea.
    static let productIdea = PhraseMatcher([
        "app", "apps", "product*", "idea*", "service", "startup", "customer*", "users", "feature", "business",
        "アプリ", "製品", "商品", "サービス", "アイデア", "アイディア", "事業", "お客",
        "aplicación", "producto*", "idea*", "servicio*", "clientes", "negocio*",
        "application*", "produit*", "idée*", "service*", "clients", "entreprise",
        "app", "produkt*", "idee*", "dienst*", "kunden", "geschäft*", "startup",
    ])

    /// A reflection on something that happened.
    static let reflection = PhraseMatcher([
        "today", "yesterday", "this week", "i felt", "i feel", "i learned", "i learnt", "i realized", "i realised",
        "i noticed", "reflect*",
        "今日", "昨日", "今週", "感じ", "学んだ", "気づ", "気付", "振り返",
        "hoy", "ayer", "esta semana", "sentí", "aprendí", "me di cuenta", "reflexi*",
        "aujourd'hui", "hier", "cette semaine", "j'ai appris", "j'ai ressenti", "je me suis senti*",
        "je me suis rendu compte", "j'ai remarqué",
        "heute", "gestern", "diese woche", "gelernt", "gefühlt", "gemerkt", "ich habe bemerkt",
    ])

    /// Angles the text already seems to cover, so a hint for them would be redundant.
    static let covered: [QuestionChoice: PhraseMatcher] = [
        .problem: PhraseMatcher([
            "problem*", "issue", "pain", "struggle*", "hard to", "difficult", "困って", "問題", "課題", "不便",
            "problema*", "difícil", "cuesta", "problème*", "difficile", "galère", "schwierig", "mühsam",
        ]),
        .reason: PhraseMatcher([
            "because", "since", "so that", "why", "から。", "からです", "ので", "ため", "porque", "ya que", "para que",
            "parce que", "car", "puisque", "weil", "damit", "denn",
        ]),
        .validation: PhraseMatcher([
            "test*", "try", "trial", "pilot", "prototype*", "survey", "試", "テスト", "検証", "probar", "prueba*",
            "piloto", "prototipo", "essayer", "tester", "essai", "prototype", "testen", "ausprobieren",
            "prototyp*", "umfrage",
        ]),
        .impression: PhraseMatcher([
            "felt", "feel", "impression", "surprised", "happy", "frustrat*", "感じ", "嬉し", "うれし", "驚", "印象",
            "sentí", "me sentí", "impresión", "sorpren*", "senti*", "ressenti", "impression", "surpris*",
            "gefühlt", "eindruck", "überrascht", "froh",
        ]),
        .example: PhraseMatcher([
            "for example", "for instance", "e.g.", "such as", "例えば", "たとえば", "por ejemplo", "como por",
            "par exemple", "comme", "zum beispiel", "z. b.", "z.b.", "etwa",
        ]),
        .takeaway: PhraseMatcher([
            "learned", "learnt", "lesson", "takeaway", "next time", "学んだ", "教訓", "次回", "aprendí",
            "lección", "la próxima vez", "j'ai appris", "leçon", "la prochaine fois", "gelernt", "lektion",
            "nächstes mal",
        ]),
        .decision: PhraseMatcher([
            "decided", "agreed", "we will", "決ま", "決め", "合意", "decidimos", "acordamos", "se decidió",
            "décidé", "convenu", "on va", "entschieden", "beschlossen", "vereinbart",
        ]),
        .meetingFocus: PhraseMatcher([
            "agenda", "focus on", "discuss", "議題", "話し合", "orden del día", "centrarnos", "hablar de",
            "ordre du jour", "discuter", "tagesordnung", "besprechen", "konzentrieren",
        ]),
        .nextStep: PhraseMatcher([
            "next step", "next, i", "then i will", "tomorrow", "next week", "次に", "明日", "来週",
            "siguiente paso", "mañana", "la próxima semana", "prochaine étape", "demain", "la semaine prochaine",
            "nächster schritt", "nächste schritt", "morgen", "nächste woche",
        ]),
        .moreDetails: PhraseMatcher([]),
    ]
}
