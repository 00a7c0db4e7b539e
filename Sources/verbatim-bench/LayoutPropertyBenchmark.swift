import ArgumentParsing
import DialogueMemo
import Foundation

/// `verbatim-bench layout-property`: runs the layout property (every sentence exactly once, in
/// order, byte for byte, whatever layout a model returns) on 100,000 seeded random cases.
func layoutPropertyBenchmarkCommand() -> Command {
    Command(
        name: "layout-property",
        abstract: "Check the note layout property on many random answers and adversarial layouts.",
        options: [
            .value("cases", "N", help: "Cases to run (default 100000)."),
            .value("seed", "N", help: "Random seed (default 1)."),
        ]
    ) { arguments in
        let cases = try arguments.integer("cases") ?? 100_000
        let seed = UInt64(max(0, try arguments.integer("seed") ?? 1))
        let clock = ContinuousClock()
        let start = clock.now
        let summary = await LayoutPropertyCheck.run(cases: cases, seed: seed)
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("Layout property: \(summary.cases) cases, seed \(seed), \(String(format: "%.2f", seconds)) s "
            + "(\(String(format: "%.1f", seconds * 1e6 / Double(max(1, summary.cases)))) µs per case)")
        print("Sentences checked: \(summary.sentences); windows retried: \(summary.retries); "
            + "local fallbacks: \(summary.localFallbacks); notes over 48 sentences: \(summary.multiWindowNotes)")
        if summary.failures == 0 {
            print("Result: PASS, every note held every sentence exactly once, in order, byte for byte")
            return 0
        }
        print("Result: FAIL, \(summary.failures) cases broke the property; first: \(summary.firstFailure ?? "")")
        return 1
    }
}
