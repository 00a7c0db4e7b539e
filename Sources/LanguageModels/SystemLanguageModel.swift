public import Foundation

/// An on-device language model: a local GGUF file run in-process by llama.cpp.
///
/// ``default`` is the model setup installed (SmolLM2-135M-Instruct), unless `VERBATIM_MODEL`
/// names another GGUF file. Check ``availability`` before use; everything that does not need
/// the model keeps working when it is unavailable.
public struct SystemLanguageModel: Sendable {
    /// The model file, or `nil` when none is configured (or the selected catalog model is not installed).
    public let url: URL?
    /// The catalog name of the model, when it was selected by name or is a catalog model's file.
    public var catalogName: String? {
        selectedName ?? url.flatMap { VerbatimConfiguration.current.modelCatalog.model(at: $0)?.name }
    }
    private let selectedName: String?
    /// Threads llama.cpp uses for this model's sessions.
    public let threads: Int
    private let requestedContextSize: Int?
    /// Set when the selected catalog model cannot be used: not installed (or its file is
    /// damaged), or not a language model.
    private let selectionProblem: UnavailableReason?
    /// The LoRA adapters every session of this model applies (none by default); see
    /// ``init(adapter:base:)`` and ``adapted(by:)``.
    public internal(set) var adapters: [Adapter] = []

    /// The configured default model: `VERBATIM_MODEL` (a path or a catalog name), else the one
    /// recorded by setup.
    public static var `default`: SystemLanguageModel { configured() }

    /// The configured model (as ``default``) with another thread count.
    /// - Parameter threads: Threads for llama.cpp; default `VERBATIM_THREADS`, else the physical cores.
    public static func configured(threads: Int? = nil) -> SystemLanguageModel {
        let configuration = VerbatimConfiguration.current
        guard let selection = configuration.modelSelection else {
            return SystemLanguageModel(configuredURL: nil, threads: threads, contextSize: nil)
        }
        return SystemLanguageModel(selection: selection, threads: threads)
    }

    /// The catalog model `name` for a job that prefers it over the default (Quick Log's meal
    /// parsing, Dialogue Memo's question decisions), or `nil` when `VERBATIM_MODEL` names a model
    /// (the person's choice wins) or `name` is not installed and loadable.
    /// - Parameters:
    ///   - name: A catalog name.
    ///   - threads: Threads for llama.cpp; default `VERBATIM_THREADS`, else the physical cores.
    public static func preferred(_ name: String, threads: Int? = nil) -> SystemLanguageModel? {
        guard ProcessInfo.processInfo.environment["VERBATIM_MODEL", default: ""].isEmpty,
            let model = try? SystemLanguageModel(reference: name, threads: threads), model.availability == .available
        else { return nil }
        return model
    }

    /// The model a selection names: a GGUF file, or a catalog model (unavailable with
    /// ``UnavailableReason/modelNotInstalled(name:)`` until setup installs it).
    /// - Parameters:
    ///   - selection: From ``ModelCatalog/select(_:)``.
    ///   - threads: Threads for llama.cpp; default `VERBATIM_THREADS`, else the physical cores.
    ///   - contextSize: Tokens in each session's context; default the trained length, at most 4,096.
    public init(selection: ModelSelection, threads: Int? = nil, contextSize: Int? = nil) {
        switch selection {
        case .file(let url):
            self.init(configuredURL: url, threads: threads, contextSize: contextSize)
        case .catalog(let model) where model.kind != .language:
            self.init(
                configuredURL: nil, threads: threads, contextSize: contextSize, catalogName: model.name,
                selectionProblem: .notALanguageModel(name: model.name))
        case .catalog(let model):
            if case .installed(let url) = model.status {
                self.init(configuredURL: url, threads: threads, contextSize: contextSize, catalogName: model.name)
            } else {
                self.init(
                    configuredURL: nil, threads: threads, contextSize: contextSize, catalogName: model.name,
                    selectionProblem: .modelNotInstalled(name: model.name))
            }
        }
    }

    /// The model a reference names, as `--model` takes it: a GGUF path or a catalog name.
    /// - Parameters:
    ///   - reference: A path, or a name from `verbatim models`.
    ///   - threads: Threads for llama.cpp; default `VERBATIM_THREADS`, else the physical cores.
    /// - Throws: ``ModelCatalogError/unknownModel(_:known:)`` when it is neither.
    public init(reference: String, threads: Int? = nil) throws(ModelCatalogError) {
        self.init(selection: try VerbatimConfiguration.current.modelCatalog.select(reference), threads: threads)
    }

    /// A model from a GGUF file.
    /// - Parameters:
    ///   - url: The GGUF file.
    ///   - threads: Threads for llama.cpp; default `VERBATIM_THREADS`, else the physical cores.
    ///   - contextSize: Tokens in each session's context; default the trained length, at most 4,096.
    public init(url: URL, threads: Int? = nil, contextSize: Int? = nil) {
        self.init(configuredURL: url, threads: threads, contextSize: contextSize)
    }

