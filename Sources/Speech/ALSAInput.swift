import CALSA
import Foundation
import Synchronization

/// Captures mono audio from an ALSA device (`default`, `null`, `hw:1`, …) on its own thread.
public final class ALSAInput: AudioInput {
    /// The ALSA device name.
    public let device: String
    /// The capture rate.
    public let sampleRate: Double
    /// Frames per delivered chunk.
    public let chunkFrames: Int
    /// Incremented by every start and stop; a capture thread runs while its generation is current.
    private let generation = Atomic<Int>(0)

    /// Creates an input for a device; chunks are `chunkDuration` seconds long.
    public init(device: String = "default", sampleRate: Double = 16_000, chunkDuration: Double = 0.02) {
        self.device = device
        self.sampleRate = sampleRate
        self.chunkFrames = max(1, Int(sampleRate * chunkDuration))
    }

    public func start() throws(SpeechError) -> AsyncThrowingStream<[Float], any Error> {
        var pcm: OpaquePointer?
        var status = snd_pcm_open(&pcm, device, SND_PCM_STREAM_CAPTURE, 0)
        guard status >= 0, let handle = pcm else { throw .device("cannot open \(device) for capture: \(alsaMessage(status))") }
        status = snd_pcm_set_params(handle, SND_PCM_FORMAT_FLOAT_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1,
                                    UInt32(sampleRate.rounded()), 1, 100_000)
        guard status >= 0 else {
            snd_pcm_close(handle)
            throw .device("cannot configure \(device) for capture: \(alsaMessage(status))")
        }
        let mine = generation.add(1, ordering: .sequentiallyConsistent).newValue
        let (stream, continuation) = AsyncThrowingStream<[Float], any Error>.makeStream()
        let capture = CaptureSession(pcm: handle, device: device, frames: chunkFrames)
        Thread.detachNewThread { [self] in
            capture.run(continuation: continuation) { self.generation.load(ordering: .sequentiallyConsistent) == mine }
        }
        return stream
    }

    public func stop() {
        generation.add(1, ordering: .sequentiallyConsistent)
    }
}

/// One open capture handle, used only by its capture thread.
private struct CaptureSession: @unchecked Sendable {  // the handle is touched by one thread only
    let pcm: OpaquePointer
    let device: String
    let frames: Int

    func run(continuation: AsyncThrowingStream<[Float], any Error>.Continuation, isCurrent: () -> Bool) {
        defer { snd_pcm_close(pcm) }
        var chunk = [Float](repeating: 0, count: frames)
        var recoveries = 0
        while isCurrent() {
            let read = chunk.withUnsafeMutableBufferPointer { snd_pcm_readi(pcm, $0.baseAddress, snd_pcm_uframes_t(frames)) }
            if read > 0 {
                continuation.yield(Array(chunk[0..<read]))
            } else if read < 0 {
                recoveries += 1
                if snd_pcm_recover(pcm, Int32(read), 1) < 0 || recoveries > 8 {
                    continuation.finish(throwing: SpeechError.interrupted("capture on \(device) failed: \(alsaMessage(Int32(read)))"))
                    return
                }
            }
        }
        continuation.finish()
    }
}
