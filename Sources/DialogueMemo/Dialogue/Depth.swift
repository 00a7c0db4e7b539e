/// TextTiling's depth of each similarity: how far it lies below the nearest peaks on each side
/// (each at least 0). Shared by ``LexicalCohesion`` and ``SemanticCohesion``.
enum Depth {
    static func scores(for similarities: [Double]) -> [Double] {
        similarities.indices.map { index in
            let score = similarities[index]
            var left = score
            for value in similarities[...index].reversed() {
                guard value >= left else { break }
                left = value
            }
            var right = score
            for value in similarities[index...] {
                guard value >= right else { break }
                right = value
            }
            return (left - score) + (right - score)
        }
    }
}
