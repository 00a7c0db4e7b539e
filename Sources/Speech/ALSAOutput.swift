import CALSA
import Dispatch

/// Plays audio through an ALSA device (`default`, `null`, `plughw:0`, …); on desktops `default`
/// reaches PulseAudio or PipeWire. Each ``play(_:)`` opens the device, writes, drains and closes.
public struct ALSAOutput: AudioOutput {
    /// The ALSA device name.
    public var device: String
    /// The rate the device is opened at.
    public var sampleRate: Double
    /// The requested device latency in microseconds.
    public var latencyMicroseconds: UInt32

    /// Creates an output for a device.
    public init(device: String = "default", sampleRate: Double = 48_000, latencyMicroseconds: UInt32 = 100_000) {
        self.device = device
        self.sampleRate = sampleRate
        self.latencyMicroseconds = latencyMicroseconds
    }

    public func play(_ buffer: PCMBuffer) async throws(SpeechError) {
        let audio = buffer.resampled(to: sampleRate)
        let device = device, rate = UInt32(sampleRate.rounded()), latency = latencyMicroseconds
        let result: Result<Void, SpeechError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: Self.playBlocking(audio.samples, device: device, rate: rate, latency: latency))
            }
        }
        try result.get()
    }

    private static func playBlocking(_ samples: [Float], device: String, rate: UInt32, latency: UInt32) -> Result<Void, SpeechError> {
        var pcm: OpaquePointer?
        var status = snd_pcm_open(&pcm, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard status >= 0, let pcm else { return .failure(.device("cannot open \(device) for playback: \(alsaMessage(status))")) }
        defer { snd_pcm_close(pcm) }
        status = snd_pcm_set_params(pcm, SND_PCM_FORMAT_FLOAT_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, rate, 1, latency)
        guard status >= 0 else { return .failure(.device("cannot configure \(device): \(alsaMessage(status))")) }
        var offset = 0
        var recoveries = 0
        while offset < samples.count {
            let written = samples.withUnsafeBufferPointer { all in
                snd_pcm_writei(pcm, all.baseAddress! + offset, snd_pcm_uframes_t(samples.count - offset))
            }
            if written >= 0 {
                offset += written
                continue
            }
            recoveries += 1
            let recovered = snd_pcm_recover(pcm, Int32(written), 1)
            if recovered < 0 || recoveries > 8 {
                return .failure(.interrupted("playback on \(device) failed: \(alsaMessage(Int32(written)))"))
            }
        }
        status = snd_pcm_drain(pcm)
        guard status >= 0 else { return .failure(.interrupted("draining \(device) failed: \(alsaMessage(status))")) }
        return .success(())
    }
}

/// ALSA's text for a negative error code.
func alsaMessage(_ code: Int32) -> String {
    guard let text = snd_strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
