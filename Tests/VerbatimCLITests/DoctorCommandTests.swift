import Foundation
import Testing
import VerbatimCLI

@Suite struct DoctorCommandTests {
    @Test func aMissingModelIsReportedWithANonZeroStatus() async {
        #expect(await VerbatimCLI.main(["doctor", "--model", "/nonexistent/model.gguf"]) == 1)
    }

    @Test func aTruncatedModelIsReportedWithANonZeroStatus() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-truncated-\(UUID()).gguf")
        defer { try? FileManager.default.removeItem(at: file) }
        // A GGUF header that promises more than the file holds.
        var bytes = Array("GGUF".utf8) + [3, 0, 0, 0] + [1, 0, 0, 0, 0, 0, 0, 0] + [9, 0, 0, 0, 0, 0, 0, 0]
        bytes += [200, 0, 0, 0, 0, 0, 0, 0] + Array("general.".utf8)
        try Data(bytes).write(to: file)
        #expect(await VerbatimCLI.main(["doctor", "--model", file.path]) == 1)
    }

    @Test func badArgumentsExitWith64() async {
        #expect(await VerbatimCLI.main(["--bogus"]) == 64)
        #expect(await VerbatimCLI.main(["doctor", "--threads", "zero"]) == 64)
        #expect(await VerbatimCLI.main(["doctor", "--threads", "0"]) == 64)
    }

    @Test func helpIsPrintedForEveryCommand() async {
        #expect(await VerbatimCLI.main(["--help"]) == 0)
        #expect(await VerbatimCLI.main(["doctor", "--help"]) == 0)
        #expect(await VerbatimCLI.main(["--version"]) == 0)
    }
}
