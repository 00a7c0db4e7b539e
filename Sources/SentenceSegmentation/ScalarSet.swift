/// A small set of Unicode scalars with a constant-time test for ASCII and a short list for the
/// rest: the sentence rules test every scalar of a text against a few such sets, and hashing each
/// scalar into a `Set` cost more than the rules themselves.
struct ScalarSet: Sendable, ExpressibleByArrayLiteral {
    private var ascii: UInt128 = 0
    private var others: [Unicode.Scalar] = []

    /// Creates a set of the given scalars.
    init(arrayLiteral elements: Unicode.Scalar...) {
        for scalar in elements {
            if scalar.value < 128 {
                ascii |= 1 << UInt128(scalar.value)
            } else if !others.contains(scalar) {
                others.append(scalar)
            }
        }
    }

    /// Whether the set holds a scalar.
    func contains(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 128 ? ascii & (1 << UInt128(scalar.value)) != 0 : others.contains(scalar)
    }
}
