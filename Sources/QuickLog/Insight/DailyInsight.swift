/// A daily insight ready to show: every word written by code from the real numbers.
public struct DailyInsight: Sendable, Equatable {
    /// The kind chosen.
    public var kind: InsightKind
    /// An emoji for the card.
    public var emoji: String
    /// The title.
    public var title: String
    /// One or two sentences with the numbers.
    public var body: String

    /// Writes the insight for a kind in a language (`en`, `es`, `fr`, `de`, `ja`; others fall back to English).
    public init(kind: InsightKind, consumed: NutritionFacts, targets: DailyTargets, language: String = "en") {
        self.kind = kind
        let n = Numbers(consumed: consumed, targets: targets)
        emoji = Self.emoji[kind] ?? "🍽️"
        let text = (Self.catalogs[language] ?? Self.catalogs["en"]!)[kind]!
        title = text.title
        body = text.body(n)
    }

    struct Numbers: Sendable {
        let kcal, kcalTarget, protein, proteinTarget, fat, fatTarget, carbs, carbsTarget: Int
        init(consumed: NutritionFacts, targets: DailyTargets) {
            kcal = Int(consumed.kcal.rounded())
            kcalTarget = Int(targets.kcal.rounded())
            protein = Int(consumed.protein.rounded())
            proteinTarget = Int(targets.protein.rounded())
            fat = Int(consumed.fat.rounded())
            fatTarget = Int(targets.fat.rounded())
            carbs = Int(consumed.carbs.rounded())
            carbsTarget = Int(targets.carbs.rounded())
        }
        var kcalLeft: Int { max(0, kcalTarget - kcal) }
        var kcalOver: Int { max(0, kcal - kcalTarget) }
        var proteinLeft: Int { max(0, proteinTarget - protein) }
    }

    struct Text: Sendable {
        let title: String
        let body: @Sendable (Numbers) -> String
    }

    static let emoji: [InsightKind: String] = [
        .nothingLogged: "📝", .onTrack: "✅", .proteinLow: "🥚", .proteinMet: "💪", .overEnergy: "⚖️",
        .underEnergy: "🍽️", .fatHigh: "🧈", .carbsHigh: "🍞",
    ]

