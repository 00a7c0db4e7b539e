import AssetRequirements
import Foundation
import Testing

/// The `Examples/` package builds against this checkout as another package would
/// (`scripts/build-examples.sh`: a path dependency, pkg-config and an rpath from setup), and each
/// example runs on the real default model. Its build is cached in `Examples/.build`.
@Suite(.serialized, .enabled(ifInstalled: realModel), .requires(realModel))
struct ExamplesPackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs a program to its end; stdout and stderr together.
    func run(_ executable: URL, _ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Self.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func examplesBuildAndRunOnTheDefaultModel() throws {
        let build = try run(
            URL(fileURLWithPath: "/bin/bash"), [Self.root.appendingPathComponent("scripts/build-examples.sh").path])
        try #require(build.status == 0, "scripts/build-examples.sh failed:\n\(build.output)")
        let products = Self.root.appendingPathComponent("Examples/.build/debug")

        let decision = try run(products.appendingPathComponent("decision"))
        #expect(decision.status == 0, "\(decision.output)")
        let lines = decision.output.split(separator: "\n")
        #expect(lines.count == 3, "\(decision.output)")
        let cases = ["billing", "shipping", "technicalSupport", "other"]
        #expect(lines.allSatisfy { line in cases.contains { line.hasPrefix($0 + ": ") } }, "\(decision.output)")

        let stream = try run(products.appendingPathComponent("stream"))
        #expect(stream.status == 0, "\(stream.output)")
        #expect(stream.output.contains("so far: ") && stream.output.contains("done: {\"destination\":"), "\(stream.output)")
        #expect(stream.output.contains(" days in "), "\(stream.output)")

        let tools = try run(products.appendingPathComponent("tools"))
        #expect(tools.status == 0, "\(tools.output)")
        #expect(tools.output.contains("call: getForecast {\"city\":"), "\(tools.output)")
        #expect(tools.output.contains("output: ") && tools.output.contains("answer: "), "\(tools.output)")
    }
}
