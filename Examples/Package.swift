// swift-tools-version:6.0
import PackageDescription

// Small programs on the `LanguageModels` library, which this package takes from the Verbatim
// checkout it sits in (`..`), as another package would. Build them after setup with
// `scripts/build-examples.sh` (the pkg-config path and rpath that `scripts/swiftpm.sh` passes).
let package = Package(
    name: "VerbatimExamples",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Verbatim", path: "..")],
    targets: [
        // A typed decision: the model can only answer with a case of an enum.
        .executableTarget(name: "decision", dependencies: [.product(name: "LanguageModels", package: "Verbatim")]),
        // A stream: a typed value as it is decoded, field by field.
        .executableTarget(name: "stream", dependencies: [.product(name: "LanguageModels", package: "Verbatim")]),
        // A tool: the model calls Swift code with typed arguments, then answers with its output.
        .executableTarget(name: "tools", dependencies: [.product(name: "LanguageModels", package: "Verbatim")]),
    ],
    swiftLanguageModes: [.v6]
)
