/// Reusable working memory for ``KDTree`` queries: the traversal stack and the k-nearest result buffers.
///
/// Create one per thread (``KDTree/makeScratch(k:)``) and reuse it; queries only allocate when `k`
/// exceeds the capacity the scratch was made with (it then grows once).
public struct KDTreeScratch: Sendable {
    @usableFromInline var stackNodes: [Int32]
    @usableFromInline var stackBounds: [SIMD4<Float>]
    /// Point indices of the last k-NN query, ascending by distance, then by index; valid up to ``resultCount``.
    public internal(set) var indices: [Int32]
    /// Squared distances (m²) matching ``indices``; valid up to ``resultCount``.
    public internal(set) var squaredDistances: [Float]
    /// Number of valid results from the last k-NN query.
    public internal(set) var resultCount: Int = 0

    /// Scratch for a tree of the given depth and up to `k` neighbours.
    public init(depth: Int, k: Int) {
        stackNodes = .init(repeating: 0, count: depth + 2)
        stackBounds = .init(repeating: .zero, count: depth + 2)
        indices = .init(repeating: 0, count: max(k, 0))
        squaredDistances = .init(repeating: 0, count: max(k, 0))
    }

    /// Makes sure the buffers fit a tree of `depth` and `k` results.
    @usableFromInline
    mutating func reserve(depth: Int, k: Int) {
        if stackNodes.count < depth + 2 {
            stackNodes = .init(repeating: 0, count: depth + 2)
            stackBounds = .init(repeating: .zero, count: depth + 2)
        }
        if indices.count < k {
            indices = .init(repeating: 0, count: k)
            squaredDistances = .init(repeating: 0, count: k)
        }
    }
}
