import CEspeak
import Synchronization

/// The process's one espeak-ng engine, in synchronous (in-memory) mode; calls are serialized.
///
/// espeak-ng keeps global state, so every use goes through ``shared`` and its lock. Audio comes
/// back through a C callback that cannot capture context; the rendering travels as `user_data`.
final class EspeakEngine: Sendable {
    static let shared = EspeakEngine()

    /// The sample rate once initialised (espeak-ng renders 22,050 Hz mono 16-bit).
    private let sampleRate = Mutex<Int32?>(nil)

    private init() {}

    /// Renders text with a voice (`en`, `de`, `es`, `fr`, `ja`, …) to 16-bit samples.
    func synthesize(_ text: String, voice: String, wordsPerMinute: Int?) throws(SpeechError) -> (samples: [Int16], sampleRate: Double) {
        try sampleRate.withLock { (rate: inout Int32?) throws(SpeechError) -> ([Int16], Double) in
            if rate == nil {
                let result = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, espeakINITIALIZE_DONT_EXIT)
                guard result > 0 else { throw .synthesisFailed("espeak-ng did not initialise (is espeak-ng-data installed?)") }
                rate = result
                espeak_SetSynthCallback { wav, count, events in
                    guard let events, let user = events.pointee.user_data else { return 0 }
                    var isFinal = wav == nil
                    var event = events
                    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
                        if event.pointee.type == espeakEVENT_MSG_TERMINATED { isFinal = true }
                        event += 1
                    }
                    let rendering = user.assumingMemoryBound(to: SpeechRendering.self)
                    let chunk = UnsafeBufferPointer(start: wav, count: wav == nil ? 0 : Int(max(0, count)))
                    rendering.pointee.receive(chunk, isFinal: isFinal)
                    return 0
                }
            }
            guard espeak_SetVoiceByName(voice) == EE_OK else {
                throw .synthesisFailed("espeak-ng has no voice \"\(voice)\"")
            }
            espeak_SetParameter(espeakRATE, Int32(wordsPerMinute ?? 165), 0)
            // The rendering lives on the heap until espeak has finished, Synchronize included.
            let rendering = UnsafeMutablePointer<SpeechRendering>.allocate(capacity: 1)
            rendering.initialize(to: SpeechRendering())
            defer { rendering.deinitialize(count: 1); rendering.deallocate() }
            let status = text.withCString { cText in
                espeak_Synth(cText, text.utf8.count + 1, 0, POS_CHARACTER, 0,
                             UInt32(espeakCHARS_UTF8 | espeakENDPAUSE), nil, rendering)
            }
            guard status == EE_OK else { throw .synthesisFailed("espeak_Synth returned \(status.rawValue)") }
            _ = espeak_Synchronize()
            guard rendering.pointee.isSealed else { throw .synthesisFailed("espeak-ng did not finish the message") }
            return (rendering.pointee.samples, Double(rate ?? 22_050))
        }
    }
}
