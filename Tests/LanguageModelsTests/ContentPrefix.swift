@testable import LanguageModels

/// Whether a snapshot's content can grow into `final`: equal, except that the last string,
/// array element or property may still grow and elements or properties may be missing at the
/// end. `nil` (nothing shown yet) is a prefix of anything; nothing but `nil` is a prefix of `nil`.
func isPrefix(_ partial: GeneratedContent?, of final: GeneratedContent?) -> Bool {
    guard let partial else { return true }
    guard let final else { return false }
    switch (partial, final) {
    case (.string(let start), .string(let whole)):
        // By scalars: "e" is a prefix of "e\u{301}" though not of its one Character.
        return whole.unicodeScalars.starts(with: start.unicodeScalars)
    case (.array(let start), .array(let whole)):
        return start.count <= whole.count && zip(start.dropLast(), whole).allSatisfy { $0 == $1 }
            && (start.last.map { isPrefix($0, of: whole[start.count - 1]) } ?? true)
    case (.object(let start), .object(let whole)):
        return start.count <= whole.count && zip(start.dropLast(), whole).allSatisfy { $0 == $1 }
            && (start.last.map { $0.name == whole[start.count - 1].name && isPrefix($0.value, of: whole[start.count - 1].value) } ?? true)
    default:
        return partial == final
    }
}
