import ArgumentParsing
import Foundation
import Speech

/// `verbatim-bench speech`: text-to-speech speed per language, and speech-to-text speed and word
/// error rate on a small set of sentences spoken by espeak-ng. One thread throughout.
func speechBenchmarkCommand() -> Command {
    Command(
        name: "speech",
        abstract: "Measure espeak-ng and whisper.cpp speed (real-time factor) and word error rate.",
        discussion: """
            TTS: each language's sentences are rendered in memory; the figure is audio seconds per \
            CPU second. STT: the English (tiny.en) and multilingual (base) models transcribe the \
            rendered sentences; the figures are CPU seconds per audio second and the normalized \
            word error rate over the set.
            """,
        options: [
            .value("languages", "CODES", help: "Comma-separated languages (default en,de,es,fr,ja)."),
            .value("stt-languages", "CODES", help: "Languages to transcribe (default en,de,es,fr)."),
            .value("threads", "N", help: "whisper.cpp threads (default 1)."),
            .flag("json", help: "Print one JSON object instead of a table."),
            .flag("verbose", help: "Print every transcript to standard error."),
        ],
        run: { arguments in
            let languages = (arguments.value("languages") ?? "en,de,es,fr,ja").split(separator: ",").map(String.init)
            let sttLanguages = (arguments.value("stt-languages") ?? "en,de,es,fr").split(separator: ",").map(String.init)
            let threads = try arguments.integer("threads") ?? 1
            var report: [String: Any] = [:]
            var lines: [String] = []

            var tts: [String: Double] = [:]
            for language in languages {
                let sentences = SpeechBenchmarkSet.sentences[language] ?? []
                guard !sentences.isEmpty else { continue }
                let synthesizer = SpeechSynthesizer(language: language)
                var audio = 0.0
                let cpu = try SpeechBenchmarkSet.cpuSeconds {
                    for sentence in sentences { audio += try synthesizer.renderSpeech(sentence).duration }
                }
                tts[language] = audio / cpu
                lines.append(String(format: "tts %@  %6.1f s audio  %7.0f× real time", language, audio, audio / cpu))
            }
            report["ttsTimesRealTime"] = tts

            let resources: SpeechResources
            do { resources = try SpeechResources.load() } catch {
                StandardError.write("verbatim-bench speech: skipping recognition: \(error)\n")
                return SpeechBenchmarkSet.finish(report: report, lines: lines, json: arguments.flag("json"))
            }
            var stt: [String: [String: Double]] = [:]
            for language in sttLanguages {
                let sentences = SpeechBenchmarkSet.sentences[language] ?? []
                guard !sentences.isEmpty, resources.modelPath(for: language) != nil else { continue }
                var options = SpeechRecognizer.Options(language: language)
                options.threads = threads
                let recognizer = try SpeechRecognizer(resources: resources, options: options)
                let rendered = try sentences.map { try SpeechSynthesizer(language: language).renderSpeech($0) }
                var errors = 0.0, words = 0.0, audio = 0.0
                let cpu = try SpeechBenchmarkSet.cpuSeconds {
                    for (sentence, speech) in zip(sentences, rendered) {
                        let heard = try recognizer.transcribeBlocking(speech)
                        if arguments.flag("verbose") { StandardError.write("\(language): \(heard)\n") }
                        let count = Double(WordErrorRate.normalizedWords(sentence).count)
                        errors += WordErrorRate.compute(reference: sentence, hypothesis: heard) * count
                        words += count
                        audio += speech.duration
                    }
                }
                let model = URL(fileURLWithPath: recognizer.modelPath).lastPathComponent
                stt[language] = ["cpuSecondsPerAudioSecond": cpu / audio, "wordErrorRate": errors / words, "audioSeconds": audio]
                lines.append(String(format: "stt %@  %5.1f s audio  %.3f CPU-s per audio-s  WER %4.1f %%  (%@, %d thread)",
                                    language, audio, cpu / audio, 100 * errors / words, model, threads))
            }
            report["stt"] = stt
            return SpeechBenchmarkSet.finish(report: report, lines: lines, json: arguments.flag("json"))
        })
}

/// The benchmark's sentences and helpers.
enum SpeechBenchmarkSet {
    /// Short everyday sentences per language, like answers in a dialogue memo.
    static let sentences: [String: [String]] = [
        "en": [
            "I went to the market yesterday and bought some apples and fresh bread.",
            "Please remind me to call my sister tomorrow morning.",
            "The meeting with the design team moved to Thursday afternoon.",
            "We walked along the river until the sun went down.",
            "My favourite part of the trip was the small museum near the harbour.",
            "I need to finish the report before the end of the week.",
        ],
        "de": [
            "Ich bin gestern in die Stadt gefahren und habe Brot gekauft.",
            "Morgen früh muss ich meine Schwester anrufen.",
            "Das Treffen mit dem Team wurde auf Donnerstag verschoben.",
        ],
        "es": [
            "Ayer fui al mercado y compré manzanas y pan fresco.",
            "Mañana por la mañana tengo que llamar a mi hermana.",
            "La reunión con el equipo se cambió al jueves por la tarde.",
        ],
        "fr": [
            "Hier je suis allé au marché et j'ai acheté des pommes.",
            "Demain matin je dois appeler ma sœur.",
            "La réunion avec l'équipe a été déplacée à jeudi après-midi.",
        ],
        "ja": [
            "昨日は市場に行ってりんごとパンを買いました。",
            "明日の朝、姉に電話しなければなりません。",
            "チームとの会議は木曜日の午後に変更されました。",
        ],
    ]

    /// CPU seconds (user + system, whole process) spent in `body`.
    static func cpuSeconds(_ body: () throws -> Void) throws -> Double {
        func now() -> Double {
            var usage = rusage()
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
                + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        let start = now()
        try body()
        return max(now() - start, 1e-6)
    }

    static func finish(report: [String: Any], lines: [String], json: Bool) -> Int32 {
        if json, let data = try? JSONSerialization.data(withJSONObject: report, options: [.prettyPrinted, .sortedKeys]) {
            print(String(decoding: data, as: UTF8.self))
        } else {
            lines.forEach { print($0) }
        }
        return 0
    }
}
