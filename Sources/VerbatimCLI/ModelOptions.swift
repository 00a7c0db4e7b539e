public import ArgumentParsing
import Foundation
public import LanguageModels

/// The options every model-using command shares, in `verbatim`, `verbatim-eval` and
/// `verbatim-bench`: `--model NAME|PATH` and `--threads N`.
public enum ModelOptions {
    /// `--model` and `--threads`.
    public static let options: [Option] = [
        .value(
            "model", "NAME|PATH",
            help: "A catalog model (see 'verbatim models') or a GGUF file instead of the default (or set VERBATIM_MODEL)."),
        .value("threads", "N", help: "Threads for llama.cpp (default: physical cores, or VERBATIM_THREADS)."),
    ]

    /// The model the arguments ask for.
    /// - Throws: A ``UsageError`` for a thread count below 1 or a model that is neither a file nor a catalog name.
    public static func model(from arguments: ParsedArguments) throws(UsageError) -> SystemLanguageModel {
        let threads = try arguments.integer("threads")
        if let threads, threads < 1 {
            throw .invalidValue(option: "threads", value: String(threads), expected: "a positive integer")
        }
        guard let reference = arguments.value("model") else { return SystemLanguageModel.configured(threads: threads) }
        do {
            return try SystemLanguageModel(reference: reference, threads: threads)
        } catch {
            throw .invalidValue(option: "model", value: reference, expected: expectation(for: error))
        }
    }

    /// What `--model` accepts, naming the catalog's models.
    static func expectation(for error: ModelCatalogError) -> String {
        guard case .unknownModel(_, let known) = error, !known.isEmpty else {
            return "a GGUF file or a catalog model (run 'make setup' to install the catalog)"
        }
        return "a GGUF file or one of \(known.joined(separator: ", "))"
    }
}
