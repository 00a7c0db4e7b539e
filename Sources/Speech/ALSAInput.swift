import CALSA
import Foundation
import Synchronization

/// Captures mono audio from an ALSA device (`default`, `null`, `hw:1`, …) on its own thread.
///
/// One audio session for the whole exchange: the device is opened and configured on the first
/// ``start()`` and kept open; ``stop()`` drops what is buffered, and the next start re-prepares
/// it. A capture failure closes it, so the next turn opens it afresh.
///
/// `@unchecked Sendable`: the handle is used by one capture thread at a time; `turn` serializes
/// them (a start waits for the previous capture thread to let go).
public final class ALSAInput: AudioInput, @unchecked Sendable {
    /// The ALSA device name.
    public let device: String
    /// The capture rate.
    public let sampleRate: Double
    /// Frames per delivered chunk.
    public let chunkFrames: Int
    /// Incremented by every start and stop; a capture thread runs while its generation is current.
    private let generation = Atomic<Int>(0)
    /// Held by the capture thread of the current turn.
    private let turn = DispatchSemaphore(value: 1)
    private var pcm: OpaquePointer?

    /// Creates an input for a device; chunks are `chunkDuration` seconds long.
    public init(device: String = "default", sampleRate: Double = 16_000, chunkDuration: Double = 0.02) {
        self.device = device
        self.sampleRate = sampleRate
        self.chunkFrames = max(1, Int(sampleRate * chunkDuration))
    }

    deinit {
        if let pcm { snd_pcm_close(pcm) }
    }

    public func start() throws(SpeechError) -> AsyncThrowingStream<[Float], any Error> {
        let mine = generation.add(1, ordering: .sequentiallyConsistent).newValue
        turn.wait()
        do {
            try openDevice()
        } catch {
            turn.signal()
            throw error
        }
        let (stream, continuation) = AsyncThrowingStream<[Float], any Error>.makeStream()
        Thread.detachNewThread { [self] in
            defer { turn.signal() }
            capture(continuation: continuation) { self.generation.load(ordering: .sequentiallyConsistent) == mine }
        }
        return stream
    }

    public func stop() {
        generation.add(1, ordering: .sequentiallyConsistent)
    }

    /// Opens and configures the device once; later turns only re-prepare it.
    private func openDevice() throws(SpeechError) {
        if let pcm {
            if snd_pcm_prepare(pcm) >= 0 { return }
            close()
        }
        var opened: OpaquePointer?
        var status = snd_pcm_open(&opened, device, SND_PCM_STREAM_CAPTURE, 0)
        guard status >= 0, let opened else { throw .device("cannot open \(device) for capture: \(alsaMessage(status))") }
        status = snd_pcm_set_params(
            opened, SND_PCM_FORMAT_FLOAT_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1, UInt32(sampleRate.rounded()), 1, 100_000)
        guard status >= 0 else {
            snd_pcm_close(opened)
            throw .device("cannot configure \(device) for capture: \(alsaMessage(status))")
        }
        pcm = opened
    }

    private func close() {
        if let pcm { snd_pcm_close(pcm) }
        pcm = nil
    }

    /// Reads chunks until the turn ends, then drops what is buffered (the device stays open).
    private func capture(continuation: AsyncThrowingStream<[Float], any Error>.Continuation, isCurrent: () -> Bool) {
        guard let pcm else {
            continuation.finish(throwing: SpeechError.device("\(device) is not open"))
            return
        }
        var chunk = [Float](repeating: 0, count: chunkFrames)
        var recoveries = 0
        while isCurrent() {
            let read = chunk.withUnsafeMutableBufferPointer {
                snd_pcm_readi(pcm, $0.baseAddress, snd_pcm_uframes_t(chunkFrames))
            }
            if read > 0 {
                continuation.yield(Array(chunk[0..<read]))
            } else if read < 0 {
                recoveries += 1
                if snd_pcm_recover(pcm, Int32(read), 1) < 0 || recoveries > 8 {
                    close()
                    continuation.finish(throwing: SpeechError.interrupted("capture on \(device) failed: \(alsaMessage(Int32(read)))"))
                    return
                }
            }
        }
        snd_pcm_drop(pcm)
        continuation.finish()
    }
}
