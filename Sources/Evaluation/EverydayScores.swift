import Foundation
public import QuickLog

/// Scoring how everyday meal sentences are split into foods and resolved (`everyday`), overall
/// and per style.
///
/// A food is *separated* when exactly one item's mention (or piece read as no food) holds its head
/// and that mention holds no other food's head; *resolved* when, besides, the item resolves to a
/// record whose name holds one of its `accept` words (spaces aside: "hot dog" accepts "hotdog"). A
/// sentence is right when every food is resolved and no extra item appears. Where a food's
/// plausible grams are labelled, a resolved food's *portion is plausible* when the item's grams
/// fall in that range.
public struct EverydayScores: Sendable {
    /// Counts over some sentences.
    public struct Tally: Sendable, Equatable {
        /// Sentences scored.
        public var sentences = 0
        /// Sentences with every food resolved and no extra item.
        public var rightSentences = 0
        /// Labelled foods.
        public var foods = 0
        /// Foods that came out as an item of their own.
        public var separated = 0
        /// Separated foods resolved to an acceptable record.
        public var resolved = 0
        /// Items and pieces that are no labelled food.
        public var extraItems = 0
        /// Resolved foods with labelled plausible grams.
        public var weighed = 0
        /// Of those, the foods whose item's grams are in the labelled range.
        public var plausiblyWeighed = 0

        /// Creates a tally.
        public init(
            sentences: Int = 0, rightSentences: Int = 0, foods: Int = 0, separated: Int = 0, resolved: Int = 0, extraItems: Int = 0,
            weighed: Int = 0, plausiblyWeighed: Int = 0
        ) {
            self.sentences = sentences
            self.rightSentences = rightSentences
            self.foods = foods
            self.separated = separated
            self.resolved = resolved
            self.extraItems = extraItems
            self.weighed = weighed
            self.plausiblyWeighed = plausiblyWeighed
        }

        /// Adds another tally's counts.
        public mutating func add(_ other: Self) {
            sentences += other.sentences
            rightSentences += other.rightSentences
            foods += other.foods
            separated += other.separated
            resolved += other.resolved
            extraItems += other.extraItems
            weighed += other.weighed
            plausiblyWeighed += other.plausiblyWeighed
        }
    }

    /// The counts over all sentences.
    public private(set) var overall = Tally()
    /// The counts by style.
    public private(set) var styles: [String: Tally] = [:]
    /// Parse and resolve time per sentence, in seconds.
    public private(set) var seconds: [Double] = []
    /// Parses by source (rules, model, …).
    public private(set) var sources: [String: Int] = [:]
    /// Resolved foods whose grams fell outside their labelled range, with those grams, in order.
    public private(set) var implausibleWeights: [(food: EverydaySentence.Food, grams: Double)] = []

    /// Creates empty scores.
    public init() {}

    /// A name lower-cased without spaces, so an accepted word matches however a record spaces it
    /// ("hot dog" in "Fast foods, hotdog, plain").
    static func closedUp(_ name: String) -> String { name.lowercased().filter { $0 != " " } }

    /// Adds a sentence with its parse and the parse's items resolved.
    /// - Returns: whether it came out right.
    @discardableResult
    public mutating func add(_ sentence: EverydaySentence, parse: FoodParse, resolved: [ResolvedFoodItem], seconds: Double) -> Bool {
        self.seconds.append(seconds)
        sources[parse.source.rawValue, default: 0] += 1
        let mentions = resolved.map { $0.parsed.mention.lowercased() } + parse.unaccounted.map { $0.lowercased() }
        var tally = Tally(sentences: 1, foods: sentence.foods.count)
        var used = Set<Int>()
        for food in sentence.foods {
            let holding = mentions.indices.filter { mentions[$0].contains(food.head.lowercased()) }
            guard holding.count == 1, let index = holding.first else { continue }
            let others = sentence.foods.filter { $0.head != food.head && !food.head.contains($0.head.lowercased()) }
            guard !others.contains(where: { mentions[index].contains($0.head.lowercased()) }) else { continue }
            tally.separated += 1
            used.insert(index)
            guard index < resolved.count, resolved[index].isLoggable,
                let match = resolved[index].match.map({ Self.closedUp($0.name) }), food.accept.contains(where: { match.contains(Self.closedUp($0)) })
            else { continue }
            tally.resolved += 1
            if let plausible = food.isPlausible(grams: resolved[index].grams) {
                tally.weighed += 1
                if plausible { tally.plausiblyWeighed += 1 } else { implausibleWeights.append((food, resolved[index].grams)) }
            }
        }
        tally.extraItems = mentions.indices.filter { !used.contains($0) }.count
        tally.rightSentences = tally.resolved == tally.foods && tally.extraItems == 0 ? 1 : 0
        overall.add(tally)
        styles[sentence.style, default: Tally()].add(tally)
        return tally.rightSentences == 1
    }

    /// One line overall and one per style, the time per sentence and the parse sources.
    public func report() -> String {
        func percent(_ n: Int, _ d: Int) -> String { String(format: "%5.1f %%", d == 0 ? 0 : 100 * Double(n) / Double(d)) }
        func line(_ label: String, _ t: Tally) -> String {
            "\(label.padding(toLength: 10, withPad: " ", startingAt: 0)) \(String(format: "%4d", t.sentences)) sentences  foods \(String(format: "%4d", t.foods))  separated \(percent(t.separated, t.foods))  resolved \(percent(t.resolved, t.foods))  sentences right \(percent(t.rightSentences, t.sentences))  extra items \(t.extraItems)"
        }
        let sorted = seconds.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let p90 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
        var lines = [line("all", overall)]
        lines += styles.keys.sorted().map { line($0, styles[$0]!) }
        if overall.weighed > 0 {
            lines.append("portions plausible \(percent(overall.plausiblyWeighed, overall.weighed)) of \(overall.weighed) resolved foods with labelled grams")
        }
        lines.append(String(format: "parse + resolve per sentence: median %.2f s, p90 %.2f s, max %.2f s", median, p90, sorted.last ?? 0))
        lines.append("parse sources: " + sources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
