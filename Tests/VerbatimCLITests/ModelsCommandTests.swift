import Foundation
import LanguageModels
import Testing
@testable import VerbatimCLI

@Suite struct ModelsCommandTests {
    private let catalog = ModelCatalog(
        models: [
            CatalogModel(
                name: "tiny", title: "Tiny", licence: "MIT", source: "tiny==1", bytes: 98_362_432,
                sha256: String(repeating: "0", count: 64)),
            CatalogModel(
                name: "big", title: "Big", licence: "Apache-2.0", source: "big==2", bytes: 491_400_064,
                sha256: String(repeating: "1", count: 64)),
        ],
        defaultName: "tiny")

    @Test func listsEveryModelWithItsSizeLicenceAndHowToInstallIt() throws {
        let inUse = SystemLanguageModel(selection: try catalog.select("big"), threads: 1)
        let lines = ModelsListing.table(catalog: catalog, inUse: inUse).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("   tiny (default)"))
        #expect(lines[1].contains("98.4 MB") && lines[1].contains("MIT") && lines[1].contains("make setup MODEL=tiny"))
        #expect(lines[2].hasPrefix("*  big"))
        #expect(lines[2].contains("491.4 MB") && lines[2].contains("not installed"))
    }

    @Test func aModelGivenByPathIsShownAsInUseOutsideTheCatalog() {
        let inUse = SystemLanguageModel(url: URL(fileURLWithPath: "/models/other.gguf"), threads: 1)
        let text = ModelsListing.table(catalog: catalog, inUse: inUse)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines.dropLast().allSatisfy { !$0.hasPrefix("*") })
        #expect(lines.last == "* in use: /models/other.gguf (not from the catalog)")
    }

    @Test func anUnknownModelNameIsAUsageError() async {
        #expect(await VerbatimCLI.main(["models", "--model", "no-such-model"]) == 64)
        #expect(await VerbatimCLI.main(["doctor", "--model", "no-such-model"]) == 64)
        #expect(await VerbatimCLI.main(["models", "--help"]) == 0)
    }
}
