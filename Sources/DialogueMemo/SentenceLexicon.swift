/// The word lists the sentence rules consult, per language: abbreviations, words that often start
/// a sentence, month names and the like. Every entry is lowercased and has no final period.
struct SentenceLexicon: Sendable {
    /// Abbreviations that are not expected to end a sentence (titles, "e.g.", "p.").
    var nonFinal: Set<String>
    /// Abbreviations that may end a sentence ("etc.", "Co.", "Jr.").
    var finalCapable: Set<String>
    /// Abbreviations that stand before a number ("p. 55", "No. 5", "Nr. 3").
    var beforeNumber: Set<String>
    /// Capitalized words that commonly start a sentence; after an ambiguous abbreviation they tip
    /// the decision towards a sentence end.
    var starters: Set<String>
    /// Month names: a number with a period before one of them is an ordinal date ("12. Juni").
    var months: Set<String>
    /// Words after which a number with a period is an ordinal ("am 3. Tag", "der 2. Platz").
    var ordinalCues: Set<String>
    /// Names that contain an exclamation mark ("Yahoo!").
    var exclamationNames: Set<String>

    /// Creates a lexicon from word lists; duplicates are allowed.
    init(
        nonFinal: [String], finalCapable: [String], beforeNumber: [String], starters: [String],
        months: [String], ordinalCues: [String], exclamationNames: [String]
    ) {
        self.nonFinal = Set(nonFinal)
        self.finalCapable = Set(finalCapable)
        self.beforeNumber = Set(beforeNumber)
        self.starters = Set(starters)
        self.months = Set(months)
        self.ordinalCues = Set(ordinalCues)
        self.exclamationNames = Set(exclamationNames)
    }

    /// The lexicon for a language code such as `en` or `de`; other languages get the shared lists.
    static func forLanguage(_ language: String) -> SentenceLexicon {
        switch language {
        case "en": english
        case "de": german
        case "es": spanish
        case "fr": french
        default: shared
        }
    }

