/// How the model picks tokens, and how many it may produce.
public struct GenerationOptions: Sendable, Equatable {
    /// How the next token is chosen among the allowed ones.
    public enum SamplingMode: Sendable, Equatable {
        /// Always the most likely allowed token (deterministic for a given thread count).
        case greedy
        /// Sample among the `top` most likely allowed tokens, reproducibly when a seed is given.
        case randomTop(Int, seed: UInt64?)
        /// Sample among the most likely allowed tokens whose probabilities add up to `threshold`.
        case randomProbability(Double, seed: UInt64?)

        /// Sample among the `k` most likely allowed tokens.
        public static func random(top k: Int, seed: UInt64? = nil) -> SamplingMode { .randomTop(k, seed: seed) }
        /// Nucleus sampling with probability threshold `p`.
        public static func random(probabilityThreshold p: Double, seed: UInt64? = nil) -> SamplingMode {
            .randomProbability(p, seed: seed)
        }
    }

    /// The sampling mode; `nil` means greedy.
    public var sampling: SamplingMode?
    /// Softmax temperature for random sampling; `nil` means 1.
    public var temperature: Double?
    /// The most tokens the response may have; `nil` means up to the context size.
    public var maximumResponseTokens: Int?
    /// How a greedy choice among enum cases is made.
    public var choiceStrategy: ChoiceStrategy
    /// The values a choice among fixed strings (enum cases, string `anyOf`) may take in this
    /// request; `nil` allows every value. A choice that shares no value with the set is left
    /// alone, so other enums in the schema are unaffected. A narrowed choice is scored whole-sequence
    /// (calibrated when ``choiceStrategy`` is ``ChoiceStrategy/calibrated``).
    public var allowedChoices: Set<String>?
    /// The content-free prompts ``ChoiceStrategy/calibrated`` scores each option under (in place of
    /// the request's prompt, with the same instructions and schema); their probabilities are averaged.
    public var calibrationPrompts: [String]

    /// Whether the model may call the session's tools before it answers (ignored without tools).
    public var toolChoice: ToolChoice
    /// The most tool calls one request may make; a further call fails the request with
    /// ``LanguageModelSession/GenerationError/exceededToolCallLimit(_:)``.
    public var maximumToolCalls: Int

    /// Whether a request calls the session's tools.
    public enum ToolChoice: String, Sendable, Equatable, CaseIterable {
        /// At each step the model decides whether to call a tool or to answer (the default).
        case automatic
        /// The model's first step calls a tool; after that it decides as with ``automatic``.
        case required
        /// The model answers without calling a tool.
        case disabled
    }

    /// The tool calls a request may make unless another limit is given.
    public static let defaultMaximumToolCalls = 4
    /// The LoRA adapters this request runs with, in place of its session model's
    /// (``SystemLanguageModel/adapters``); `nil` (the default) keeps the model's, `[]` runs the
    /// plain model. A request's KV cache is only reused from requests with the same adapters. A
    /// request whose adapter cannot be used throws
    /// ``LanguageModelSession/GenerationError/assetsUnavailable(_:)`` with the ``AdapterError``'s
    /// description.
    public var adapters: [SystemLanguageModel.Adapter]?

    /// The content-free prompts used unless others are given: "N/A", an empty prompt and "[MASK]".
    public static let defaultCalibrationPrompts = ["N/A", "", "[MASK]"]

    /// How a greedy decoder picks among enum cases (or other fixed alternatives).
    public enum ChoiceStrategy: String, Sendable, Equatable, CaseIterable {
        /// Token by token: the most likely allowed token at each step (fast; the default).
        case tokenByToken
        /// Score every allowed case's whole token sequence and take the most likely one.
        case wholeSequence
        /// Whole-sequence scores minus each case's log-probability under content-free prompts
        /// (``GenerationOptions/calibrationPrompts``), which removes a model's prior for some
        /// labels. The content-free scores are computed once per model, instructions, schema and
        /// output so far, and cached.
        case calibrated
    }

    /// Creates options.
    /// - Parameters:
    ///   - sampling: The sampling mode; `nil` means greedy.
    ///   - temperature: Softmax temperature for random sampling; `nil` means 1.
    ///   - maximumResponseTokens: The most tokens the response may have.
    ///   - choiceStrategy: How a greedy choice among fixed alternatives is made.
    ///   - allowedChoices: The values fixed-string choices may take in this request (`nil`: all).
    ///   - calibrationPrompts: Content-free prompts for ``ChoiceStrategy/calibrated``.
    ///   - toolChoice: Whether the model may, must or must not call the session's tools.
    ///   - maximumToolCalls: The most tool calls one request may make.
    ///   - adapters: The adapters for this request in place of the model's (`nil`: the model's).
    public init(
        sampling: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil,
        choiceStrategy: ChoiceStrategy = .tokenByToken, allowedChoices: Set<String>? = nil,
        calibrationPrompts: [String] = GenerationOptions.defaultCalibrationPrompts,
        toolChoice: ToolChoice = .automatic, maximumToolCalls: Int = GenerationOptions.defaultMaximumToolCalls,
        adapters: [SystemLanguageModel.Adapter]? = nil
    ) {
        self.sampling = sampling
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
        self.choiceStrategy = choiceStrategy
        self.allowedChoices = allowedChoices
        self.calibrationPrompts = calibrationPrompts
        self.toolChoice = toolChoice
        self.maximumToolCalls = maximumToolCalls
        self.adapters = adapters
    }
}
