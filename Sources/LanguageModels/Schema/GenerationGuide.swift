/// A constraint on a generated value, enforced while decoding.
///
///     .init("sourceIDs", [Int].self, description: "IDs.", .count(1...48), .element(.range(1...99)))
///
/// Guides that do not fit the value's type (a `count` on a string, say) make the request fail with
/// ``LanguageModelSession/GenerationError/unsupportedGuide(_:)`` before any model work, and so do
/// combinations no value satisfies (check a schema with ``GenerationSchema/validate()``).
///
/// Guides combine: several `anyOf`/`constant` guides on one string intersect, and `pattern` and
/// `maximumLength` filter its cases; the smaller of two `maximumLength`s wins; a second, different
/// `pattern` is rejected. Guides given for an optional property constrain the value it wraps.
public enum GenerationGuide: Sendable, Equatable {
    /// A string that is one of these values.
    case anyOf([String])
    /// A string that is exactly this value.
    case constant(String)
    /// A string matching a regular expression (literals, `.`, classes, `\d \w \s`, groups,
    /// alternation, `* + ? {n} {n,} {n,m}`); the whole string must match.
    case pattern(String)
    /// A string copied exactly from this text: a non-empty stretch of it that starts at the start
    /// of a word and ends at the end of one ("2 slices of toast" in "I had 2 slices of toast."),
    /// so a mention of the person's words can only be their words. It takes the place of a
    /// `pattern` (one of the two per string).
    case excerpt(of: String)
    /// A string that is exactly one of these stretches of a text, given as Unicode scalar offsets
    /// (`0..<5`: its first five scalars). The caller decides where a copy may start and end (say
    /// 3 to 8 whole words, no filler at either end) and decoding enforces it. Unlike ``anyOf(_:)``
    /// of the same substrings, the stretches become one automaton and are not listed in the
    /// prompt, so hundreds of them cost no prompt tokens. Empty ranges and ranges outside the
    /// text are ignored. It takes the place of a `pattern` (one of the two per string).
    case spans(of: String, [Range<Int>])
    /// A string of at most this many Unicode scalars.
    case maximumLength(Int)
    /// A number or integer within bounds (either may be open).
    case valueRange(minimum: Double?, maximum: Double?)
    /// An array whose element count lies within bounds; the model chooses the count.
    case elementCount(minimum: Int, maximum: Int?)
    /// Guides for every element of an array.
    indirect case elements([GenerationGuide])

    /// An integer within a range.
    public static func range(_ range: ClosedRange<Int>) -> GenerationGuide {
        .valueRange(minimum: Double(range.lowerBound), maximum: Double(range.upperBound))
    }
    /// A number within a range.
    public static func range(_ range: ClosedRange<Double>) -> GenerationGuide {
        .valueRange(minimum: range.lowerBound, maximum: range.upperBound)
    }
    /// A number or integer of at least this value.
    public static func minimum(_ value: Double) -> GenerationGuide { .valueRange(minimum: value, maximum: nil) }
    /// A number or integer of at most this value.
    public static func maximum(_ value: Double) -> GenerationGuide { .valueRange(minimum: nil, maximum: value) }
    /// An array whose count lies in a range.
    public static func count(_ range: ClosedRange<Int>) -> GenerationGuide {
        .elementCount(minimum: range.lowerBound, maximum: range.upperBound)
    }
    /// An array of exactly this many elements.
    public static func count(_ count: Int) -> GenerationGuide { .elementCount(minimum: count, maximum: count) }
    /// An array of at least this many elements.
    public static func minimumCount(_ count: Int) -> GenerationGuide { .elementCount(minimum: count, maximum: nil) }
    /// An array of at most this many elements.
    public static func maximumCount(_ count: Int) -> GenerationGuide { .elementCount(minimum: 0, maximum: count) }
    /// Guides for every element of an array.
    public static func element(_ guides: GenerationGuide...) -> GenerationGuide { .elements(guides) }
}
