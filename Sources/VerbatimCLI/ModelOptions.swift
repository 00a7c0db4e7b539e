import ArgumentParsing
import Foundation
import LanguageModels

/// The options every model-using command shares: `--model PATH` and `--threads N`.
enum ModelOptions {
    static let options: [Option] = [
        .value("model", "PATH", help: "Use this GGUF model instead of the default (or set VERBATIM_MODEL)."),
        .value("threads", "N", help: "Threads for llama.cpp (default: physical cores, or VERBATIM_THREADS)."),
    ]

    /// The model the arguments ask for.
    static func model(from arguments: ParsedArguments) throws(UsageError) -> SystemLanguageModel {
        let threads = try arguments.integer("threads")
        if let threads, threads < 1 {
            throw .invalidValue(option: "threads", value: String(threads), expected: "a positive integer")
        }
        if let path = arguments.value("model") {
            return SystemLanguageModel(url: URL(fileURLWithPath: path), threads: threads)
        }
        let configured = SystemLanguageModel.default
        guard let threads else { return configured }
        guard let url = configured.url else { return configured }
        return SystemLanguageModel(url: url, threads: threads)
    }
}
