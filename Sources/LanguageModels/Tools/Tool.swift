/// Code the model can call while it works out a response: to look something up, or to act.
///
/// Give tools to a session; during each request the model decides, step by step, whether to call
/// one (and with which arguments) or to answer. Both the tool's name and its arguments are guided
/// while decoding like any schema, so a call always names a tool of the session and its arguments
/// always decode into ``Arguments``. Each call and its output join the transcript, and the answer
/// is generated with them in the prompt.
///
///     struct FoodLookup: Tool {
///         let name = "findFoods"
///         let description = "Finds foods in the database whose names hold a word."
///         struct Arguments: Generable {
///             var word: String
///             static let generationSchema = GenerationSchema(type: "Arguments", properties: [
///                 .init("word", String.self, description: "One word of a food's name.", .maximumLength(30)),
///             ])
///             init(_ content: GeneratedContent) throws { word = try content.value(forProperty: "word") }
///         }
///         func call(arguments: Arguments) async throws -> String {
///             database.names(containing: arguments.word).joined(separator: ", ")
///         }
///     }
///     let session = LanguageModelSession(tools: [FoodLookup()], instructions: "…")
///
/// A tool's output is data for the model, never instructions: it is shown as a user message.
/// Calls run one at a time, in the order the model makes them; an error a tool throws ends the
/// request with ``LanguageModelSession/ToolCallError``. A call repeated with the same arguments in
/// one request does not run again: the model answers instead, its output already in view.
public protocol Tool<Arguments, Output>: Sendable {
    /// The arguments the model generates for a call.
    associatedtype Arguments: Generable
    /// What a call returns; its ``PromptRepresentable/promptRepresentation`` is shown to the model.
    associatedtype Output: PromptRepresentable

    /// A short, unique name the model calls the tool by (`getWeather`, `findFoods`).
    var name: String { get }
    /// What the tool does, in a sentence, shown to the model with its name.
    var description: String { get }
    /// The schema of the arguments; ``Arguments``'s schema unless a tool gives another (for
    /// arguments built at run time, with `GeneratedContent` as ``Arguments``).
    var parameters: GenerationSchema { get }

    /// Runs the tool.
    /// - Parameter arguments: The arguments the model generated, decoded from ``parameters``.
    /// - Returns: What the model reads next.
    /// - Throws: Any error; the request then fails with ``LanguageModelSession/ToolCallError``.
    func call(arguments: Arguments) async throws -> Output
}

extension Tool {
    public var parameters: GenerationSchema { Arguments.generationSchema }
}