    private init(
        configuredURL: URL?, threads: Int?, contextSize: Int?, catalogName: String? = nil,
        selectionProblem: UnavailableReason? = nil
    ) {
        self.url = configuredURL
        self.threads = max(1, threads ?? VerbatimConfiguration.current.threads)
        self.requestedContextSize = contextSize
        self.selectionProblem = selectionProblem
        self.selectedName = catalogName
    }

    /// Whether the model can be used, or why not.
    public enum Availability: Sendable, Equatable {
        case available
        case unavailable(UnavailableReason)
    }

    /// Why a model cannot be used, each with a one-line ``description``.
    public enum UnavailableReason: Error, Sendable, Equatable, CustomStringConvertible {
        /// No model path is configured (setup has not run and `VERBATIM_MODEL` is unset).
        case noModelConfigured
        /// A catalog model was selected by name that setup has not installed (or whose file changed).
        case modelNotInstalled(name: String)
        /// The model file does not exist.
        case modelFileMissing(path: String)
        /// The model file exists but cannot be read.
        case modelNotReadable(path: String)
        /// The file is not a complete GGUF model.
        case modelCorrupt(path: String, detail: String)
        /// The linked llama.cpp does not know the model's architecture.
        case architectureUnsupported(String)
        /// A catalog model was selected that is not a language model (an embedding model).
        case notALanguageModel(name: String)
        /// One of the model's ``SystemLanguageModel/adapters`` cannot be used with it.
        case adapterUnusable(AdapterError)

        public var description: String {
            switch self {
            case .noModelConfigured:
                "no model configured: run 'make setup' or set VERBATIM_MODEL to a GGUF file"
            case .modelNotInstalled(let name): "model '\(name)' is not installed: run 'make setup MODEL=\(name)'"
            case .modelFileMissing(let path): "model file not found: \(path)"
            case .modelNotReadable(let path): "model file is not readable: \(path)"
            case .modelCorrupt(let path, let detail): "model file is corrupt or incomplete (\(detail)): \(path)"
            case .architectureUnsupported(let name):
                "model architecture '\(name)' is not supported by the linked llama.cpp"
            case .notALanguageModel(let name):
                "'\(name)' is an embedding model, not a language model: choose one with 'verbatim models'"
            case .adapterUnusable(let error): "\(error)"
            }
        }
    }

    /// Whether the model can be used, or why not. The first check loads the model (memory-mapped)
    /// and its ``adapters``.
    public var availability: Availability {
        switch load() {
        case .success: .available
        case .failure(let reason): .unavailable(reason)
        }
    }

    /// Checks the file and loads it through llama.cpp (once per process and path), with its
    /// ``adapters`` (once per model and adapter file).
    func load() -> Result<LlamaModel, UnavailableReason> {
        loadModel().flatMap { model in
            guard !adapters.isEmpty else { return .success(model) }
            return model.adapterSet(for: adapters).map { _ in model }.mapError { .adapterUnusable($0) }
        }
    }

    /// Checks the file and loads it through llama.cpp (once per process and path).
    private func loadModel() -> Result<LlamaModel, UnavailableReason> {
        if let selectionProblem { return .failure(selectionProblem) }
        guard let url else { return .failure(.noModelConfigured) }
        let path = url.path
        // Every request asks; once loaded, skip the file checks and the header parse (~40 ms).
        if let loaded = LlamaRuntime.loadedModel(at: path) { return .success(loaded) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .failure(.modelFileMissing(path: path))
        }
        guard FileManager.default.isReadableFile(atPath: path) else { return .failure(.modelNotReadable(path: path)) }
        let metadata: GGUFMetadata
        do {
            metadata = try GGUFMetadata(url: url)
        } catch {
            return .failure(.modelCorrupt(path: path, detail: "\(error)"))
        }
        do {
            return .success(try LlamaRuntime.model(at: path))
        } catch {
            let message = error.message
            if message.contains("unknown model architecture") {
                return .failure(.architectureUnsupported(metadata.architecture ?? "unknown"))
            }
            // llama.cpp logs "…: error loading model: <why>" before a generic "failed to load" line.
            let lines = message.split(separator: "\n").map(String.init)
            let why = lines.first { $0.contains("error loading model:") }
                .map { String($0[$0.range(of: "error loading model:")!.upperBound...]).trimmingCharacters(in: .whitespaces) }
            return .failure(.modelCorrupt(path: path, detail: why ?? "llama.cpp could not load it"))
        }
    }

