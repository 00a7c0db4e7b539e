/// A regular expression compiled to a Thompson NFA over Unicode scalars, for string `pattern` guides.
///
/// The supported subset: literals, `.`, classes (`[a-z0-9_]`, `[^…]`), `\d \w \s` and their
/// negations, escaped metacharacters, groups `( )` / `(?: )`, alternation `|`, and `* + ? {n}
/// {n,} {n,m}`. `^` and `$` are accepted at the ends and ignored: the whole string must match.
struct PatternAutomaton: Sendable, Hashable {
    enum State: Sendable, Hashable {
        case scalar(ScalarSet, next: Int)
        case split(Int, Int)
        case accept
    }

    struct ScalarSet: Sendable, Hashable {
        var ranges: [ClosedRange<UInt32>]
        var negated: Bool

        func contains(_ value: UInt32) -> Bool {
            ranges.contains { $0.contains(value) } != negated
        }

        /// Whether some scalar of `range` is in the set.
        func intersects(_ range: ClosedRange<UInt32>) -> Bool {
            guard negated else { return ranges.contains { $0.overlaps(range) } }
            // Some scalar of the range lies outside every excluded range unless they cover it.
            var next = range.lowerBound
            for excluded in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if excluded.lowerBound > next { break }
                if excluded.upperBound >= next { next = excluded.upperBound &+ 1 }
                if next == 0 || next > range.upperBound { return false }
            }
            return next <= range.upperBound
        }

        /// Whether the set holds a scalar a guided JSON string can contain: no raw control
        /// characters (only `\n \t \r` escapes), no DEL, no surrogates.
        var containsWritableScalar: Bool {
            Self.writableScalars.contains { intersects($0) }
        }

