/// Tracks where the output is in a ``Grammar`` and says which bytes — and so which tokens — may
/// come next.
///
/// The state is a small set of parse stacks (usually one; alternatives fork it until a byte
/// decides). Each stack lists what must still be matched, top last. A byte that fits no stack is
/// rejected, so anything accepted stays a prefix of valid output. Identical stacks are merged
/// after every byte, so ambiguous alternatives (`anyOf([.integer, .number])` in an array) never
/// multiply the stacks from one element to the next.
struct Matcher: Sendable {
    let grammar: Grammar
    private(set) var threads: [[Item]]

    enum Item: Sendable, Hashable {
        case node(Int)
        case literal(Int, position: Int)
        case choice(Int, position: Int, alive: UInt64)
        case integer(Int, IntegerState)
        case number(Int, NumberState)
        case string(Int, StringState)
        case arrayOpen(Int)
        case arrayFirst(Int)
        case arrayNext(Int, count: Int)
    }

    init(grammar: Grammar) {
        self.grammar = grammar
        self.threads = [[.node(grammar.root)]]
    }

    /// The output is a complete value and nothing more may follow.
    var isComplete: Bool { threads.contains { $0.isEmpty } }

    /// The output could end here (complete, or a top-level number that may still grow).
    var canEnd: Bool {
        threads.contains { stack in
            stack.allSatisfy { item in
                switch item {
                case .integer(let node, let state): state.isComplete(grammar.nodes[node])
                case .number(let node, let state): state.isComplete(grammar.nodes[node])
                default: false
                }
            }
        }
    }

