public import Foundation

/// A model setup can install: one entry of the model catalog (`scripts/model-catalog.json`), with
/// its file when installed.
public struct CatalogModel: Sendable, Equatable {
    /// The name that selects it (`--model NAME`, `VERBATIM_MODEL=NAME`, `make setup MODEL=NAME`).
    public var name: String
    /// What it is (model, size class, quantisation).
    public var title: String
    /// What it is for: a language model (sessions) or an embedding model (``EmbeddingModel``).
    public var kind: Kind
    /// Its licence, as far as it is known.
    public var licence: String
    /// Where setup gets it from.
    public var source: String
    /// The exact size of the verified GGUF file.
    public var bytes: Int
    /// The sha256 of the verified GGUF file (lowercase hex).
    public var sha256: String
    /// The installed file, when setup recorded one.
    public var path: URL?

    /// What a catalog model is for.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A generative model for ``LanguageModelSession``.
        case language
        /// A text encoder for ``EmbeddingModel``.
        case embedding
    }

    /// Creates an entry.
    public init(
        name: String, title: String, kind: Kind = .language, licence: String, source: String, bytes: Int,
        sha256: String, path: URL? = nil
    ) {
        self.name = name
        self.title = title
        self.kind = kind
        self.licence = licence
        self.source = source
        self.bytes = bytes
        self.sha256 = sha256
        self.path = path
    }

    /// Whether the model is installed, by what is on disk now.
    public enum Status: Sendable, Equatable {
        /// Setup recorded the file and it still has the verified size.
        case installed(URL)
        /// Setup has not installed it.
        case notInstalled
        /// Setup recorded the file, but it is missing or its size changed since it was verified.
        case damaged(URL, bytes: Int?)
    }

    /// Whether the model is installed. Only the size is checked here; setup checks the sha256.
    public var status: Status {
        guard let path else { return .notInstalled }
        let size = (try? FileManager.default.attributesOfItem(atPath: path.path)[.size] as? NSNumber)?.intValue
        return size == bytes ? .installed(path) : .damaged(path, bytes: size)
    }

    /// The command that installs it.
    public var installCommand: String { "make setup MODEL=\(name)" }
}
