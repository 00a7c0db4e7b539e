import ArgumentParsing
import Foundation
import LanguageModels
import QuickLog

/// `everyday --data FILE.jsonl`: whether each food a person named comes out as an item of its own
/// and resolves to the right kind of database food, on labelled everyday sentences.
///
/// Each line: `{"text": …, "style": …, "foods": [{"mention": …, "head": …, "accept": [...]}]}`. A
/// food is *separated* when exactly one item's mention holds its head and that mention holds no
/// other food's head; *resolved* when, besides, the item resolves to a record whose name holds one
/// of its `accept` words. A sentence is right when every food is resolved and no extra item appears.
func everydayEvaluationCommand() -> Command {
    Command(
        name: "everyday", abstract: "Score how everyday meal sentences are split into foods and resolved.",
        options: [
            .value("data", "FILE.jsonl", help: "JSON lines with text and labelled foods (eval/food/everyday-dev.jsonl)."),
            .flag("rules-only", help: "Parse with the rules only (the default parses with the model, checked)."),
            .flag("verbose", help: "Print each sentence that is not right, with its items."),
        ],
        run: { arguments in
            guard let path = arguments.value("data") else { throw UsageError.missingValue(option: "data") }
            let database = try NutritionDatabase.installed()
            let parser = FoodParser(usesModel: !arguments.flag("rules-only"), database: database)
            let resolver = FoodResolver(database: database, estimator: nil)
            await parser.prewarm()
            var scores = EverydayScores()
            let clock = ContinuousClock()
            for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
                let sentence = try JSONDecoder().decode(EverydaySentence.self, from: Data(line.utf8))
                let start = clock.now
                let parse = await parser.parse(sentence.text)
                let resolved = await resolver.resolve(parse.items)
                let seconds = (clock.now - start) / .seconds(1)
                let right = scores.add(sentence, parse: parse, resolved: resolved, seconds: seconds)
                if arguments.flag("verbose"), !right {
                    print("✗ [\(sentence.style)] \(sentence.text)  (\(parse.source.rawValue))")
                    for item in resolved {
                        print("    \(item.parsed.mention) [\(item.parsed.readBy.rawValue)] → \(item.isLoggable ? item.match?.name ?? "?" : "unmatched")")
                    }
                    for piece in parse.unaccounted { print("    \(piece) → not food") }
                }
            }
            let name = !parser.usesModel ? "rules" : parser.modelIsAvailable ? "model (\(parser.model.catalogName ?? "file"))" : "rules (model unavailable)"
            print("parser: \(name)")
            print(scores.report())
            return 0
        })
}

/// One labelled sentence.
struct EverydaySentence: Decodable {
    struct Food: Decodable {
        var mention: String
        var head: String
        var accept: [String]
    }

    var text: String
    var style: String
    var foods: [Food]
}

/// Separated and resolved foods, overall and per style.
struct EverydayScores {
    struct Tally {
        var sentences = 0
        var rightSentences = 0
        var foods = 0
        var separated = 0
        var resolved = 0
        var extraItems = 0
    }

    var overall = Tally()
    var styles: [String: Tally] = [:]
    var seconds: [Double] = []
    var sources: [String: Int] = [:]

    /// Adds a sentence; returns whether it came out right.
    mutating func add(_ sentence: EverydaySentence, parse: FoodParse, resolved: [ResolvedFoodItem], seconds: Double) -> Bool {
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
                let match = resolved[index].match?.name.lowercased(), food.accept.contains(where: { match.contains($0) })
            else { continue }
            tally.resolved += 1
        }
        tally.extraItems = mentions.indices.filter { !used.contains($0) }.count
        tally.rightSentences = tally.resolved == tally.foods && tally.extraItems == 0 ? 1 : 0
        overall.add(tally)
        styles[sentence.style, default: Tally()].add(tally)
        return tally.rightSentences == 1
    }

    func report() -> String {
        func percent(_ n: Int, _ d: Int) -> String { String(format: "%5.1f %%", d == 0 ? 0 : 100 * Double(n) / Double(d)) }
        func line(_ label: String, _ t: Tally) -> String {
            "\(label.padding(toLength: 10, withPad: " ", startingAt: 0)) \(String(format: "%4d", t.sentences)) sentences  foods \(String(format: "%4d", t.foods))  separated \(percent(t.separated, t.foods))  resolved \(percent(t.resolved, t.foods))  sentences right \(percent(t.rightSentences, t.sentences))  extra items \(t.extraItems)"
        }
        let sorted = seconds.sorted()
        let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
        let p90 = sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
        var lines = [line("all", overall)]
        lines += styles.keys.sorted().map { line($0, styles[$0]!) }
        lines.append(String(format: "parse + resolve per sentence: median %.2f s, p90 %.2f s, max %.2f s", median, p90, sorted.last ?? 0))
        lines.append("parse sources: " + sources.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}

extension EverydayScores.Tally {
    mutating func add(_ other: Self) {
        sentences += other.sentences
        rightSentences += other.rightSentences
        foods += other.foods
        separated += other.separated
        resolved += other.resolved
        extraItems += other.extraItems
    }
}
