// swift-tools-version:6.0
import PackageDescription

/// Strict settings for every Swift target, applied from one place.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Verbatim",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "LanguageModels", targets: ["LanguageModels"]),
        .library(name: "SentenceSegmentation", targets: ["SentenceSegmentation"]),
        .library(name: "DialogueMemo", targets: ["DialogueMemo"]),
        .library(name: "QuickLog", targets: ["QuickLog"]),
        .library(name: "Speech", targets: ["Speech"]),
        .library(name: "VerbatimWeb", targets: ["VerbatimWeb"]),
        .executable(name: "verbatim", targets: ["verbatim"]),
        .executable(name: "verbatim-eval", targets: ["verbatim-eval"]),
        .executable(name: "verbatim-bench", targets: ["verbatim-bench"]),
    ],
    targets: [
        // C libraries, each behind a tiny system-library target. `scripts/setup.sh` writes llama.pc.
        .systemLibrary(name: "CLlama", pkgConfig: "llama"),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3"),
        .systemLibrary(name: "CEspeak", pkgConfig: "espeak-ng"),
        .systemLibrary(name: "CALSA", pkgConfig: "alsa"),
        .systemLibrary(name: "CMeCab"),
        .systemLibrary(name: "CReadline"),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd"),
        // Headers only (`scripts/setup-speech.sh` writes whisper.pc); libwhisper is dlopen'ed.
        .systemLibrary(name: "CWhisper", pkgConfig: "whisper"),

        // Libraries, by domain; dependencies point one way (see the module map in README.md).
        .target(name: "VerbatimPaths", swiftSettings: strict),
        .target(name: "LanguageModels", dependencies: ["CLlama", "VerbatimPaths"], swiftSettings: strict),
        .target(name: "ICUBreaks", dependencies: ["CICU"], swiftSettings: strict),
        .target(name: "SentenceSegmentation", dependencies: ["ICUBreaks"], swiftSettings: strict),
        .target(
            name: "DialogueMemo", dependencies: ["LanguageModels", "SentenceSegmentation", "VerbatimPaths"],
            resources: [
                .copy("Resources/next-question-smollm2-135m.gguf"), .copy("Resources/next-question-qwen2.5-coder-0.5b.gguf"),
            ], swiftSettings: strict),
        .target(
            name: "QuickLog", dependencies: ["LanguageModels", "CSQLite", "VerbatimPaths"],
            resources: [.process("Resources")], swiftSettings: strict),
        .target(
            name: "Speech", dependencies: ["CEspeak", "CALSA", "CMeCab", "CWhisper", "VerbatimPaths"], swiftSettings: strict),
        .target(name: "ArgumentParsing", swiftSettings: strict),
        // Scoring and eval-file readers for verbatim-eval and verbatim-bench; no product target depends on it.
        .target(name: "Evaluation", dependencies: ["QuickLog"], swiftSettings: strict),
        .target(
            name: "VerbatimWeb",
            dependencies: ["CMicroHTTPD", "LanguageModels", "DialogueMemo", "QuickLog", "Speech"],
            resources: [.copy("Site")], swiftSettings: strict),
        .target(
            name: "VerbatimCLI",
            dependencies: [
                "ArgumentParsing", "LanguageModels", "DialogueMemo", "QuickLog", "Speech", "VerbatimWeb", "CReadline",
            ],
            swiftSettings: strict),

        // Executables: they parse arguments and call the libraries.
        .executableTarget(
            name: "verbatim",
            dependencies: ["VerbatimCLI", "LanguageModels"],
            swiftSettings: strict),
        .executableTarget(
            name: "verbatim-eval",
            dependencies: [
                "ArgumentParsing", "Evaluation", "LanguageModels", "SentenceSegmentation", "DialogueMemo", "QuickLog", "Speech",
                "VerbatimCLI",
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "verbatim-bench",
            dependencies: [
                "ArgumentParsing", "Evaluation", "LanguageModels", "SentenceSegmentation", "DialogueMemo", "QuickLog", "Speech",
                "VerbatimCLI",
                "VerbatimWeb", "VerbatimPaths",
            ],
            swiftSettings: strict),

        // Test support: saves slowly so a test can kill it mid-transaction.
        .executableTarget(name: "quicklog-crash-helper", dependencies: ["QuickLog"], swiftSettings: strict),

        // Test support: suites that need the model, speech models or database skip without them,
        // or fail with VERBATIM_REQUIRE_MODELS=1 (CI).
        .target(name: "AssetRequirements", path: "Tests/AssetRequirements", swiftSettings: strict),

        .testTarget(name: "VerbatimPathsTests", dependencies: ["VerbatimPaths"], swiftSettings: strict),
        .testTarget(name: "LanguageModelsTests", dependencies: ["LanguageModels", "AssetRequirements"], swiftSettings: strict),
        .testTarget(
            name: "SentenceSegmentationTests", dependencies: ["SentenceSegmentation", "AssetRequirements"],
            swiftSettings: strict),
        .testTarget(
            name: "DialogueMemoTests", dependencies: ["DialogueMemo", "LanguageModels", "AssetRequirements"],
            swiftSettings: strict),
        .testTarget(name: "QuickLogTests", dependencies: ["QuickLog", "LanguageModels", "AssetRequirements"], swiftSettings: strict),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "QuickLog"], swiftSettings: strict),
        .testTarget(name: "SpeechTests", dependencies: ["Speech", "AssetRequirements"], swiftSettings: strict),
        .testTarget(
            name: "VerbatimCLITests",
            dependencies: [
                "ArgumentParsing", "VerbatimCLI", "DialogueMemo", "LanguageModels", "Speech", "AssetRequirements", "VerbatimPaths",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "VerbatimWebTests",
            dependencies: ["VerbatimWeb", "DialogueMemo", "QuickLog", "LanguageModels", "AssetRequirements"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
