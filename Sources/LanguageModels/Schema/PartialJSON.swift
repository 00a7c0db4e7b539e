/// A lenient reading of the start of a JSON value, for streaming snapshots: what the output
/// decoded so far already says, closing open strings, arrays and objects.
///
/// Everything shown is final in the sense that the rest of the output can only extend it: a
/// string shows the characters so far (an incomplete escape or UTF-8 sequence is left out), an
/// array its elements so far, an object the properties whose value has started. A number, `true`,
/// `false` or `null` is shown only once it is complete — a number only when something follows
/// it, since `12` may still become `123`. So each snapshot is a prefix of the final value: equal
/// to it except that the last string, array or object may still grow and values may be missing
/// at the end.
///
/// Complete JSON reads as ``GeneratedContent/init(json:)`` reads it, except a bare number at the
/// top level, which stays `nil`.
enum PartialJSON {
    /// The value the bytes start, or `nil` while nothing can be shown (no value has started, or
    /// only an incomplete number or literal).
    static func parse(_ bytes: [UInt8]) -> GeneratedContent? {
        var reader = Reader(bytes: bytes)
        return reader.value()?.value
    }

    /// `end`, or the start of the UTF-8 sequence that `bytes[..<end]` ends inside.
    static func completeCharacterEnd(_ bytes: [UInt8], upTo end: Int) -> Int {
        var start = end - 1
        // A sequence has at most three continuation bytes after its lead.
        while start >= 0, end - start <= 4 {
            let byte = bytes[start]
            if byte < 0x80 { return end }
            if let lead = UTF8Validation.lead(byte) {
                return end - start - 1 < lead.continuationBytes ? start : end
            }
            guard UTF8Validation.continuation.contains(byte) else { return end }
            start -= 1
        }
        return end
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index >= bytes.count }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        /// The value here and whether it is complete; nil when nothing can be shown (the input
        /// ends first, or is not JSON here).
        mutating func value() -> (value: GeneratedContent, isComplete: Bool)? {
            skipWhitespace()
            guard !atEnd else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let (text, closed) = string()
                return (.string(text), closed)
            case UInt8(ascii: "["): return array()
            case UInt8(ascii: "{"): return object()
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func array() -> (value: GeneratedContent, isComplete: Bool) {
            index += 1
            var values: [GeneratedContent] = []
            while true {
                skipWhitespace()
                guard !atEnd else { return (.array(values), false) }
                switch bytes[index] {
                case UInt8(ascii: "]"):
                    index += 1
                    return (.array(values), true)
                case UInt8(ascii: ","):
                    index += 1
                default:
                    guard let (element, complete) = value() else { return (.array(values), false) }
                    values.append(element)
                    if !complete { return (.array(values), false) }
                }
            }
        }

        mutating func object() -> (value: GeneratedContent, isComplete: Bool) {
            index += 1
            var properties: [GeneratedContent.Property] = []
            while true {
                skipWhitespace()
                guard !atEnd else { return (.object(properties), false) }
                switch bytes[index] {
                case UInt8(ascii: "}"):
                    index += 1
                    return (.object(properties), true)
                case UInt8(ascii: ","):
                    index += 1
                case UInt8(ascii: "\""):
                    let (name, closed) = string()
                    skipWhitespace()
                    guard closed, !atEnd, bytes[index] == UInt8(ascii: ":") else { return (.object(properties), false) }
                    index += 1
                    guard let (value, complete) = value() else { return (.object(properties), false) }
                    properties.append(.init(name, value))
                    if !complete { return (.object(properties), false) }
                default:
                    return (.object(properties), false)
                }
            }
        }

        mutating func literal(_ word: String, _ value: GeneratedContent) -> (value: GeneratedContent, isComplete: Bool)? {
            for byte in word.utf8 {
                guard !atEnd, bytes[index] == byte else { return nil }
                index += 1
            }
            return (value, true)
        }

        /// Read as ``GeneratedContent/init(json:)`` reads numbers; nil until a byte follows it.
        mutating func number() -> (value: GeneratedContent, isComplete: Bool)? {
            let start = index
            let isInteger: Bool
            (index, isInteger) = JSONParser.numberEnd(in: bytes, from: start)
            guard !atEnd else { return nil }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if isInteger, let value = Int(text) { return (.integer(value), true) }
            guard !text.isEmpty, let value = Double(text) else { return nil }
            return (.number(value), true)
        }

        /// The string's characters so far, and whether its closing quote came.
        mutating func string() -> (text: String, closed: Bool) {
            index += 1
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flush(_ end: Int) {
                scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1
                    return (String(scalars), true)
                }
                guard byte == UInt8(ascii: "\\") else {
                    index += 1
                    continue
                }
                flush(index)
                // An escape cut after its backslash is left out until its character comes.
                guard index + 1 < bytes.count else {
                    index = bytes.count
                    return (String(scalars), false)
                }
                let escape = bytes[index + 1]
                switch escape {
                case UInt8(ascii: "u"):
                    // An incomplete \u escape is left out until its four digits are there.
                    guard index + 6 <= bytes.count else {
                        index = bytes.count
                        return (String(scalars), false)
                    }
                    let digits = String(decoding: bytes[index + 2..<index + 6], as: UTF8.self)
                    let code = UInt32(digits, radix: 16)
                    scalars.append(code.flatMap(Unicode.Scalar.init) ?? "\u{FFFD}")
                    index += 4
                default: scalars.append(JSONParser.unescaped(escape))
                }
                index += 2
                runStart = index
            }
            // The input ended inside the string: keep whole characters only.
            flush(max(runStart, PartialJSON.completeCharacterEnd(bytes, upTo: min(index, bytes.count))))
            index = bytes.count
            return (String(scalars), false)
        }
    }
}
