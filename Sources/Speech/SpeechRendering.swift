/// Collects the PCM chunks of one synthesis, sealed by the first final (end-of-message) chunk.
///
/// Some engines deliver more than one empty final chunk. The first final chunk seals the rendering; later
/// chunks, empty or not, are counted and dropped, so a duplicate can never restart or extend it.
struct SpeechRendering {
    /// 16-bit samples received before the seal.
    private(set) var samples: [Int16] = []
    /// Whether the final chunk has arrived.
    private(set) var isSealed = false
    /// Chunks that arrived after the seal and were ignored.
    private(set) var ignoredChunks = 0

    /// Accepts a chunk; `isFinal` marks the engine's end-of-message chunk.
    mutating func receive(_ chunk: UnsafeBufferPointer<Int16>, isFinal: Bool) {
        guard !isSealed else {
            ignoredChunks += 1
            return
        }
        samples.append(contentsOf: chunk)
        if isFinal { isSealed = true }
    }
}
