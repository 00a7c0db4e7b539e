import Foundation
import Testing
import VerbatimPaths

@Suite struct VerbatimPathsTests {
    @Test func theDefaultsFollowTheHomeFolder() {
        let paths = VerbatimPaths(environment: ["HOME": "/home/ana"])
        #expect(paths.cache.path == "/home/ana/.cache/verbatim")
        #expect(paths.data.path == "/home/ana/.local/share/verbatim")
        #expect(paths.manifest.path == "/home/ana/.cache/verbatim/manifest.json")
        #expect(paths.diary.path == "/home/ana/.local/share/verbatim/food/diary.sqlite")
        #expect(paths.notes.path == "/home/ana/.local/share/verbatim/notes")
        #expect(paths.drafts.path == "/home/ana/.local/share/verbatim/drafts")
        #expect(paths.cacheFile("nutrition.json").path == "/home/ana/.cache/verbatim/nutrition.json")
    }

    @Test func eachVariableOverridesItsPath() {
        let paths = VerbatimPaths(environment: [
            "HOME": "/home/ana", "VERBATIM_CACHE": "/opt/vc", "XDG_DATA_HOME": "/srv/data",
            "VERBATIM_MANIFEST": "/etc/m.json", "VERBATIM_FOOD_DIARY": "/tmp/d.sqlite",
        ])
        #expect(paths.cache.path == "/opt/vc")
        #expect(paths.data.path == "/srv/data/verbatim")
        #expect(paths.manifest.path == "/etc/m.json")
        #expect(paths.diary.path == "/tmp/d.sqlite")
        #expect(VerbatimPaths(environment: ["HOME": "/h", "XDG_CACHE_HOME": "/xc"]).cache.path == "/xc/verbatim")
    }

    @Test(arguments: ["VERBATIM_CACHE", "XDG_CACHE_HOME", "XDG_DATA_HOME", "VERBATIM_MANIFEST", "VERBATIM_FOOD_DIARY", "HOME"])
    func anEmptyVariableBehavesLikeAnUnsetOne(_ name: String) {
        let unset = VerbatimPaths(environment: name == "HOME" ? [:] : ["HOME": "/home/ana"])
        var environment = name == "HOME" ? [:] : ["HOME": "/home/ana"]
        environment[name] = ""
        #expect(VerbatimPaths(environment: environment) == unset)
    }

    @Test func aRelativeXDGFolderIsIgnored() {
        let paths = VerbatimPaths(environment: ["HOME": "/home/ana", "XDG_CACHE_HOME": "cache", "XDG_DATA_HOME": "data"])
        #expect(paths == VerbatimPaths(environment: ["HOME": "/home/ana"]))
    }
}
