import ArgumentParsing
import Foundation
import LanguageModels

/// `verbatim doctor`: what Verbatim will run on, and a one-line reason when something is missing.
func doctorCommand() -> Command {
    Command(
        name: "doctor",
        abstract: "Check the model, llama.cpp and the machine; exit non-zero with the reason if something is missing.",
        options: ModelOptions.options,
        run: { arguments in
            let model = try ModelOptions.model(from: arguments)
            let configuration = VerbatimConfiguration.current
            print("manifest:        \(configuration.manifestURL.path)"
                + (FileManager.default.fileExists(atPath: configuration.manifestURL.path) ? "" : " (missing)"))
            print("llama.cpp:       \(configuration.llamaLibraryDirectory ?? "not recorded") (llama-cpp-python 0.3.36)")
            guard let url = model.url else {
                guard case .unavailable(let reason) = model.availability else {
                    return DoctorReport.fail(SystemLanguageModel.UnavailableReason.noModelConfigured.description)
                }
                return DoctorReport.fail(reason.description)
            }
            print("model:           \(url.path)" + (model.catalogName.map { " (\($0))" } ?? ""))
            if let facts = model.facts {
                print("size:            \(DoctorReport.megabytes(facts.fileSize))")
                print("name:            \(facts.name ?? "unnamed")")
                print("architecture:    \(facts.architecture)")
                print("trained context: \(facts.trainedContextLength.map(String.init) ?? "unknown") tokens")
                print("vocabulary:      \(facts.vocabularySize.map(String.init) ?? "unknown") tokens")
                print("chat template:   \(facts.hasChatTemplate ? "found" : "none (ChatML is used)")")
                print("languages:       \(model.supportedLanguages.sorted().joined(separator: ", "))"
                    + (facts.declaredLanguages.isEmpty ? " (none declared; English assumed)" : ""))
                if let license = facts.license { print("licence:         \(license)") }
            }
            if case .unavailable(let reason) = model.availability {
                return DoctorReport.fail(reason.description)
            }
            print("loaded:          \(model.loadedSummary ?? "")")
            print("context:         \(model.contextSize) tokens per session")
            print("threads:         \(model.threads)")
            print("cpu features:    \(SystemLanguageModel.runtimeInfo.trimmingCharacters(in: .whitespacesAndNewlines))")
            print("embeddings:      \(DoctorReport.embeddingStatus(threads: model.threads))")
            print("note search:     \(DoctorReport.noteSearchStatus())")
            print("status:          ready")
            return 0
        })
}

/// Formatting and failure reporting for `doctor`.
enum DoctorReport {
    static func fail(_ reason: String) -> Int32 {
        print("status:          unavailable")
        StandardError.write("verbatim doctor: \(reason)\n")
        return 1
    }

    /// The embedding model's file and size, or what English memo layout uses without it (not a
    /// failure: everything works without it).
    static func embeddingStatus(threads: Int) -> String {
        do throws(EmbeddingError) {
            let embedding = try EmbeddingModel.installed(threads: threads)
            return "\(embedding.url.path) (\(embedding.name ?? "unnamed"), \(embedding.dimension) dimensions)"
        } catch {
            return "\(error.description); English memo paragraphs then come from the next method LayoutMethod ranks"
        }
    }

    /// Whether the multilingual encoder `memo search` uses is installed (by the catalog; not loaded).
    static func noteSearchStatus(catalog: ModelCatalog = VerbatimConfiguration.current.modelCatalog) -> String {
        let name = EmbeddingModel.multilingualModelName
        switch catalog.model(named: name)?.status {
        case .installed(let url): return "\(url.path) (\(name))"
        case .damaged(let url, _): return "\(name) at \(url.path) changed size since setup verified it: run 'make setup'"
        case .notInstalled, nil: return "\(name) is not installed (run 'make setup'); 'memo search' needs it"
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
