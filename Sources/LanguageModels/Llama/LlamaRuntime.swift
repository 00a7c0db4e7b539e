import CLlama
import Foundation
import Synchronization

/// Process-wide llama.cpp state: backend initialisation, the log sink, and loaded models.
///
/// Models are loaded once per path and shared by every session (weights are read-only);
/// each session owns its own context.
enum LlamaRuntime {
    private static let state = Mutex<State>(State())

    private struct State {
        var initialized = false
        var models: [String: LlamaModel] = [:]
        var lastError = ""
    }

    /// Initialises the backend once and routes llama.cpp's log to us: errors are kept for
    /// messages, the rest is dropped unless `VERBATIM_DEBUG` is set.
    static func initialize() {
        state.withLock { state in
            guard !state.initialized else { return }
            state.initialized = true
            let verbose = ProcessInfo.processInfo.environment["VERBATIM_DEBUG"] != nil
            llama_log_set(verbose ? logVerbose : logQuiet, nil)
            llama_backend_init()
        }
    }

    static func recordError(_ text: String) {
        state.withLock { $0.lastError += text }
    }

    private static func takeLastError() -> String {
        state.withLock { state in
            defer { state.lastError = "" }
            return state.lastError.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The model at a path if it is already loaded.
    static func loadedModel(at path: String) -> LlamaModel? {
        state.withLock { $0.models[path] }
    }

    /// Runs a llama.cpp call that returns `nil` on failure and collects the errors it logs
    /// meanwhile (errors logged by other threads at the same time may be among them).
    static func capturingErrors<Value>(_ body: () -> Value?) -> (value: Value?, errors: String) {
        initialize()
        _ = takeLastError()
        let value = body()
        return (value, value == nil ? takeLastError() : "")
    }

    /// The loaded model at a path, loading it the first time.
    static func model(at path: String) throws(LlamaLoadError) -> LlamaModel {
        initialize()
        if let model = loadedModel(at: path) { return model }
        _ = takeLastError()
        let params = llama_model_default_params()
        guard let pointer = llama_model_load_from_file(path, params) else {
            throw LlamaLoadError(message: takeLastError())
        }
        let model = LlamaModel(pointer: pointer, path: path)
        return state.withLock { state in
            if let existing = state.models[path] {
                return existing
            }
            state.models[path] = model
            return model
        }
    }

    /// The system information line llama.cpp reports (CPU features of this build).
    static var systemInfo: String {
        initialize()
        return String(cString: llama_print_system_info())
    }
}

/// llama.cpp refused to load a model; `message` holds what it logged.
struct LlamaLoadError: Error {
    var message: String
}

private let logQuiet: ggml_log_callback = { level, text, _ in
    guard level == GGML_LOG_LEVEL_ERROR, let text else { return }
    LlamaRuntime.recordError(String(cString: text))
}

private let logVerbose: ggml_log_callback = { level, text, _ in
    guard let text else { return }
    if level == GGML_LOG_LEVEL_ERROR { LlamaRuntime.recordError(String(cString: text)) }
    FileHandle.standardError.write(Data(String(cString: text).utf8))
}