    /// Facts read from the GGUF header (no loading): `nil` when the file cannot be read.
    public var facts: ModelFacts? {
        guard let url, let metadata = try? GGUFMetadata(url: url) else { return nil }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
        return ModelFacts(
            path: url.path,
            fileSize: size,
            name: metadata.strings["general.name"],
            architecture: metadata.architecture ?? "unknown",
            trainedContextLength: metadata.trainedContextLength,
            vocabularySize: metadata.arrayCounts["tokenizer.ggml.tokens"],
            hasChatTemplate: metadata.strings["tokenizer.chat_template"] != nil,
            declaredLanguages: metadata.stringArrays["general.languages"] ?? [],
            license: metadata.strings["general.license"])
    }

    /// Language codes the model declares in `general.languages`.
    ///
    /// Fallback when a model declares none: English only (`["en"]`), the one language every
    /// instruction-tuned GGUF model we know of handles; point `VERBATIM_MODEL` at a model that
    /// declares its languages to use it for others.
    public var supportedLanguages: Set<String> {
        let declared = facts?.declaredLanguages ?? []
        let codes = declared.map { String($0.lowercased().prefix { $0.isLetter }) }.filter { !$0.isEmpty }
        return codes.isEmpty ? ["en"] : Set(codes)
    }

    /// Whether the model supports a locale's language.
    public func supportsLocale(_ locale: Locale = .current) -> Bool {
        guard let code = locale.language.languageCode?.identifier else { return false }
        return supportedLanguages.contains(code.lowercased())
    }

    /// The most tokens one request may hold: the prompt (instructions, schema description,
    /// transcript and the new prompt, in the chat template) and the response together.
    ///
    /// The size given at creation, else the model's trained context length capped at 4,096
    /// tokens. Reading the trained length loads the model (memory-mapped) or, when it cannot be
    /// loaded, reads the file's header; 4,096 when neither works. A request whose prompt does not
    /// fit throws ``LanguageModelSession/GenerationError/exceededContextWindowSize(tokenCount:contextSize:)``
    /// before anything is decoded; ``LanguageModelSession/tokenCount(for:schema:)`` tells the
    /// prompt's size ahead.
    public var contextSize: Int {
        let trained = (try? load().get().trainedContextLength) ?? facts?.trainedContextLength ?? 4096
        return min(requestedContextSize ?? min(trained, 4096), max(trained, 256))
    }

    /// The tokens text takes with this model's tokenizer, as plain content: no chat template,
    /// no start-of-text token, and text such as `<|im_end|>` counted as ordinary characters (the
    /// way prompts and instructions are tokenized). For a whole request use
    /// ``LanguageModelSession/tokenCount(for:schema:)``, which adds the template and instructions.
    /// - Parameter text: Any text.
    /// - Returns: Its token count.
    /// - Throws: ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` when the model
    ///   cannot be loaded (the first call loads it).
    public func tokenCount(for text: String) async throws -> Int {
        try await loadedOffThePool().tokenize(text, parseSpecial: false).count
    }

    /// ``load()`` off the cooperative pool (the first load blocks for a while), as a thrown error.
    func loadedOffThePool() async throws -> LlamaModel {
        try await BlockingWork.run { [self] () throws(LanguageModelSession.GenerationError) -> LlamaModel in
            switch load() {
            case .success(let loaded): return loaded
            case .failure(let reason): throw .assetsUnavailable(reason.description)
            }
        }
    }

    /// llama.cpp's description of this build's CPU features.
    public static var runtimeInfo: String { LlamaRuntime.systemInfo }

    /// Ends all model work in this process before it exits: aborts the prompt batches and
    /// embedding batches in flight, waits until every llama.cpp call has returned, and makes any
    /// later request throw `CancellationError` at once (a background task that wakes up after
    /// this cannot start a decode). Call it once, as the last step before `exit()`: the process
    /// tearing llama.cpp down while one of its threads still computes crashes it.
    public static func stopAllWork() async {
        await BlockingWork.stopAll()
    }

    /// Ends the process with `status` once all model work has ended (``stopAllWork()``): output is
    /// flushed, then the process exits without running C++ static destructors (`_exit`). A Swift
    /// task that finishes on another thread may still free its llama.cpp context while `exit()`
    /// tears ggml's globals down, which crashed about one run in 200; everything that must persist
    /// (notes, drafts, the diary) is already written and closed by then.
    public static func exitAfterStoppingAllWork(_ status: Int32) async -> Never {
        await stopAllWork()
        fflush(nil)
        _exit(status)
    }

    /// llama.cpp's short description of the loaded model (architecture, size, quantisation), if it loads.
    public var loadedSummary: String? {
        guard case .success(let model) = load() else { return nil }
        return "\(model.summary), \(model.parameterCount) parameters"
    }
}

/// Facts about a model file, read from its GGUF header.
public struct ModelFacts: Sendable, Equatable {
    public var path: String
    public var fileSize: Int
    public var name: String?
    public var architecture: String
    public var trainedContextLength: Int?
    public var vocabularySize: Int?
    public var hasChatTemplate: Bool
    public var declaredLanguages: [String]
    public var license: String?
}
