/// A generated value: the JSON the decoder produced, as a tree.
///
/// Objects keep their properties in schema order, so ``jsonString`` is the canonical compact JSON
/// the decoder emitted.
public enum GeneratedContent: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([GeneratedContent])
    case object([Property])

    /// One property of an object.
    public struct Property: Sendable, Equatable {
        public var name: String
        public var value: GeneratedContent

        public init(_ name: String, _ value: GeneratedContent) {
            self.name = name
            self.value = value
        }
    }

    /// The value of an object's property, or `nil` when this is not an object or has no such property.
    public subscript(property name: String) -> GeneratedContent? {
        guard case .object(let properties) = self else { return nil }
        return properties.first { $0.name == name }?.value
    }

    /// Decodes a property of an object into a generable type.
    /// - Throws: ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when it is missing or of another type.
    public func value<Value: Generable>(_ type: Value.Type = Value.self, forProperty name: String) throws -> Value {
        guard let content = self[property: name] else {
            if let optional = Value.self as? any OptionalGenerable.Type {
                return optional.absent as! Value
            }
            throw LanguageModelSession.GenerationError.decodingFailure("missing property '\(name)'")
        }
        return try Value(content)
    }

    /// Canonical compact JSON.
    public var jsonString: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .integer(let value): out += String(value)
        case .number(let value):
            out += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        case .string(let value): out += Self.quoted(value)
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let properties):
            out += "{"
            for (index, property) in properties.enumerated() {
                if index > 0 { out += "," }
                out += Self.quoted(property.name) + ":"
                property.value.write(to: &out)
            }
            out += "}"
        }
    }

    /// A JSON string literal for text.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Parses JSON text.
    /// - Throws: ``LanguageModelSession/GenerationError/decodingFailure(_:)`` when the text is not JSON.
    public init(json: String) throws {
        var parser = JSONParser(bytes: Array(json.utf8))
        self = try parser.parseDocument()
    }
}

/// A small strict JSON parser for decoder output (numbers without a fraction or exponent are integers).
struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ what: String) -> LanguageModelSession.GenerationError {
        .decodingFailure("invalid JSON at byte \(index): \(what)")
    }

    mutating func parseDocument() throws -> GeneratedContent {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw failure("trailing characters") }
        return value
    }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func expect(_ literal: String) throws {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw failure("expected \(literal)") }
            index += 1
        }
    }

    mutating func parseValue() throws -> GeneratedContent {
        guard index < bytes.count else { throw failure("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "["):
            index += 1
            var values: [GeneratedContent] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
            while true {
                skipWhitespace()
                values.append(try parseValue())
                skipWhitespace()
                guard index < bytes.count else { throw failure("unterminated array") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect("]")
                return .array(values)
            }
        case UInt8(ascii: "{"):
            index += 1
            var properties: [GeneratedContent.Property] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(properties) }
            while true {
                skipWhitespace()
                let name = try parseString()
                skipWhitespace()
                try expect(":")
                skipWhitespace()
                properties.append(.init(name, try parseValue()))
                skipWhitespace()
                guard index < bytes.count else { throw failure("unterminated object") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect("}")
                return .object(properties)
            }
        default: return try parseNumber()
        }
    }

    /// The character a one-letter escape stands for ("n" in `\n`); any other byte stands for
    /// itself (`\"`, `\\`, `\/`). Shared with the lenient reader of partial output.
    static func unescaped(_ escape: UInt8) -> Unicode.Scalar {
        switch escape {
        case UInt8(ascii: "n"): "\n"
        case UInt8(ascii: "t"): "\t"
        case UInt8(ascii: "r"): "\r"
        case UInt8(ascii: "b"): "\u{08}"
        case UInt8(ascii: "f"): "\u{0C}"
        default: Unicode.Scalar(escape)
        }
    }

    /// Where a JSON number starting at `start` ends, and whether it is written as an integer (no
    /// fraction or exponent). Shared with the lenient reader of partial output.
    static func numberEnd(in bytes: [UInt8], from start: Int) -> (end: Int, isInteger: Bool) {
        var index = start
        var isInteger = true
        while index < bytes.count {
            let byte = bytes[index]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") {
                index += 1
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || byte == UInt8(ascii: "+")
            {
                isInteger = false
                index += 1
            } else {
                break
            }
        }
        return (index, isInteger)
    }

    mutating func parseNumber() throws -> GeneratedContent {
        let start = index
        let isInteger: Bool
        (index, isInteger) = Self.numberEnd(in: bytes, from: start)
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int(text) { return .integer(value) }
        guard !text.isEmpty, let value = Double(text) else { throw failure("expected a value") }
        return .number(value)
    }

    mutating func parseString() throws -> String {
        try expect("\"")
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                flush()
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                raw.append(byte)
                continue
            }
            flush()
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count,
                    let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                else { throw failure("bad \\u escape") }
                index += 4
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: scalars.append(Self.unescaped(escape))
            }
        }
        throw failure("unterminated string")
    }
}
