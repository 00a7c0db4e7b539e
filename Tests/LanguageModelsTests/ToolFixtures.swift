@testable import LanguageModels
import Synchronization

enum ForecastCity: String, CaseIterable, Generable {
    case paris, tokyo, lima
}

/// A weather tool that records every call it gets.
struct ForecastTool: Tool {
    let name = "getForecast"
    let description = "Gives the weather forecast for a city."
    let log = CallLog<Arguments>()

    struct Arguments: Generable, Equatable {
        var city: ForecastCity
        var days: Int
        static let generationSchema = GenerationSchema(
            type: "Arguments",
            properties: [
                .init("city", ForecastCity.self, description: "The city."),
                .init("days", Int.self, description: "How many days ahead.", .range(1...7)),
            ])
        init(city: ForecastCity, days: Int) {
            self.city = city
            self.days = days
        }
        init(_ content: GeneratedContent) throws {
            city = try content.value(forProperty: "city")
            days = try content.value(forProperty: "days")
        }
    }

    static func output(for arguments: Arguments) -> String {
        "\(arguments.city.rawValue.capitalized): sunny and 21 degrees for the next \(arguments.days) days."
    }

    func call(arguments: Arguments) async throws -> String {
        log.record(arguments)
        return Self.output(for: arguments)
    }
}

/// A tool with a free-text argument, so a schema has two tools to choose between.
struct ClockTool: Tool {
    let name = "getTime"
    let description = "Tells the time in a time zone."
    let log = CallLog<GeneratedContent>()
    var parameters: GenerationSchema {
        GenerationSchema(type: "Arguments", properties: [.init("zone", String.self, .maximumLength(20))])
    }
    func call(arguments: GeneratedContent) async throws -> GeneratedContent {
        log.record(arguments)
        return .object([.init("time", .string("12:00"))])
    }
}

/// A tool that always throws.
struct BrokenTool: Tool {
    struct Failure: Error, Equatable {}
    let name = "broken"
    let description = "Always fails."
    func call(arguments: ForecastTool.Arguments) async throws -> String { throw Failure() }
}

/// What a tool was called with, in order.
final class CallLog<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    func record(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}
