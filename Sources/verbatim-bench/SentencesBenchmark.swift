import ArgumentParsing
import Foundation
import SentenceSegmentation

/// `verbatim-bench sentences`: times sentence splitting of a ~3,600-character mixed text, with
/// ICU-only splitting in the same run as the baseline.
func sentencesBenchmarkCommand() -> Command {
    Command(
        name: "sentences",
        abstract: "Time sentence splitting of a ~3,600-character mixed text (goal: median <= 2 ms).",
        options: [.value("iterations", short: "n", "N", help: "Splits per measurement (default 300).")]
    ) { arguments in
        let iterations = try arguments.integer("iterations") ?? 300
        guard iterations > 0 else {
            throw UsageError.invalidValue(option: "iterations", value: String(iterations), expected: "a positive number")
        }
        let text = SentencesBenchmarkText.mixed
        print("text: \(text.count) characters, \(text.utf16.count) UTF-16 units; \(iterations) splits each")
        let full = measure(iterations) { SentenceSplitter.split(text, language: "en").count }
        let icu = measure(iterations) { SentenceSplitter.splitWithICUOnly(text, language: "en").count }
        print(full.row("ICU + rules"))
        print(icu.row("ICU only"))
        return 0
    }
}

/// Timing figures, in milliseconds.
private struct Timing {
    var median: Double
    var p95: Double
    var sentences: Int

    func row(_ name: String) -> String {
        name.padding(toLength: 12, withPad: " ", startingAt: 0)
            + String(format: "  median %7.3f ms   p95 %7.3f ms   (%d sentences)", median, p95, sentences)
    }
}

private func measure(_ iterations: Int, _ body: () -> Int) -> Timing {
    var sentences = 0
    for _ in 0..<min(10, iterations) { sentences = body() }  // warm-up
    let clock = ContinuousClock()
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let elapsed = clock.measure { sentences = body() }
        samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    }
    samples.sort()
    let p95Index = min(samples.count - 1, Int((Double(samples.count) * 0.95).rounded(.up)) - 1)
    return Timing(median: samples[samples.count / 2], p95: samples[p95Index], sentences: sentences)
}

/// The benchmark's text: English prose with abbreviations, initials, numbers, a list, ellipses,
/// quotations and some German, Spanish, French and Japanese, repeated to about 3,600 characters.
private enum SentencesBenchmarkText {
    static let paragraph = """
        At 9 a.m. Dr. Jane R. Miller met the team from Pitt, Briggs & Co. in the U.S. office. \
        She asked three questions. What changed since Jan. 5? Who signed the contract on p. 12? \
        Why did nobody call?! The answer was simple . . . nobody knew. "We will fix it," she said. \
        1. Review the draft. 2. Send it to Mr. Lee. 3. Wait for approval. \
        Prices rose by 12.5% to $1,200.00 last year. I never meant that.... It just happened. \
        Die Sitzung am 12. Juni war kurz, z. B. gab es keine Fragen. \
        ¿Dónde está el Dr. García? La Srta. López no lo sabe. \
        M. Dupont arrive à 10 h. Il parle avec Mme Martin. \
        会議は十時に始まりました。誰も来ませんでした！ \
        They reviewed it at Yahoo! in the afternoon. Everything looked fine.

        """
    static let mixed: String = {
        var text = ""
        while text.count < 3_600 { text += paragraph }
        return String(text.prefix(3_600))
    }()
}
