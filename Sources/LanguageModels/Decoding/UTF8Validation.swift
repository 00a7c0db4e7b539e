/// Well-formed UTF-8, byte by byte: the one definition both the string state of the ``Matcher``
/// and the vocabulary's precomputed string classes use, so they agree on every token.
///
/// A lead byte says how many continuation bytes follow; the first of them is narrowed so that
/// overlong forms (`E0 80…`, `F0 80…`), surrogates (`ED A0…`) and scalars above U+10FFFF
/// (`F4 90…`) are rejected as soon as their second byte arrives.
enum UTF8Validation {
    /// Any continuation byte.
    static let continuation: ClosedRange<UInt8> = 0x80...0xBF

    /// What a lead byte starts.
    struct Lead: Sendable, Equatable {
        /// Continuation bytes that follow (1 to 3).
        var continuationBytes: Int
        /// The bytes the first continuation byte may take.
        var firstContinuation: ClosedRange<UInt8>
        /// The scalar bits the lead byte carries.
        var bits: UInt32
    }

    /// The sequence a byte starts, or nil when it cannot start a multi-byte character (ASCII,
    /// continuation bytes, `C0`, `C1`, `F5`–`FF`).
    static func lead(_ byte: UInt8) -> Lead? {
        switch byte {
        case 0xC2...0xDF: Lead(continuationBytes: 1, firstContinuation: continuation, bits: UInt32(byte & 0x1F))
        case 0xE0: Lead(continuationBytes: 2, firstContinuation: 0xA0...0xBF, bits: 0)
        case 0xED: Lead(continuationBytes: 2, firstContinuation: 0x80...0x9F, bits: 0x0D)
        case 0xE1...0xEF: Lead(continuationBytes: 2, firstContinuation: continuation, bits: UInt32(byte & 0x0F))
        case 0xF0: Lead(continuationBytes: 3, firstContinuation: 0x90...0xBF, bits: 0)
        case 0xF4: Lead(continuationBytes: 3, firstContinuation: 0x80...0x8F, bits: 4)
        case 0xF1...0xF3: Lead(continuationBytes: 3, firstContinuation: continuation, bits: UInt32(byte & 0x07))
        default: nil
        }
    }
}