    static let catalogs: [String: [InsightKind: Text]] = [
        "en": [
            .nothingLogged: Text(title: "Nothing logged yet") { _ in "Log a meal to see how today adds up." },
            .onTrack: Text(title: "On track") { n in "\(n.kcal) of \(n.kcalTarget) kcal, with \(n.protein) g protein." },
            .proteinLow: Text(title: "Protein is low") { n in "\(n.protein) of \(n.proteinTarget) g protein so far: \(n.proteinLeft) g to go." },
            .proteinMet: Text(title: "Protein target met") { n in "\(n.protein) g protein against a target of \(n.proteinTarget) g." },
            .overEnergy: Text(title: "Over your energy target") { n in "\(n.kcal) kcal is \(n.kcalOver) over your \(n.kcalTarget) kcal target." },
            .underEnergy: Text(title: "Room left today") { n in "\(n.kcal) of \(n.kcalTarget) kcal: \(n.kcalLeft) kcal left." },
            .fatHigh: Text(title: "Fat is high") { n in "\(n.fat) g fat against a target of \(n.fatTarget) g." },
            .carbsHigh: Text(title: "Carbs are high") { n in "\(n.carbs) g carbohydrate against a target of \(n.carbsTarget) g." },
        ],
        "es": [
            .nothingLogged: Text(title: "Aún no hay registros") { _ in "Registra una comida para ver tu día." },
            .onTrack: Text(title: "Vas bien") { n in "\(n.kcal) de \(n.kcalTarget) kcal, con \(n.protein) g de proteína." },
            .proteinLow: Text(title: "Poca proteína") { n in "\(n.protein) de \(n.proteinTarget) g de proteína: faltan \(n.proteinLeft) g." },
            .proteinMet: Text(title: "Proteína cumplida") { n in "\(n.protein) g de proteína; objetivo \(n.proteinTarget) g." },
            .overEnergy: Text(title: "Por encima del objetivo") { n in "\(n.kcal) kcal: \(n.kcalOver) por encima de \(n.kcalTarget) kcal." },
            .underEnergy: Text(title: "Aún queda margen") { n in "\(n.kcal) de \(n.kcalTarget) kcal: quedan \(n.kcalLeft) kcal." },
            .fatHigh: Text(title: "Mucha grasa") { n in "\(n.fat) g de grasa; objetivo \(n.fatTarget) g." },
            .carbsHigh: Text(title: "Muchos carbohidratos") { n in "\(n.carbs) g de carbohidratos; objetivo \(n.carbsTarget) g." },
        ],
        "fr": [
            .nothingLogged: Text(title: "Rien de noté") { _ in "Notez un repas pour voir votre journée." },
            .onTrack: Text(title: "Dans les clous") { n in "\(n.kcal) sur \(n.kcalTarget) kcal, dont \(n.protein) g de protéines." },
            .proteinLow: Text(title: "Peu de protéines") { n in "\(n.protein) sur \(n.proteinTarget) g de protéines : encore \(n.proteinLeft) g." },
            .proteinMet: Text(title: "Objectif protéines atteint") { n in "\(n.protein) g de protéines pour un objectif de \(n.proteinTarget) g." },
            .overEnergy: Text(title: "Au-dessus de l’objectif") { n in "\(n.kcal) kcal, soit \(n.kcalOver) de plus que \(n.kcalTarget) kcal." },
            .underEnergy: Text(title: "De la marge") { n in "\(n.kcal) sur \(n.kcalTarget) kcal : il reste \(n.kcalLeft) kcal." },
            .fatHigh: Text(title: "Beaucoup de lipides") { n in "\(n.fat) g de lipides pour un objectif de \(n.fatTarget) g." },
            .carbsHigh: Text(title: "Beaucoup de glucides") { n in "\(n.carbs) g de glucides pour un objectif de \(n.carbsTarget) g." },
        ],
        "de": [
            .nothingLogged: Text(title: "Noch nichts eingetragen") { _ in "Trag eine Mahlzeit ein, um deinen Tag zu sehen." },
            .onTrack: Text(title: "Im Plan") { n in "\(n.kcal) von \(n.kcalTarget) kcal, dabei \(n.protein) g Eiweiß." },
            .proteinLow: Text(title: "Wenig Eiweiß") { n in "\(n.protein) von \(n.proteinTarget) g Eiweiß: noch \(n.proteinLeft) g." },
            .proteinMet: Text(title: "Eiweißziel erreicht") { n in "\(n.protein) g Eiweiß bei einem Ziel von \(n.proteinTarget) g." },
            .overEnergy: Text(title: "Über dem Energieziel") { n in "\(n.kcal) kcal, \(n.kcalOver) über deinem Ziel von \(n.kcalTarget) kcal." },
            .underEnergy: Text(title: "Noch Spielraum") { n in "\(n.kcal) von \(n.kcalTarget) kcal: \(n.kcalLeft) kcal übrig." },
            .fatHigh: Text(title: "Viel Fett") { n in "\(n.fat) g Fett bei einem Ziel von \(n.fatTarget) g." },
            .carbsHigh: Text(title: "Viele Kohlenhydrate") { n in "\(n.carbs) g Kohlenhydrate bei einem Ziel von \(n.carbsTarget) g." },
        ],
        "ja": [
            .nothingLogged: Text(title: "まだ記録がありません") { _ in "食事を記録すると今日の合計が見られます。" },
            .onTrack: Text(title: "順調です") { n in "\(n.kcalTarget) kcal中 \(n.kcal) kcal、たんぱく質 \(n.protein) g。" },
            .proteinLow: Text(title: "たんぱく質が不足") { n in "たんぱく質 \(n.protein) / \(n.proteinTarget) g。あと \(n.proteinLeft) g。" },
            .proteinMet: Text(title: "たんぱく質は目標達成") { n in "たんぱく質 \(n.protein) g(目標 \(n.proteinTarget) g)。" },
            .overEnergy: Text(title: "エネルギーが目標超過") { n in "\(n.kcal) kcal で目標 \(n.kcalTarget) kcal を \(n.kcalOver) kcal 超えています。" },
            .underEnergy: Text(title: "まだ余裕があります") { n in "\(n.kcal) / \(n.kcalTarget) kcal。残り \(n.kcalLeft) kcal。" },
            .fatHigh: Text(title: "脂質が多め") { n in "脂質 \(n.fat) g(目標 \(n.fatTarget) g)。" },
            .carbsHigh: Text(title: "炭水化物が多め") { n in "炭水化物 \(n.carbs) g(目標 \(n.carbsTarget) g)。" },
        ],
    ]
}
