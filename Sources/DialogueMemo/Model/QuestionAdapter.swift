import Foundation
public import LanguageModels

/// The LoRA adapters that teach catalog models Verbatim's next-question decision: trained by
/// `scripts/train-adapter.py` on dialogue states written for it (`scripts/make-question-states.py`),
/// never on an evaluation state; the recipes and the hashes are in `eval/memo/README.md`.
///
/// One adapter per model: SmolLM2-135M-Instruct (the default) and Qwen2.5-Coder-0.5B-Instruct. With
/// any other model the decisions use the plain model. Each adapter names the languages it was
/// trained and measured in; the model is asked in those even when the model itself declares
/// fewer (``ModelAccess/resolve(_:language:)``).
public enum QuestionAdapter {
    /// A bundled adapter's file in the module's resources and the languages it decides in.
    struct Bundled: Sendable {
        let resourceName: String
        let languages: Set<MemoLanguage>
    }

    /// The bundled adapters. SmolLM2's decides in English only: asked in the other four languages
    /// it scored below the rules alone. Qwen's was measured in all five (`eval/memo/README.md`).
    static let all: [Bundled] = [
        Bundled(resourceName: "next-question-smollm2-135m", languages: [.english]),
        Bundled(resourceName: "next-question-qwen2.5-coder-0.5b", languages: Set(MemoLanguage.allCases)),
    ]

    /// The bundled adapters whose files are present, in ``all``'s order.
    public static var bundled: [SystemLanguageModel.Adapter] {
        all.compactMap { adapter(named: $0.resourceName) }
    }

    static func adapter(named name: String) -> SystemLanguageModel.Adapter? {
        Bundle.module.url(forResource: name, withExtension: "gguf").map { SystemLanguageModel.Adapter(fileURL: $0) }
    }

    /// The bundled adapter that fits `model` (the model it was trained for) when `model` is
    /// available, else `nil`.
    public static func fitting(_ model: SystemLanguageModel) -> SystemLanguageModel.Adapter? {
        bundled.first { adapter in
            if case .available = model.adapted(by: model.adapters + [adapter]).availability { return true }
            return false
        }
    }

    /// The languages a bundled adapter decides in; none for an adapter that is not bundled.
    public static func languages(of adapter: SystemLanguageModel.Adapter) -> Set<MemoLanguage> {
        all.first { Self.adapter(named: $0.resourceName) == adapter }?.languages ?? []
    }

    /// The catalog model whose adapter decides best (`eval/memo/README.md`: 90.7 % against 86.0 %
    /// for SmolLM2 with its adapter on the dev states, 61.7 % against 5.0 % on the adversarial ones,
    /// asked in all five languages), which setup installs for Quick Log too.
    public static let preferredModelName = "qwen2.5-coder-0.5b"

    /// The model that decides the next question when `selected` runs the memo: the preferred
    /// model with `selected`'s threads when `selected` is the catalog's default (no `--model` or
    /// `VERBATIM_MODEL` chose another) and the preferred model is installed, else `selected`.
    public static func questionModel(for selected: SystemLanguageModel) -> SystemLanguageModel {
        guard let defaultName = VerbatimConfiguration.current.modelCatalog.defaultName, selected.catalogName == defaultName
        else { return selected }
        return SystemLanguageModel.preferred(preferredModelName, threads: selected.threads) ?? selected
    }

    /// Whether the model decides questions in `language`: it declares the language, or the
    /// adapter its decisions use was trained and measured in it.
    public static func decides(in language: MemoLanguage, model: SystemLanguageModel, adapter: SystemLanguageModel.Adapter?) -> Bool {
        model.supportsLocale(language.locale) || adapter.map { languages(of: $0).contains(language) } == true
    }
}
