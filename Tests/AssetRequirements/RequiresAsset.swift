public import Testing

private import Foundation

/// Something setup installs that some tests need: the real model, the speech models, the
/// nutrition database.
public struct InstalledAsset: Sendable {
    /// Whether it is installed.
    public var isInstalled: Bool
    /// What is missing, and how to install it.
    public var missing: Comment

    /// Describes an asset: whether it is installed, and the message when it is not.
    public init(isInstalled: Bool, missing: Comment) {
        self.isInstalled = isInstalled
        self.missing = missing
    }

    /// Whether a missing asset fails the tests that need it instead of skipping them:
    /// `VERBATIM_REQUIRE_MODELS=1`, which `.ci/run` sets.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["VERBATIM_REQUIRE_MODELS"] == "1"
    }
}

/// Fails every test of a suite (or one test) at once when its asset is missing, naming it. Pair
/// it with `.enabled(ifInstalled:)`, which skips instead unless ``InstalledAsset/isRequired``:
///
///     @Suite(.enabled(ifInstalled: model), .requires(model))
///
/// so CI can never pass with the real-model, speech or database suites skipped.
public struct RequiresAsset: SuiteTrait, TestTrait, TestScoping {
    /// The asset the tests need.
    public var asset: InstalledAsset

    /// Applies to every test in a suite.
    public var isRecursive: Bool { true }

    /// Scopes each test, not the suite itself, so every test that needs the asset fails.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> RequiresAsset? {
        test.isSuite ? nil : self
    }

    /// Records an issue instead of running the test when the asset is missing.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        guard asset.isInstalled else {
            Issue.record("\(asset.missing) (VERBATIM_REQUIRE_MODELS=1: a missing asset is a failure, not a skip)")
            return
        }
        try await function()
    }
}

extension Trait where Self == RequiresAsset {
    /// Fails the tests at once, naming the asset, when it is missing (they run only when it is
    /// installed or ``InstalledAsset/isRequired``).
    public static func requires(_ asset: InstalledAsset) -> RequiresAsset { RequiresAsset(asset: asset) }
}

extension Trait where Self == ConditionTrait {
    /// Runs when the asset is installed; when it is missing, skips with the reason, unless
    /// ``InstalledAsset/isRequired`` (then `.requires` fails the tests instead).
    public static func enabled(ifInstalled asset: InstalledAsset) -> ConditionTrait {
        .enabled(if: asset.isInstalled || InstalledAsset.isRequired, asset.missing)
    }
}
