import CALSA
import Dispatch

/// Plays audio through an ALSA device (`default`, `null`, `plughw:0`, …); on desktops `default`
/// reaches PulseAudio or PipeWire.
///
/// One audio session for the whole exchange: the device is opened and configured on the first
/// ``play(_:)`` and kept open; each later prompt only re-prepares it. A failure closes it, so the
/// next prompt opens it afresh.
///
/// `@unchecked Sendable`: the ALSA handle is touched only on the output's serial queue.
public final class ALSAOutput: AudioOutput, @unchecked Sendable {
    /// The ALSA device name.
    public let device: String
    /// The rate the device is opened at.
    public let sampleRate: Double
    /// The requested device latency in microseconds.
    public let latencyMicroseconds: UInt32
    private let queue = DispatchQueue(label: "verbatim.alsa.output")
    private var pcm: OpaquePointer?

    /// Creates an output for a device (nothing is opened until the first prompt plays).
    public init(device: String = "default", sampleRate: Double = 48_000, latencyMicroseconds: UInt32 = 100_000) {
        self.device = device
        self.sampleRate = sampleRate
        self.latencyMicroseconds = latencyMicroseconds
    }

    deinit {
        if let pcm { snd_pcm_close(pcm) }
    }

    /// Plays a buffer to the end: returns once the device has drained it.
    public func play(_ buffer: PCMBuffer) async throws(SpeechError) {
        let samples = buffer.resampled(to: sampleRate).samples
        let result: Result<Void, SpeechError> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.playOnQueue(samples)) }
        }
        try result.get()
    }

    private func playOnQueue(_ samples: [Float]) -> Result<Void, SpeechError> {
        let pcm: OpaquePointer
        switch openedDevice() {
        case .success(let opened): pcm = opened
        case .failure(let error): return .failure(error)
        }
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
            if snd_pcm_recover(pcm, Int32(written), 1) < 0 || recoveries > 8 {
                close()
                return .failure(.interrupted("playback on \(device) failed: \(alsaMessage(Int32(written)))"))
            }
        }
        let status = snd_pcm_drain(pcm)
        guard status >= 0 else {
            close()
            return .failure(.interrupted("draining \(device) failed: \(alsaMessage(status))"))
        }
        return .success(())
    }

    /// The open device, ready for writing: opened and configured once, re-prepared after a drain.
    private func openedDevice() -> Result<OpaquePointer, SpeechError> {
        if let pcm {
            let status = snd_pcm_prepare(pcm)
            if status >= 0 { return .success(pcm) }
            close()
        }
        var opened: OpaquePointer?
        var status = snd_pcm_open(&opened, device, SND_PCM_STREAM_PLAYBACK, 0)
        guard status >= 0, let opened else {
            return .failure(.device("cannot open \(device) for playback: \(alsaMessage(status))"))
        }
        status = snd_pcm_set_params(
            opened, SND_PCM_FORMAT_FLOAT_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate.rounded()), 1,
            latencyMicroseconds)
        guard status >= 0 else {
            snd_pcm_close(opened)
            return .failure(.device("cannot configure \(device): \(alsaMessage(status))"))
        }
        pcm = opened
        return .success(opened)
    }

    private func close() {
        if let pcm { snd_pcm_close(pcm) }
        pcm = nil
    }
}

/// ALSA's text for a negative error code.
func alsaMessage(_ code: Int32) -> String {
    guard let text = snd_strerror(code) else { return "error \(code)" }
    return String(cString: text)
}
