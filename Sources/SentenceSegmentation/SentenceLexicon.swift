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
    /// Whether ordinal numbers are written "3." before nouns that start with a capital (German).
    var ordinalsBeforeNouns = false

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

    /// The lexicon with more abbreviations that never end a sentence.
    func adding(nonFinal more: [String]) -> SentenceLexicon {
        var copy = self
        copy.nonFinal.formUnion(more)
        return copy
    }

    /// The lexicon for a language code such as `en` or `de`; other languages get the shared lists.
    static func forLanguage(_ language: String) -> SentenceLexicon {
        switch language {
        case "en": english
        case "de": germanWithOrdinals
        case "es": spanish.adding(nonFinal: international)
        case "fr": french.adding(nonFinal: international)
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
        "str", "tab", "seite", "par", "para", "no", "mio", "mrd", "max",
        "min", "cap", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "okt",
        "nov", "dec", "dez", "ene", "abr", "ago", "dic", "janv", "févr", "avr", "juil", "déc", "mär",
        "mon", "tue", "wed", "thu", "fri", "sat", "sun", "lun", "mié", "jue", "vie", "sáb", "dom",
        "párr", "párrf", "lib", "tít", "ap", "inc", "núms", "fol", "cl", "kl", "ext", "cra", "cll",
    ]

    /// English titles that show up in names in any language ("Mt. Kisco", "Mr. Smith").
    private static let international = ["mr", "mrs", "ms", "mt", "prof", "dr", "e.g", "i.e", "vs"]

    private static let germanWithOrdinals: SentenceLexicon = {
        var lexicon = german.adding(nonFinal: international)
        lexicon.ordinalsBeforeNouns = true
        return lexicon
    }()

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
            "mr", "mrs", "ms", "mx", "dr", "prof", "mt", "rev", "hon", "gen", "capt", "lt", "sgt",
            "gov", "sen", "rep", "pres", "messrs", "vs", "v", "e.g", "i.e", "cf", "approx", "viz",
        ],
        finalCapable: [
            "co", "corp", "inc", "ltd", "llc", "plc", "jr", "sr", "etc", "esq", "bros", "rd", "ave",
            "blvd", "mfg", "intl", "st", "dept", "col", "ft", "jan", "feb", "mar", "apr", "jun", "jul",
            "aug", "sep", "sept", "oct", "nov", "dec",
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
            "profa", "ud", "uds", "vd", "vds", "dña", "pág", "págs", "núm", "av", "avda", "aprox",
            "ej", "gral", "gob", "mons", "sto", "sta", "fdo", "atte", "p.ej", "e.g", "i.e", "cf", "vs",
            "pza", "dpto", "depto", "cra", "cll", "kra", "ext",
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
            "mm", "mme", "mmes", "mlle", "mlles", "dr", "pr", "me", "mgr", "st", "ste", "env", "cf",
            "av", "bd", "réf", "tél", "p.ex", "e.g", "i.e", "vs", "janv", "févr", "avr", "juil",
            "boul", "fg", "gén", "lt", "cdt", "cne",
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
            "hr", "hrn", "frl", "dr", "prof", "nr", "str", "bzw", "ca", "vgl", "ggf", "evtl", "bspw",
            "inkl", "exkl", "zzgl", "sog", "dipl", "ing", "jh", "jhd", "st", "gem", "geb", "gest",
            "allg", "bes", "z.b", "u.a", "d.h", "o.ä", "i.d.r", "z.t", "u.u", "v.a", "s.o", "s.u",
            "ggü", "lt", "insb", "zt", "usf", "hl", "bzgl", "zb", "dt", "engl", "frz", "med", "phil",
            "rer", "nat", "jur", "dent", "vet", "habil", "kath", "ev", "evang", "röm", "luth", "verh",
            "gesch", "hrsg", "jr", "sen", "jun",
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
