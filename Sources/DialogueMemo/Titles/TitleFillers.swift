/// Words a title chosen from the person's idea may not start or end on, per language: a span that
/// begins with "and", "um" or "I think", or stops on "the", "of" or "my", is a fragment of speech,
/// not a title. Small on purpose: the lists catch the fragments a model picks most, and a span
/// they reject only costs the dated title.
enum TitleFillers {
    /// Phrases a title may not start with (lowercased; for Japanese, text the span may not begin
    /// with).
    static func leading(_ language: MemoLanguage) -> [String] {
        switch language {
        case .english:
            [
                "and", "but", "or", "so", "because", "um", "uh", "er", "erm", "hmm", "like", "well", "okay", "ok",
                "anyway", "basically", "actually", "then", "which", "that", "of", "also", "i think", "i guess",
                "i mean", "you know", "i was thinking", "kind of", "sort of", "i want to", "i'd like to",
                "i would like to", "there should be", "there is", "there are", "if", "when", "where",
            ]
        case .german:
            [
                "und", "aber", "oder", "also", "äh", "ähm", "hm", "naja", "na ja", "halt", "eben", "weil", "dass",
                "denn", "sozusagen", "okay", "ok", "ich glaube", "ich denke", "ich meine", "irgendwie",
            ]
        case .spanish:
            [
                "y", "pero", "o", "pues", "bueno", "eh", "este", "o sea", "porque", "que", "entonces", "vale",
                "es que", "creo que", "me parece que", "pienso que",
            ]
        case .french:
            [
                "et", "mais", "ou", "donc", "alors", "euh", "bon", "ben", "bref", "que", "qui", "du coup", "en fait",
                "parce que", "je pense que", "je crois que", "genre",
            ]
        case .japanese:
            ["えーと", "えっと", "えー", "あのー", "あの", "まあ", "なんか", "それで", "でも", "だから", "そして", "つまり", "ええと"]
        }
    }

    /// Words a title may not end on (lowercased; for Japanese, text the span may not end with).
    static func trailing(_ language: MemoLanguage) -> Set<String> {
        switch language {
        case .english:
            [
                "a", "an", "the", "and", "or", "but", "so", "of", "to", "for", "with", "in", "on", "at", "by", "from",
                "about", "into", "that", "which", "who", "is", "are", "was", "were", "be", "been", "my", "your", "our",
                "their", "his", "her", "its", "this", "these", "those", "i", "we", "um", "uh", "er", "like", "because",
                "if", "than", "as", "very", "really", "just", "can", "could", "would", "should", "will", "have",
                "has", "had", "do", "does", "did", "i'm", "it's", "there", "where", "when", "first", "behind", "under",
                "over", "after", "before", "between", "through", "without", "during", "until", "around", "how",
                "what", "why", "more", "most", "some", "any", "each", "every", "other", "another", "not", "all",
                "also", "then", "too", "much", "many", "own",
            ]
        case .german:
            [
                "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "und", "oder",
                "aber", "mit", "für", "von", "zu", "zum", "zur", "in", "im", "an", "am", "auf", "bei", "aus", "nach",
                "über", "dass", "weil", "ist", "sind", "war", "mein", "meine", "meinen", "unser", "unsere", "ich",
                "wir", "äh", "ähm", "sehr", "wenn", "als", "wie",
            ]
        case .spanish:
            [
                "el", "la", "los", "las", "un", "una", "unos", "unas", "y", "o", "pero", "de", "del", "a", "al",
                "en", "con", "para", "por", "que", "es", "son", "mi", "mis", "su", "sus", "nuestro", "nuestra", "se",
                "lo", "le", "eh", "muy", "como", "cuando", "si",
            ]
        case .french:
            [
                "le", "la", "les", "l", "un", "une", "des", "du", "de", "d", "et", "ou", "mais", "à", "au", "aux",
                "en", "pour", "par", "avec", "sur", "dans", "que", "qu", "qui", "est", "sont", "mon", "ma", "mes",
                "notre", "nos", "son", "sa", "ses", "je", "j", "on", "nous", "euh", "très", "quand", "si", "comme",
            ]
        case .japanese:
            ["けど", "けれど", "と思う", "と思います", "ですが", "って", "とか", "えーと", "えっと", "あの", "なんか", "ので", "から", "が", "を", "に", "は", "で", "と", "の", "へ", "も"]
        }
    }
}
