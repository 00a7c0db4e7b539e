import Foundation

/// The key–value header of a GGUF file, read without loading the model.
///
/// Used for facts (`general.architecture`, `general.languages`, context length, chat template)
/// and to tell a corrupt file from a missing one before llama.cpp sees it.
struct GGUFMetadata: Sendable {
    var version: UInt32
    var tensorCount: UInt64
    var strings: [String: String]
    var stringArrays: [String: [String]]
    var integers: [String: Int]
    /// Number of entries of each array-valued key (tokenizer lists are counted, not kept).
    var arrayCounts: [String: Int]

    enum ReadError: Error, CustomStringConvertible {
        case notGGUF
        case truncated
        case unsupportedVersion(UInt32)

        var description: String {
            switch self {
            case .notGGUF: "not a GGUF file (bad magic number)"
            case .truncated: "the GGUF header is truncated"
            case .unsupportedVersion(let version): "GGUF version \(version) is not supported"
            }
        }
    }

    init(url: URL) throws {
        let data = try Data(contentsOf: url, options: .alwaysMapped)
        var reader = Reader(data: data)
        guard try reader.bytes(4) == Array("GGUF".utf8) else { throw ReadError.notGGUF }
        version = try reader.integer(UInt32.self)
        guard version == 2 || version == 3 else { throw ReadError.unsupportedVersion(version) }
        tensorCount = try reader.integer(UInt64.self)
        let count = try reader.integer(UInt64.self)
        guard count < 1_000_000 else { throw ReadError.truncated }
        strings = [:]
        stringArrays = [:]
        integers = [:]
        arrayCounts = [:]
        for _ in 0..<count {
            let key = try reader.string()
            let type = try reader.integer(UInt32.self)
            if type == 9 {
                let elementType = try reader.integer(UInt32.self)
                let n = try reader.integer(UInt64.self)
                guard n < 100_000_000 else { throw ReadError.truncated }
                arrayCounts[key] = Int(n)
                let keep = elementType == 8 && n <= 64
                var values: [String] = []
                for _ in 0..<n {
                    if keep { values.append(try reader.string()) } else { try reader.skipValue(type: elementType) }
                }
                if keep { stringArrays[key] = values }
            } else if type == 8 {
                strings[key] = try reader.string()
            } else if let value = try reader.integerValue(type: type) {
                integers[key] = value
            } else {
                try reader.skipValue(type: type)
            }
        }
    }

    /// `general.architecture`, e.g. `llama`.
    var architecture: String? { strings["general.architecture"] }

    /// The context length the model was trained with.
    var trainedContextLength: Int? {
        architecture.flatMap { integers["\($0).context_length"] }
    }

    private struct Reader {
        let data: Data
        var offset = 0

        mutating func bytes(_ count: Int) throws -> [UInt8] {
            guard count >= 0, offset + count <= data.count else { throw ReadError.truncated }
            defer { offset += count }
            return [UInt8](data[data.startIndex + offset..<data.startIndex + offset + count])
        }

        mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            let size = MemoryLayout<T>.size
            guard offset + size <= data.count else { throw ReadError.truncated }
            var value: T = 0
            for index in 0..<size {
                value |= T(data[data.startIndex + offset + index]) << (8 * index)
            }
            offset += size
            return value
        }

        mutating func string() throws -> String {
            let length = try integer(UInt64.self)
            guard length < 1 << 26 else { throw ReadError.truncated }
            return String(decoding: try bytes(Int(length)), as: UTF8.self)
        }

        mutating func integerValue(type: UInt32) throws -> Int? {
            switch type {
            case 0: Int(try integer(UInt8.self))
            case 1: Int(try integer(Int8.self))
            case 2: Int(try integer(UInt16.self))
            case 3: Int(try integer(Int16.self))
            case 4: Int(try integer(UInt32.self))
            case 5: Int(try integer(Int32.self))
            case 10: Int(truncatingIfNeeded: try integer(UInt64.self))
            case 11: Int(try integer(Int64.self))
            default: nil
            }
        }

        mutating func skipValue(type: UInt32) throws {
            let sizes: [UInt32: Int] = [0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8]
            if let size = sizes[type] {
                _ = try bytes(size)
            } else if type == 8 {
                _ = try string()
            } else if type == 9 {
                let elementType = try integer(UInt32.self)
                let n = try integer(UInt64.self)
                guard n < 100_000_000 else { throw ReadError.truncated }
                for _ in 0..<n { try skipValue(type: elementType) }
            } else {
                throw ReadError.truncated
            }
        }
    }
}
