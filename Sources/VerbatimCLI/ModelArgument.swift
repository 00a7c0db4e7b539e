public import ArgumentParsing
public import LanguageModels

/// `--model NAME|PATH`: a catalog model (`verbatim models`) or a GGUF file, for the evaluation
/// and benchmark executables.
public enum ModelArgument {
    /// The option, for a command's option list.
    public static let option = Option.value(
        "model", "NAME|PATH", help: "A catalog model (see 'verbatim models') or a GGUF file (default: the configured model).")

    /// The model `--model` names, else the configured one.
    /// - Throws: ``UsageError/invalidValue(option:value:expected:)`` when it is neither a file nor a catalog name.
    public static func model(from arguments: ParsedArguments) throws(UsageError) -> SystemLanguageModel {
        guard let reference = arguments.value("model") else { return .default }
        do {
            return try SystemLanguageModel(reference: reference)
        } catch {
            throw .invalidValue(option: "model", value: reference, expected: "a GGUF file or a catalog model: \(error)")
        }
    }
}
