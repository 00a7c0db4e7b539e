public import Foundation

/// What a model reference (`--model`, `VERBATIM_MODEL`) selects: a GGUF file or a catalog model.
public enum ModelSelection: Sendable, Equatable {
    /// A GGUF file given by path.
    case file(URL)
    /// A catalog model, by name; installed or not.
    case catalog(CatalogModel)
}
