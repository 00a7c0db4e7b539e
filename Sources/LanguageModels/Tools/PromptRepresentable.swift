/// A value that can be shown to the model as prompt text: a tool's output.
public protocol PromptRepresentable {
    /// The text the model reads.
    var promptRepresentation: String { get }
}

extension String: PromptRepresentable {
    public var promptRepresentation: String { self }
}

extension GeneratedContent: PromptRepresentable {
    /// The content as compact JSON.
    public var promptRepresentation: String { jsonString }
}