    /// Feeds bytes; returns false (and leaves the matcher unchanged) if any is rejected.
    @discardableResult
    mutating func advance<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var current = threads
        for byte in bytes {
            let next = Self.step(grammar, current, byte)
            if next.isEmpty { return false }
            current = next
        }
        threads = current
        return true
    }

    /// The stacks after one byte, identical ones merged (first occurrence kept, so the order
    /// and with it mask-cache keys stay deterministic).
    static func step(_ grammar: Grammar, _ threads: [[Item]], _ byte: UInt8) -> [[Item]] {
        var next: [[Item]] = []
        for stack in threads { feed(grammar, stack, byte, into: &next) }
        return merged(next)
    }

    /// The stacks without duplicates, in first-seen order.
    static func merged(_ stacks: [[Item]]) -> [[Item]] {
        guard stacks.count > 1 else { return stacks }
        var seen = Set<[Item]>()
        var unique: [[Item]] = []
        unique.reserveCapacity(stacks.count)
        for stack in stacks where seen.insert(stack).inserted { unique.append(stack) }
        return unique
    }

    /// Whether a whole byte sequence would be accepted, without changing the matcher.
    func accepts(_ bytes: [UInt8]) -> Bool {
        var copy = self
        return copy.advance(bytes)
    }

    /// The bytes that must come next because the grammar allows nothing else (keys, separators,
    /// the opening of an enum string). Stops at a choice or when the output may end.
    func forcedBytes(limit: Int = 256) -> [UInt8] {
        var copy = self
        var forced: [UInt8] = []
        while forced.count < limit, !copy.isComplete, !copy.canEnd {
            if copy.threads.count == 1, case .literal(let node, let position)? = copy.threads[0].last,
                case .literal(let bytes) = grammar.nodes[node]
            {
                let rest = Array(bytes[position...])
                copy.advance(rest)
                forced += rest
                continue
            }
            var only: UInt8?
            var options = 0
            for byte in UInt8.min...UInt8.max where copy.accepts([byte]) {
                options += 1
                only = byte
                if options > 1 { break }
            }
            guard options == 1, let only else { break }
            copy.advance([only])
            forced.append(only)
        }
        return forced
    }

    /// A superset of the bytes that can come next on any thread: the trie walk only feeds these.
    static func possibleBytes(_ grammar: Grammar, _ threads: [[Item]]) -> ByteSet {
        var set = ByteSet.empty
        for stack in threads { set.formUnion(possibleBytes(grammar, stack, from: stack.count - 1)) }
        return set
    }

    private static let plainContent = ByteSet(range: 0x20...0xFF)

    private static func possibleBytes(_ grammar: Grammar, _ stack: [Item], from index: Int) -> ByteSet {
        guard index >= 0 else { return .empty }
        switch stack[index] {
        case .node(let node): return grammar.firstBytes[node]
        case .literal(let node, let position):
            guard case .literal(let bytes) = grammar.nodes[node] else { return .empty }
            return ByteSet([bytes[position]])
        case .choice(let node, let position, let alive):
            guard case .choice(let options) = grammar.nodes[node] else { return .empty }
            var set = ByteSet.empty
            var bits = alive
            while bits != 0 {
                let option = options[bits.trailingZeroBitCount]
                bits &= bits - 1
                if position < option.count { set.insert(option[position]) }
            }
            return set
        case .integer(let node, let state):
            var set = Grammar.digits
            set.insert(UInt8(ascii: "-"))
            if state.isComplete(grammar.nodes[node]) { set.formUnion(possibleBytes(grammar, stack, from: index - 1)) }
            return set
        case .number(let node, let state):
            var set = Grammar.digits
            set.insert(UInt8(ascii: "-"))
            set.insert(UInt8(ascii: "."))
            if state.isComplete(grammar.nodes[node]) { set.formUnion(possibleBytes(grammar, stack, from: index - 1)) }
            return set
        case .string(_, let state):
            return state.isOpen ? plainContent : ByteSet([UInt8(ascii: "\"")])
        case .arrayOpen: return ByteSet([UInt8(ascii: "[")])
        case .arrayFirst(let node):
            guard case .array(let element, _, _) = grammar.nodes[node] else { return .empty }
            var set = grammar.firstBytes[element]
            set.insert(UInt8(ascii: "]"))
            return set
        case .arrayNext: return ByteSet([UInt8(ascii: ","), UInt8(ascii: "]")])
        }
    }

    // MARK: - Feeding one byte

    static func feed(_ grammar: Grammar, _ stack: [Item], _ byte: UInt8, into out: inout [[Item]]) {
        var stack = stack
        while let top = stack.last {
            let last = stack.count - 1
            switch top {
            case .node(let index):
                stack.removeLast()
                switch grammar.nodes[index] {
                case .sequence(let parts):
                    for part in parts.reversed() { stack.append(.node(part)) }
                case .alternatives(let choices):
                    for choice in choices {
                        var fork = stack
                        fork.append(.node(choice))
                        feed(grammar, fork, byte, into: &out)
                    }
                    return
                case .literal: stack.append(.literal(index, position: 0))
                case .choice(let options):
                    stack.append(.choice(index, position: 0, alive: options.count == 64 ? ~0 : (1 << options.count) - 1))
                case .integer: stack.append(.integer(index, IntegerState()))
                case .number: stack.append(.number(index, NumberState()))
                case .string(_, let pattern): stack.append(.string(index, StringState(pattern: pattern)))
                case .array: stack.append(.arrayOpen(index))
                }
            case .literal(let index, let position):
                guard case .literal(let bytes) = grammar.nodes[index], bytes[position] == byte else { return }
                if position + 1 == bytes.count {
                    stack.removeLast()
                } else {
                    stack[last] = .literal(index, position: position + 1)
                }
                out.append(stack)
                return
            case .choice(let index, let position, let alive):
                guard case .choice(let options) = grammar.nodes[index] else { return }
                var remaining: UInt64 = 0
                var completes = false
                var bits = alive
                while bits != 0 {
                    let option = bits.trailingZeroBitCount
                    bits &= bits - 1
                    let bytes = options[option]
                    guard position < bytes.count, bytes[position] == byte else { continue }
                    if position + 1 == bytes.count { completes = true } else { remaining |= 1 << option }
                }
                if completes {
                    var done = stack
                    done.removeLast()
                    out.append(done)
                }
                if remaining != 0 {
                    stack[last] = .choice(index, position: position + 1, alive: remaining)
                    out.append(stack)
                }
                return
            case .integer(let index, let state):
                let node = grammar.nodes[index]
                if let next = state.consuming(byte, node) {
                    stack[last] = .integer(index, next)
                    out.append(stack)
                    return
                }
                guard state.isComplete(node) else { return }
                stack.removeLast()  // the byte belongs to what follows the number
            case .number(let index, let state):
                let node = grammar.nodes[index]
                if let next = state.consuming(byte, node) {
                    stack[last] = .number(index, next)
                    out.append(stack)
                    return
                }
                guard state.isComplete(node) else { return }
                stack.removeLast()
            case .string(let index, var state):
                guard case .string(let maximumLength, let pattern) = grammar.nodes[index],
                    state.consume(byte, maximumLength: maximumLength, pattern: pattern)
                else { return }
                if state.isClosed {
                    stack.removeLast()
                } else {
                    stack[last] = .string(index, state)
                }
                out.append(stack)
                return
            case .arrayOpen(let index):
                guard byte == UInt8(ascii: "[") else { return }
                stack[last] = .arrayFirst(index)
                out.append(stack)
                return
            case .arrayFirst(let index):
                guard case .array(let element, let minimum, let maximum) = grammar.nodes[index] else { return }
                if byte == UInt8(ascii: "]"), minimum == 0 {
                    var done = stack
                    done.removeLast()
                    out.append(done)
                }
                if maximum.map({ $0 > 0 }) ?? true {
                    stack[last] = .arrayNext(index, count: 1)
                    stack.append(.node(element))
                    feed(grammar, stack, byte, into: &out)
                }
                return
            case .arrayNext(let index, let count):
                guard case .array(let element, let minimum, let maximum) = grammar.nodes[index] else { return }
                if byte == UInt8(ascii: ","), maximum.map({ count < $0 }) ?? true {
                    stack[last] = .arrayNext(index, count: count + 1)
                    stack.append(.node(element))
                    out.append(stack)
                } else if byte == UInt8(ascii: "]"), count >= minimum {
                    stack.removeLast()
                    out.append(stack)
                }
                return
            }
        }
    }
}

