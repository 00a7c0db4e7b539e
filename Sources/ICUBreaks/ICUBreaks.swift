// ICUBreaks wraps the system ICU (Debian's libicu 72 through the `CICU` system-library target).
//
// Why the system ICU and not the toolchain's private `_FoundationICU`: that module is an
// implementation detail of swift-foundation, its API and symbol names change between toolchain
// releases without notice, and it is not meant to be imported by packages. Debian's ICU 72 is a
// stable, versioned system library with a documented C API.
//
// This module must not import Foundation: Foundation and ICU's C headers both declare
// `UErrorCode`, and a Swift module that sees both fails to compile.
internal import CICU

/// The sentence boundaries ICU's break iterator (UAX #29) finds in UTF-16 text.
///
/// - Parameters:
///   - utf16: the text as UTF-16 code units.
///   - locale: an ICU locale ID such as `en` or `de@ss=standard` (the `ss=standard` keyword turns
///     on ICU's suppression of breaks after known abbreviations).
/// - Returns: the UTF-16 offsets where a sentence ends and the next begins, ascending, ending with
///   `utf16.count`; empty for empty text or when ICU fails.
public func sentenceBreaks(in utf16: [UInt16], locale: String) -> [Int] {
    guard !utf16.isEmpty, utf16.count < Int(Int32.max) else { return [] }
    var output = [Int32](repeating: 0, count: utf16.count + 1)
    let count = utf16.withUnsafeBufferPointer { text in
        output.withUnsafeMutableBufferPointer { out in
            locale.withCString { id in
                verbatim_sentence_breaks(
                    text.baseAddress, Int32(text.count), id, out.baseAddress, Int32(out.count))
            }
        }
    }
    guard count > 0 else { return [] }
    return output[..<Int(count)].map { Int($0) }
}
