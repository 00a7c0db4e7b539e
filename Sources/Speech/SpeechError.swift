/// Why a speech operation failed.
public enum SpeechError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The speech setup (`scripts/setup-speech.sh`) has not run, or a file it produced is missing.
    case setupMissing(String)
    /// Audio data could not be read, written or converted.
    case invalidAudio(String)
    /// Text-to-speech failed.
    case synthesisFailed(String)
    /// Speech recognition failed.
    case recognitionFailed(String)
    /// The audio device failed to open, play or record.
    case device(String)
    /// Playback or recording was interrupted before the turn ended.
    case interrupted(String)
    /// The microphone started but delivered no audio within the watchdog's time limit.
    case noAudio(seconds: Double)

    /// A sentence a person can act on.
    public var description: String {
        switch self {
        case .setupMissing(let what): "Speech is not set up (\(what)); run scripts/setup.sh."
        case .invalidAudio(let why): "Invalid audio: \(why)."
        case .synthesisFailed(let why): "Speech synthesis failed: \(why)."
        case .recognitionFailed(let why): "Speech recognition failed: \(why)."
        case .device(let why): "Audio device error: \(why)."
        case .interrupted(let why): "Audio was interrupted: \(why)."
        case .noAudio(let seconds): "The microphone delivered no audio within \(seconds) seconds."
        }
    }
}