// MARK: - Scalar states

/// An integer being written: `-?(0|[1-9][0-9]*)`, kept inside its range digit by digit.
struct IntegerState: Sendable, Hashable {
    var negative = false
    var digits = 0
    var magnitude: Int = 0

    func consuming(_ byte: UInt8, _ node: Grammar.Node) -> IntegerState? {
        guard case .integer(let minimum, let maximum) = node else { return nil }
        if byte == UInt8(ascii: "-") {
            guard digits == 0, !negative, (minimum ?? -1) < 0 else { return nil }
            return IntegerState(negative: true, digits: 0, magnitude: 0)
        }
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 18 else { return nil }
        if digits == 1, magnitude == 0 { return nil }  // no leading zeros
        let digit = Int(byte - UInt8(ascii: "0"))
        if digits == 0, digit == 0, negative { return nil }  // no "-0"
        let next = IntegerState(negative: negative, digits: digits + 1, magnitude: magnitude * 10 + digit)
        return next.isFeasible(minimum: minimum, maximum: maximum) ? next : nil
    }

    /// Some completion of this prefix (including stopping now) lies in the range.
    func isFeasible(minimum: Int?, maximum: Int?) -> Bool {
        var scale = 1
        for extra in 0...(18 - digits) {
            if extra > 0 {
                if magnitude == 0 { break }  // "0" cannot grow
                scale *= 10
            }
            let low = magnitude * scale
            let high = low + scale - 1
            let (from, to) = negative ? (-high, -low) : (low, high)
            if to >= (minimum ?? Int.min), from <= (maximum ?? Int.max) { return true }
        }
        return false
    }

    func isComplete(_ node: Grammar.Node) -> Bool {
        guard case .integer(let minimum, let maximum) = node, digits > 0 else { return false }
        let value = negative ? -magnitude : magnitude
        return value >= (minimum ?? Int.min) && value <= (maximum ?? Int.max)
    }
}

/// A number being written: `-?(0|[1-9][0-9]*)(\.[0-9]+)?`, kept inside its range.
///
/// Digits are kept as an integer mantissa so range checks do not drift with binary fractions.
struct NumberState: Sendable, Hashable {
    var negative = false
    var integerDigits = 0
    var fractionDigits = 0
    var sawPoint = false
    var mantissa = 0

    static let maximumFractionDigits = 6
    /// Digits in all (the mantissa must fit in an `Int`).
    static let maximumDigits = 18

    /// The most decimals this prefix may still grow to.
    private var fractionLimit: Int { min(Self.maximumFractionDigits, Self.maximumDigits - integerDigits) }

