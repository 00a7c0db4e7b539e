public import Foundation

/// Reads and writes RIFF/WAVE files holding 16-bit integer PCM (mono, or the first channel of several).
public enum WAVFile {
    /// Encodes a buffer as a mono 16-bit PCM WAV file, clipping samples to -1...1.
    public static func encode(_ buffer: PCMBuffer) -> Data {
        let rate = UInt32(buffer.sampleRate.rounded())
        let dataBytes = UInt32(buffer.samples.count * 2)
        var data = Data(capacity: 44 + Int(dataBytes))
        func put(_ text: String) { data.append(contentsOf: Array(text.utf8)) }
        func put32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func put16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        put("RIFF"); put32(36 + dataBytes); put("WAVE")
        put("fmt "); put32(16); put16(1); put16(1); put32(rate); put32(rate * 2); put16(2); put16(16)
        put("data"); put32(dataBytes)
        var pcm = [Int16](repeating: 0, count: buffer.samples.count)
        for (i, s) in buffer.samples.enumerated() {
            pcm[i] = Int16((max(-1, min(1, s)) * 32767).rounded()).littleEndian
        }
        pcm.withUnsafeBytes { data.append(contentsOf: $0) }
        return data
    }

    /// Decodes a 16-bit PCM WAV file; multi-channel files yield their first channel.
    public static func decode(_ data: Data) throws(SpeechError) -> PCMBuffer {
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        func u16(_ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else {
            throw .invalidAudio("not a RIFF/WAVE file")
        }
        var offset = 12
        var format: (channels: Int, rate: Double, bits: Int)?
        while offset + 8 <= bytes.count {
            let id = tag(offset)
            let size = Int(u32(offset + 4))
            let body = offset + 8
            guard body + size <= bytes.count || id == "data" else { throw .invalidAudio("truncated \(id) chunk") }
            if id == "fmt " {
                guard size >= 16 else { throw .invalidAudio("short fmt chunk") }
                let code = u16(body)
                guard code == 1 || code == 0xFFFE else { throw .invalidAudio("format \(code) is not integer PCM") }
                format = (Int(u16(body + 2)), Double(u32(body + 4)), Int(u16(body + 14)))
            } else if id == "data" {
                guard let format else { throw .invalidAudio("data chunk before fmt chunk") }
                guard format.bits == 16, format.channels >= 1 else {
                    throw .invalidAudio("\(format.bits)-bit audio; only 16-bit PCM is supported")
                }
                let end = min(bytes.count, body + size)
                let frameBytes = 2 * format.channels
                let frames = (end - body) / frameBytes
                var samples = [Float](repeating: 0, count: frames)
                for i in 0..<frames {
                    samples[i] = Float(Int16(bitPattern: u16(body + i * frameBytes))) / 32768
                }
                return PCMBuffer(samples: samples, sampleRate: format.rate)
            }
            offset = body + size + (size & 1)
        }
        throw .invalidAudio("no data chunk")
    }

    /// Writes a buffer to a WAV file.
    public static func write(_ buffer: PCMBuffer, to url: URL) throws(SpeechError) {
        do { try encode(buffer).write(to: url, options: .atomic) } catch {
            throw .invalidAudio("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// Reads a WAV file.
    public static func read(from url: URL) throws(SpeechError) -> PCMBuffer {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .invalidAudio("cannot read \(url.path): \(error.localizedDescription)")
        }
        return try decode(data)
    }
}
