import Foundation
public import LanguageModels

/// The LoRA adapter that teaches the default model Verbatim's next-question decision: trained by
/// `scripts/train-adapter.py` on dialogue states written for it (`scripts/make-question-states.py`),
/// never on an evaluation state; the recipe and the hashes are in `eval/memo/README.md`.
///
/// It fits SmolLM2-135M-Instruct only; with any other model the decisions use the plain model.
public enum QuestionAdapter {
    /// The adapter's file in the module's resources.
    static let resourceName = "next-question-smollm2-135m"

    /// The bundled adapter, or `nil` when its file is missing.
    public static var bundled: SystemLanguageModel.Adapter? {
        Bundle.module.url(forResource: resourceName, withExtension: "gguf").map { SystemLanguageModel.Adapter(fileURL: $0) }
    }

    /// The bundled adapter when `model` is available and the adapter fits it (the model it was
    /// trained for), else `nil`.
    public static func fitting(_ model: SystemLanguageModel) -> SystemLanguageModel.Adapter? {
        guard let adapter = bundled, case .available = model.adapted(by: model.adapters + [adapter]).availability else { return nil }
        return adapter
    }
}