    /// Whether some number the decoder can write (at most 15 integer digits and 6 decimals)
    /// lies in the range: the grammar rejects ranges that would dead-end every output.
    static func canWriteSomeValue(minimum: Double?, maximum: Double?) -> Bool {
        let largest = 999_999_999_999_999.0
        let low = max(minimum ?? -largest, -largest)
        let high = min(maximum ?? largest, largest)
        guard low <= high else { return false }
        if high - low >= 2e-6 { return true }
        // A narrow range: try the multiples of 10^-6 around its lower end, computed the way the
        // number state computes a written value.
        let scale = power(maximumFractionDigits)
        let first = (low * scale).rounded(.down)
        for step in -1...2 {
            let mantissa = first + Double(step)
            let value = mantissa / scale
            if value >= low, value <= high { return true }
        }
        return false
    }

    func consuming(_ byte: UInt8, _ node: Grammar.Node) -> NumberState? {
        guard case .number(let minimum, let maximum) = node else { return nil }
        var next = self
        switch byte {
        case UInt8(ascii: "-"):
            guard integerDigits == 0, !negative, (minimum ?? -1) < 0 else { return nil }
            next.negative = true
        case UInt8(ascii: "."):
            guard integerDigits > 0, !sawPoint else { return nil }
            next.sawPoint = true
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digit = Int(byte - UInt8(ascii: "0"))
            if sawPoint {
                guard fractionDigits < fractionLimit else { return nil }
                next.fractionDigits += 1
            } else {
                guard integerDigits < 15, !(integerDigits == 1 && mantissa == 0) else { return nil }
                next.integerDigits += 1
            }
            next.mantissa = mantissa * 10 + digit
        default: return nil
        }
        return next.isFeasible(minimum: minimum, maximum: maximum) ? next : nil
    }

    static func power(_ n: Int) -> Double {
        var value = 1.0
        for _ in 0..<n { value *= 10 }
        return value
    }

    private var magnitude: Double { Double(mantissa) / Self.power(fractionDigits) }

    /// Some completion of this prefix (including stopping now, when complete) lies in the range.
    func isFeasible(minimum: Double?, maximum: Double?) -> Bool {
        let low = minimum ?? -.infinity
        let high = maximum ?? .infinity
        // Completions have magnitudes in [a, b): b is never reached, so the check is strict there.
        func reachable(_ a: Double, _ b: Double) -> Bool {
            negative ? (-a >= low && -b < high) : (a <= high && b > low)
        }
        func exact(_ value: Double) -> Bool {
            let signed = negative ? -value : value
            return signed >= low && signed <= high
        }
        if integerDigits == 0 { return reachable(0, .infinity) }
        let value = magnitude
        if sawPoint {
            if fractionDigits > 0, exact(value) { return true }
            guard fractionDigits < fractionLimit else { return false }
            return reachable(value, value + 1 / Self.power(fractionDigits))
        }
        if exact(value) { return true }
        var scale = 1.0
        for extra in 0...(15 - integerDigits) {
            if extra > 0 {
                if mantissa == 0 { break }
                scale *= 10
            }
            if reachable(value * scale, (value + 1) * scale) { return true }
        }
        return false
    }

    func isComplete(_ node: Grammar.Node) -> Bool {
        guard case .number(let minimum, let maximum) = node, integerDigits > 0,
            !sawPoint || fractionDigits > 0
        else { return false }
        let value = negative ? -magnitude : magnitude
        return value >= (minimum ?? -.infinity) && value <= (maximum ?? .infinity)
    }
}

/// A JSON string being written: opening quote, content (escapes, whole UTF-8 characters,
/// length and pattern guides), closing quote.
///
/// Only well-formed UTF-8 is accepted, checked byte by byte (no overlong forms, surrogates or
/// scalars above U+10FFFF), exactly as ``UTF8Validation`` tells the vocabulary's string classes.
struct StringState: Sendable, Hashable {
    var isOpen = false
    var isClosed = false
    var afterBackslash = false
    var scalarCount = 0
    var pendingContinuationBytes = 0
    /// The bytes the next continuation byte may take (narrower right after some lead bytes).
    var continuationRange: ClosedRange<UInt8> = UTF8Validation.continuation
    var scalarValue: UInt32 = 0
    var patternStates: [Int]?

    init(pattern: PatternAutomaton?) {
        patternStates = pattern?.initialStates
    }