        static let writableScalars: [ClosedRange<UInt32>] = [9...10, 13...13, 0x20...0x7E, 0x80...0xD7FF, 0xE000...0x10FFFF]
    }

    private(set) var states: [State] = []
    private(set) var start = 0
    /// For each state, the fewest writable scalars that lead from it to a match (`Int.max`: none).
    private(set) var distances: [Int] = []

    struct SyntaxError: Error, CustomStringConvertible {
        var description: String
    }

    init(pattern: String) throws {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        let tree = try parser.parse()
        states.append(.accept)
        start = try build(tree, next: 0)
        distances = computeDistances()
    }

    /// The automaton of every excerpt of `text`: a non-empty stretch copied exactly that starts
    /// where a word starts (or at a non-space character after a space or punctuation) and ends
    /// where a word ends, never on white space. One state per position of the text.
    init(excerptOf text: String) {
        let scalars = Array(text.unicodeScalars)
        func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        func canStart(at index: Int) -> Bool {
            guard !scalars[index].properties.isWhitespace else { return false }
            return index == 0 || !isWordScalar(scalars[index - 1]) || !isWordScalar(scalars[index])
        }
        func canEnd(after index: Int) -> Bool {
            guard !scalars[index].properties.isWhitespace else { return false }
            return index + 1 == scalars.count || !isWordScalar(scalars[index + 1]) || !isWordScalar(scalars[index])
        }
        states.append(.accept)
        // A state no scalar leaves: where an excerpt may not end.
        states.append(.scalar(ScalarSet(ranges: [], negated: false), next: 0))
        let dead = 1
        // Built from the end: `after` is the state once the scalar at `index` has been read.
        var readFrom = [Int](repeating: dead, count: scalars.count)
        var after = scalars.isEmpty || !canEnd(after: scalars.count - 1) ? dead : 0
        for index in scalars.indices.reversed() {
            let value = scalars[index].value
            states.append(.scalar(ScalarSet(ranges: [value...value], negated: false), next: after))
            readFrom[index] = states.count - 1
            if index > 0 {
                // Before reading scalars[index]: the excerpt may also end here, after scalars[index - 1].
                if canEnd(after: index - 1) {
                    states.append(.split(readFrom[index], 0))
                    after = states.count - 1
                } else {
                    after = readFrom[index]
                }
            }
        }
        // The start chooses any position an excerpt may start at; a text with none matches nothing.
        let starts = scalars.indices.filter(canStart(at:)).map { readFrom[$0] }
        var entry = starts.last ?? dead
        for other in starts.dropLast().reversed() {
            states.append(.split(other, entry))
            entry = states.count - 1
        }
        start = entry
        distances = computeDistances()
    }

    /// The automaton of exactly these stretches of `text` (Unicode scalar offsets): one chain of
    /// states per start, which may accept at each end given for that start.
    init(spansOf text: String, ranges: [Range<Int>]) {
        let scalars = Array(text.unicodeScalars)
        var endsByStart: [Int: Set<Int>] = [:]
        for range in ranges where !range.isEmpty && range.lowerBound >= 0 && range.upperBound <= scalars.count {
            endsByStart[range.lowerBound, default: []].insert(range.upperBound)
        }
        states.append(.accept)
        // A state no scalar leaves: matches nothing (no usable range).
        states.append(.scalar(ScalarSet(ranges: [], negated: false), next: 0))
        var entries: [Int] = []
        for (start, ends) in endsByStart.sorted(by: { $0.key < $1.key }) {
            guard let last = ends.max() else { continue }
            // Built from the last end back to the start: `after` is the state once scalars[index] is read.
            var after = 0
            for index in (start..<last).reversed() {
                let value = scalars[index].value
                states.append(.scalar(ScalarSet(ranges: [value...value], negated: false), next: after))
                after = states.count - 1
                if index > start, ends.contains(index) {
                    // Before reading scalars[index]: the stretch may also end here.
                    states.append(.split(after, 0))
                    after = states.count - 1
                }
            }
            entries.append(after)
        }
        var entry = entries.last ?? 1
        for other in entries.dropLast().reversed() {
            states.append(.split(other, entry))
            entry = states.count - 1
        }
        start = entry
        distances = computeDistances()
    }

    /// Shortest distances to `accept`, relaxed until nothing changes (states are few).
    private func computeDistances() -> [Int] {
        var distance = [Int](repeating: .max, count: states.count)
        var changed = true
        while changed {
            changed = false
            for index in states.indices {
                let value: Int
                switch states[index] {
                case .accept: value = 0
                case .split(let a, let b): value = min(distance[a], distance[b])
                case .scalar(let set, let next):
                    value = distance[next] == .max || !set.containsWritableScalar ? .max : distance[next] + 1
                }
                if value < distance[index] {
                    distance[index] = value
                    changed = true
                }
            }
        }
        return distance
    }

    /// The fewest scalars still needed to complete a match from these states (`Int.max`: none can).
    func remainingLength(_ current: [Int]) -> Int {
        current.map { distances[$0] }.min() ?? .max
    }

    /// The shortest string the decoder can write that matches (`Int.max`: none).
    var minimumLength: Int { remainingLength(initialStates) }

    /// Whether the whole text matches.
    func matches(_ text: String) -> Bool {
        var current = initialStates
        for scalar in text.unicodeScalars {
            current = step(current, scalar.value)
            if current.isEmpty { return false }
        }
        return isAccepting(current)
    }

    /// The states reachable from `start` by epsilon moves.
    var initialStates: [Int] { closure([start]) }

    /// The states after reading one scalar; empty means no match is possible.
    func step(_ current: [Int], _ scalar: UInt32) -> [Int] {
        var next: [Int] = []
        for index in current {
            if case .scalar(let set, let target) = states[index], set.contains(scalar) { next.append(target) }
        }
        return next.isEmpty ? [] : closure(next)
    }

    /// Whether some scalar in a range moves the automaton on from these states to where a match
    /// can still be completed in at most `budget` more scalars after it.
    func acceptsSomeScalar(in range: ClosedRange<UInt32>, from current: [Int], within budget: Int = .max) -> Bool {
        current.contains { index in
            guard case .scalar(let set, let next) = states[index], distances[next] <= budget else { return false }
            return set.intersects(range)
        }
    }

    func isAccepting(_ current: [Int]) -> Bool {
        current.contains { states[$0] == .accept }
    }

    private func closure(_ seeds: [Int]) -> [Int] {
        var seen = Set<Int>()
        var stack = seeds
        var result: [Int] = []
        while let index = stack.popLast() {
            guard seen.insert(index).inserted else { continue }
            if case .split(let a, let b) = states[index] {
                stack.append(b)
                stack.append(a)
            } else {
                result.append(index)
            }
        }
        return result.sorted()
    }

    private indirect enum Tree {
        case set(ScalarSet)
        case sequence([Tree])
        case alternation([Tree])
        case repetition(Tree, min: Int, max: Int?)
    }

    private mutating func build(_ tree: Tree, next: Int) throws -> Int {
        switch tree {
        case .set(let set):
            states.append(.scalar(set, next: next))
            return states.count - 1
        case .sequence(let parts):
            var target = next
            for part in parts.reversed() { target = try build(part, next: target) }
            return target
        case .alternation(let choices):
            var entries: [Int] = []
            for choice in choices { entries.append(try build(choice, next: next)) }
            var entry = entries.last!
            for other in entries.dropLast().reversed() {
                states.append(.split(other, entry))
                entry = states.count - 1
            }
            return entry
        case .repetition(let body, let minimum, let maximum):
            guard minimum <= 1000, (maximum ?? 0) <= 1000 else {
                throw SyntaxError(description: "repetition counts above 1000 are not supported")
            }
            var target = next
            if let maximum {
                // Each optional copy may stop the repetition: body then more, or straight to `next`.
                for _ in 0..<(maximum - minimum) {
                    let bodyStart = try build(body, next: target)
                    states.append(.split(bodyStart, next))
                    target = states.count - 1
                }
            } else {
                states.append(.split(-1, next))
                let loop = states.count - 1
                let bodyStart = try build(body, next: loop)
                states[loop] = .split(bodyStart, next)
                target = loop
            }
            for _ in 0..<minimum { target = try build(body, next: target) }
            return target
        }
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        mutating func parse() throws -> Tree {
            if peek == "^" { index += 1 }
            let tree = try alternation()
            if peek == "$" { index += 1 }
            guard index == scalars.count else {
                throw SyntaxError(description: "unexpected '\(scalars[index])' at \(index)")
            }
            return tree
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        mutating func alternation() throws -> Tree {
            var choices = [try sequence()]
            while peek == "|" {
                index += 1
                choices.append(try sequence())
            }
            return choices.count == 1 ? choices[0] : .alternation(choices)
        }

        mutating func sequence() throws -> Tree {
            var parts: [Tree] = []
            while let scalar = peek, scalar != "|", scalar != ")" {
                if scalar == "$", index == scalars.count - 1 { break }
                var atom = try self.atom()
                while let quantifier = peek, "*+?{".unicodeScalars.contains(quantifier) {
                    index += 1
                    switch quantifier {
                    case "*": atom = .repetition(atom, min: 0, max: nil)
                    case "+": atom = .repetition(atom, min: 1, max: nil)
                    case "?": atom = .repetition(atom, min: 0, max: 1)
                    default:
                        let (minimum, maximum) = try counts()
                        atom = .repetition(atom, min: minimum, max: maximum)
                    }
                }
                parts.append(atom)
            }
            return .sequence(parts)
        }

        mutating func counts() throws -> (Int, Int?) {
            func number() -> Int? {
                var digits = ""
                while let scalar = peek, ("0"..."9").contains(scalar) {
                    digits.unicodeScalars.append(scalar)
                    index += 1
                }
                return Int(digits)
            }
            guard let minimum = number() else { throw SyntaxError(description: "expected a count after '{'") }
            var maximum: Int? = minimum
            if peek == "," {
                index += 1
                maximum = number()
            }
            guard peek == "}" else { throw SyntaxError(description: "expected '}'") }
            index += 1
            if let maximum, maximum < minimum { throw SyntaxError(description: "{\(minimum),\(maximum)} is empty") }
            return (minimum, maximum)
        }

        mutating func atom() throws -> Tree {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "(":
                if peek == "?" {
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else {
                        throw SyntaxError(description: "only (?: ) groups are supported")
                    }
                    index += 2
                }
                let inner = try alternation()
                guard peek == ")" else { throw SyntaxError(description: "missing ')'") }
                index += 1
                return inner
            case ".": return .set(ScalarSet(ranges: [10...10], negated: true))
            case "[": return .set(try characterClass())
            case "\\": return .set(try escape(inClass: false))
            case "*", "+", "?", "{", ")":
                throw SyntaxError(description: "unexpected '\(scalar)'")
            default: return .set(ScalarSet(ranges: [scalar.value...scalar.value], negated: false))
            }
        }

        mutating func escape(inClass: Bool) throws -> ScalarSet {
            guard let scalar = peek else { throw SyntaxError(description: "trailing backslash") }
            index += 1
            let digits: ClosedRange<UInt32> = 48...57
            let word: [ClosedRange<UInt32>] = [48...57, 65...90, 95...95, 97...122]
            let space: [ClosedRange<UInt32>] = [9...13, 32...32]
            switch scalar {
            case "d": return ScalarSet(ranges: [digits], negated: false)
            case "D": return ScalarSet(ranges: [digits], negated: true)
            case "w": return ScalarSet(ranges: word, negated: false)
            case "W": return ScalarSet(ranges: word, negated: true)
            case "s": return ScalarSet(ranges: space, negated: false)
            case "S": return ScalarSet(ranges: space, negated: true)
            case "n": return ScalarSet(ranges: [10...10], negated: false)
            case "t": return ScalarSet(ranges: [9...9], negated: false)
            default:
                if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    throw SyntaxError(description: "unsupported escape \\\(scalar)")
                }
                return ScalarSet(ranges: [scalar.value...scalar.value], negated: false)
            }
        }

        mutating func characterClass() throws -> ScalarSet {
            var set = ScalarSet(ranges: [], negated: false)
            if peek == "^" {
                set.negated = true
                index += 1
            }
            var first = true
            while let scalar = peek, scalar != "]" || first {
                first = false
                index += 1
                if scalar == "\\" {
                    let escaped = try escape(inClass: true)
                    guard !escaped.negated else {
                        throw SyntaxError(description: "negated escapes inside a class are not supported")
                    }
                    set.ranges += escaped.ranges
                    continue
                }
                if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    let upper = scalars[index + 1]
                    index += 2
                    guard scalar.value <= upper.value else { throw SyntaxError(description: "bad range") }
                    set.ranges.append(scalar.value...upper.value)
                } else {
                    set.ranges.append(scalar.value...scalar.value)
                }
            }
            guard peek == "]" else { throw SyntaxError(description: "missing ']'") }
            index += 1
            return set
        }
    }
}