    private static let allMonths: [String] = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
        "januar", "jänner", "februar", "märz", "mai", "juni", "juli", "oktober", "dezember",
        "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
        "setiembre", "octubre", "noviembre", "diciembre",
        "janvier", "février", "mars", "avril", "juin", "juillet", "août", "septembre", "octobre",
        "novembre", "décembre",
    ]

    private static let sharedBeforeNumber: [String] = [
        "p", "pp", "no", "nos", "nr", "n°", "nº", "vol", "vols", "ch", "chap", "fig", "figs", "art",
        "sec", "s", "bd", "abs", "kap", "pág", "págs", "núm", "tel", "ca", "approx", "ed", "op",
    ]

    private static let sharedNames: [String] = ["yahoo", "jeopardy", "joomla", "yum", "wham"]

    private static let shared = SentenceLexicon(
        nonFinal: ["e.g", "i.e", "cf", "vs", "dr", "prof"],
        finalCapable: ["etc"],
        beforeNumber: sharedBeforeNumber,
        starters: [],
        months: allMonths,
        ordinalCues: [],
        exclamationNames: sharedNames)

    private static let english = SentenceLexicon(
        nonFinal: [
            "mr", "mrs", "ms", "mx", "dr", "prof", "st", "mt", "ft", "rev", "hon", "gen", "col", "capt",
            "lt", "sgt", "gov", "sen", "rep", "pres", "messrs", "vs", "v", "e.g", "i.e", "cf", "approx",
            "dept", "fig", "figs", "no", "nos", "p", "pp", "vol", "vols", "ch", "chap", "sec", "art",
            "ed", "eds", "est", "ca", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept",
            "oct", "nov", "dec", "mon", "tue", "wed", "thu", "fri", "sat", "sun", "op", "al",
        ],
        finalCapable: [
            "co", "corp", "inc", "ltd", "llc", "plc", "jr", "sr", "etc", "esq", "bros", "rd", "ave",
            "blvd", "mfg", "intl",
        ],
        beforeNumber: sharedBeforeNumber,
        starters: [
            "i", "we", "you", "he", "she", "it", "they", "the", "this", "that", "these", "those",
            "there", "here", "how", "what", "when", "where", "why", "who", "which", "whose", "but",
            "and", "so", "then", "if", "a", "an", "my", "our", "your", "his", "her", "its", "their",
            "mr", "mrs", "ms", "dr", "let", "let's", "please", "did", "do", "does", "is", "are", "was",
            "were", "can", "could", "will", "would", "should", "have", "has", "had", "yes", "no", "not",
            "however", "also", "after", "before", "today", "yesterday", "tomorrow", "now", "in", "on",
            "at", "for", "as", "once", "some", "many", "most", "all", "each", "every", "thank",
            "thanks", "i'm", "i've", "i'll", "it's", "that's", "there's", "he's", "she's", "we're",
            "they're", "you're", "don't", "didn't", "maybe", "still", "since", "while", "although",
        ],
        months: allMonths,
        ordinalCues: [],
        exclamationNames: sharedNames)

    private static let spanish = SentenceLexicon(
        nonFinal: [
            "sr", "sra", "srta", "sres", "sras", "dr", "dra", "lic", "licda", "ing", "arq", "prof",
            "profa", "ud", "uds", "vd", "vds", "d", "dña", "pág", "págs", "núm", "no", "tel", "av",
            "avda", "aprox", "art", "cap", "vol", "ej", "gral", "gob", "mons", "sto", "sta", "fdo",
            "atte", "p.ej", "e.g", "i.e", "cf", "vs", "ene", "feb", "mar", "abr", "jun", "jul", "ago",
            "sept", "oct", "nov", "dic", "pza", "dpto", "depto",
        ],
        finalCapable: ["etc", "cía", "ltda", "hnos", "s.a", "s.l"],
        beforeNumber: sharedBeforeNumber,
        starters: [
            "el", "la", "los", "las", "un", "una", "unos", "unas", "yo", "tú", "él", "ella", "nosotros",
            "vosotros", "ellos", "ellas", "usted", "ustedes", "es", "está", "son", "hay", "pero", "y",
            "o", "si", "no", "sí", "cuando", "donde", "como", "qué", "cómo", "cuándo", "dónde", "por",
            "para", "en", "este", "esta", "esto", "ese", "esa", "eso", "mi", "su", "nuestro", "hola",
            "buenos", "buenas", "gracias", "también", "luego", "después", "entonces", "se", "me", "le",
            "lo", "espero", "muy",
        ],
        months: allMonths,
        ordinalCues: [],
        exclamationNames: sharedNames)

    private static let french = SentenceLexicon(
        nonFinal: [
            "m", "mm", "mme", "mmes", "mlle", "mlles", "dr", "pr", "me", "mgr", "st", "ste", "p", "pp",
            "n°", "no", "vol", "chap", "art", "env", "cf", "ex", "av", "bd", "réf", "tél", "fig", "éd",
            "p.ex", "e.g", "i.e", "vs", "janv", "févr", "avr", "juil", "sept", "oct", "nov", "déc",
            "boul", "fg", "gén", "lt", "col", "cdt", "cne",
        ],
        finalCapable: ["etc", "cie", "ltd", "inc", "sa", "sarl"],
        beforeNumber: sharedBeforeNumber,
        starters: [
            "je", "j'ai", "tu", "il", "elle", "on", "nous", "vous", "ils", "elles", "le", "la", "les",
            "un", "une", "des", "du", "ce", "cette", "ces", "c'est", "mais", "et", "ou", "donc", "puis",
            "alors", "si", "quand", "comment", "pourquoi", "où", "qui", "que", "quel", "quelle", "en",
            "dans", "pour", "par", "sur", "après", "avant", "aujourd'hui", "mon", "ma", "mes", "son",
            "sa", "ses", "notre", "votre", "leur", "bonjour", "merci", "oui", "non", "il y a",
        ],
        months: allMonths,
        ordinalCues: [],
        exclamationNames: sharedNames)

    private static let german = SentenceLexicon(
        nonFinal: [
            "hr", "hrn", "fr", "frl", "dr", "prof", "nr", "str", "bzw", "ca", "vgl", "ggf", "evtl",
            "bspw", "inkl", "exkl", "zzgl", "sog", "u", "z", "b", "d", "h", "s", "o", "ä", "dipl",
            "ing", "jh", "jhd", "mio", "mrd", "tel", "abs", "art", "bd", "kap", "st", "gem", "geb",
            "gest", "allg", "bes", "z.b", "u.a", "d.h", "o.ä", "i.d.r", "z.t", "u.u", "v.a", "s.o",
            "s.u", "e.v", "jan", "feb", "mär", "apr", "jun", "jul", "aug", "sep", "sept", "okt", "nov",
            "dez", "ggü", "lt", "max", "min", "mind", "insb", "zt", "usf",
        ],
        finalCapable: ["usw", "etc", "co", "ag", "gmbh", "e.v", "u.ä"],
        beforeNumber: sharedBeforeNumber,
        starters: [
            "ich", "du", "er", "sie", "es", "wir", "ihr", "der", "die", "das", "den", "dem", "des",
            "ein", "eine", "einen", "aber", "und", "oder", "dann", "wenn", "als", "wie", "was", "wer",
            "wo", "warum", "wann", "dies", "diese", "dieser", "dieses", "mein", "meine", "sein",
            "seine", "unser", "heute", "morgen", "gestern", "danke", "ja", "nein", "nicht", "auch",
            "so", "da", "hier", "dort", "im", "in", "am", "auf", "mit", "nach", "vor",
        ],
        months: allMonths,
        ordinalCues: [
            "am", "vom", "zum", "im", "bis", "ab", "seit", "der", "die", "das", "den", "dem", "des",
            "ein", "eine", "einem", "einen", "einer", "jeden", "jedem", "jeder", "zur", "beim", "ihr",
            "ihre", "sein", "seine", "sein", "ihrem", "seinem", "unser", "unsere", "zu", "bis", "für",
            "nach", "vor", "um",
        ],
        exclamationNames: sharedNames)
}