    /// Plain content is allowed next: open, not inside an escape or a UTF-8 sequence, no pattern.
    var acceptsPlainContent: Bool {
        isOpen && !isClosed && !afterBackslash && pendingContinuationBytes == 0 && patternStates == nil
    }

    mutating func consume(_ byte: UInt8, maximumLength: Int?, pattern: PatternAutomaton?) -> Bool {
        guard !isClosed else { return false }
        guard isOpen else {
            guard byte == UInt8(ascii: "\"") else { return false }
            isOpen = true
            return true
        }
        let limit = maximumLength ?? .max
        if pendingContinuationBytes > 0 {
            guard continuationRange.contains(byte) else { return false }
            continuationRange = UTF8Validation.continuation
            scalarValue = scalarValue << 6 | UInt32(byte & 0x3F)
            pendingContinuationBytes -= 1
            if pendingContinuationBytes > 0 { return patternAcceptsSomeCompletion(pattern, limit: limit) }
            return finishScalar(scalarValue, pattern: pattern, limit: limit)
        }
        if afterBackslash {
            guard let index = Self.escapeBytes.firstIndex(of: byte) else { return false }
            afterBackslash = false
            return finishScalar(Self.escapedScalars[index], pattern: pattern, limit: limit)
        }
        switch byte {
        case UInt8(ascii: "\""):
            if let states = patternStates, let pattern, !pattern.isAccepting(states) { return false }
            isClosed = true
            return true
        case 0..<0x20, 0x7F:
            return false
        case UInt8(ascii: "\\"):
            guard scalarCount < limit else { return false }
            // With a pattern, an escape may only start if some escaped character can follow.
            if patternStates != nil, !Self.escapedScalars.contains(where: { patternAllows($0, pattern, limit: limit) }) {
                return false
            }
            afterBackslash = true
            return true
        case 0x20..<0x80:
            guard scalarCount < limit else { return false }
            return finishScalar(UInt32(byte), pattern: pattern, limit: limit)
        default:
            guard scalarCount < limit, let lead = UTF8Validation.lead(byte) else { return false }
            pendingContinuationBytes = lead.continuationBytes
            continuationRange = lead.firstContinuation
            scalarValue = lead.bits
            return patternAcceptsSomeCompletion(pattern, limit: limit)
        }
    }

    /// The escape letters supported after a backslash, and the scalars they stand for.
    static let escapeBytes: [UInt8] = Array("\"\\/ntr".utf8)
    private static let escapedScalars: [UInt32] = [0x22, 0x5C, 0x2F, 10, 9, 13]

    /// Whether the pattern accepts some scalar that the UTF-8 bytes read so far can still become,
    /// leaving a match completable within the length limit.
    private func patternAcceptsSomeCompletion(_ pattern: PatternAutomaton?, limit: Int) -> Bool {
        guard let states = patternStates, let pattern else { return true }
        // The next continuation byte is limited to `continuationRange` (narrower after E0, ED, F0,
        // F4), so the scalars still possible start and end there: after E0 only U+0800 and up,
        // never the ASCII letters a range from 0 would take in.
        let shift = UInt32(6 * (pendingContinuationBytes - 1))
        let low = (scalarValue << 6 | UInt32(continuationRange.lowerBound & 0x3F)) << shift
        let high = (scalarValue << 6 | UInt32(continuationRange.upperBound & 0x3F)) << shift | ((1 << shift) - 1)
        return pattern.acceptsSomeScalar(in: low...high, from: states, within: limit - scalarCount - 1)
    }

    /// Whether the pattern takes this scalar next and can still match within the length limit.
    private func patternAllows(_ value: UInt32, _ pattern: PatternAutomaton?, limit: Int) -> Bool {
        guard let states = patternStates, let pattern else { return true }
        let next = pattern.step(states, value)
        return !next.isEmpty && pattern.remainingLength(next) <= limit - scalarCount - 1
    }

    private mutating func finishScalar(_ value: UInt32, pattern: PatternAutomaton?, limit: Int) -> Bool {
        if (0xD800...0xDFFF).contains(value) || value > 0x10FFFF { return false }
        if let states = patternStates, let pattern {
            let next = pattern.step(states, value)
            // A scalar that leaves no match completable in the remaining length would dead-end.
            if next.isEmpty || pattern.remainingLength(next) > limit - scalarCount - 1 { return false }
            patternStates = next
        }
        scalarCount += 1
        return true
    }
}
