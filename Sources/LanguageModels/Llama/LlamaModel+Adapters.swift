import CLlama
import Foundation

extension LlamaModel {
    /// The model's `general.architecture` as llama.cpp read it (e.g. `llama`).
    var architecture: String {
        var buffer = [CChar](repeating: 0, count: 128)
        let count = llama_model_meta_val_str(pointer, "general.architecture", &buffer, buffer.count)
        guard count > 0 else { return "unknown" }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The adapters loaded into this model (each file once, on first use) in canonical form.
    /// - Parameter adapters: The adapters a session or request names.
    /// - Returns: The set to create contexts with, or why one of the adapters cannot be used.
    func adapterSet(for adapters: [SystemLanguageModel.Adapter]) -> Result<AdapterSet, AdapterError> {
        guard !adapters.isEmpty else { return .success(.none) }
        var loaded: [(adapter: LoadedAdapter, scale: Float)] = []
        for adapter in adapters {
            let path = adapter.fileURL.standardizedFileURL.path
            guard adapter.scale.isFinite else { return .failure(.invalidScale(path: path, scale: adapter.scale)) }
            do {
                loaded.append((try loadAdapter(at: path), Float(adapter.scale)))
            } catch {
                return .failure(error)
            }
        }
        return .success(AdapterSet(loaded))
    }

    /// The adapter at a path, loaded into this model the first time. The file is checked before
    /// llama.cpp reads it, so each problem gets its own error. Failures are not remembered: a
    /// file fixed later loads.
    private func loadAdapter(at path: String) throws(AdapterError) -> LoadedAdapter {
        // Held while loading: one file is loaded once, and llama.cpp's list of the model's
        // adapters is not changed while a context reads it (see ``takeContext``).
        try loadedAdapters.withLock { loaded throws(AdapterError) -> LoadedAdapter in
            if let adapter = loaded[path] { return adapter }
            try Self.checkAdapterFile(at: path, modelArchitecture: architecture)
            let result = LlamaRuntime.capturingErrors { llama_adapter_lora_init(pointer, path) }
            guard let adapterPointer = result.value else { throw Self.loadError(path: path, logged: result.errors) }
            let adapter = LoadedAdapter(pointer: adapterPointer, path: path)
            loaded[path] = adapter
            return adapter
        }
    }

    /// Checks what can be told from the file and its header: that it exists, can be read, is a
    /// GGUF LoRA adapter, and was made for this architecture.
    private static func checkAdapterFile(at path: String, modelArchitecture: String) throws(AdapterError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .fileMissing(path: path)
        }
        guard FileManager.default.isReadableFile(atPath: path) else { throw .fileNotReadable(path: path) }
        let metadata: GGUFMetadata
        do {
            metadata = try GGUFMetadata(url: URL(fileURLWithPath: path))
        } catch {
            throw .corrupt(path: path, detail: "\(error)")
        }
        let type = metadata.strings["general.type"]
        guard type == "adapter" else {
            throw .notALoRAAdapter(path: path, detail: "general.type is \(type.map { "'\($0)'" } ?? "missing"), not 'adapter'")
        }
        let adapterType = metadata.strings["adapter.type"]
        guard adapterType == "lora" else {
            throw .notALoRAAdapter(
                path: path, detail: "adapter.type is \(adapterType.map { "'\($0)'" } ?? "missing"), not 'lora'")
        }
        let architecture = metadata.architecture ?? "unknown"
        guard architecture == modelArchitecture else {
            throw .architectureMismatch(path: path, adapter: architecture, model: modelArchitecture)
        }
    }

    /// The error for what llama.cpp logged when it refused an adapter whose header looked right.
    private static func loadError(path: String, logged: String) -> AdapterError {
        // llama.cpp logs "…: failed to apply lora adapter: <why>".
        let marker = "failed to apply lora adapter:"
        let why = logged.split(separator: "\n").map(String.init).first { $0.contains(marker) }
            .map { String($0[$0.range(of: marker)!.upperBound...]).trimmingCharacters(in: .whitespaces) }
        let detail = why ?? (logged.isEmpty ? "llama.cpp could not load it" : logged)
        // Tensors named or shaped for another model of the same architecture.
        let shapeProblems = ["incorrect shape", "does not exist in base model", "not transposed"]
        if shapeProblems.contains(where: detail.contains) { return .shapeMismatch(path: path, detail: detail) }
        return .corrupt(path: path, detail: detail)
    }
}
