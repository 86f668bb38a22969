import Dispatch

/// The k nearest neighbours of every point of a cloud, as flat row-major tables.
///
/// Row `i` (entries `i*k ..< i*k + rowCount`) lists the neighbours of point `i` in ascending order of
/// distance, equal distances by ascending index. The point itself is included (distance 0) unless it
/// has exact duplicates with smaller indices that fill the row first. When the cloud has fewer than
/// `k` points every row holds all of them and ``k`` is the cloud size.
public struct NeighborTable: Sendable, Equatable {
    /// Neighbours per row.
    public let k: Int
    /// Neighbour point indices, `count * k` entries.
    public let indices: [Int32]
    /// Squared distances (m², local frame), `count * k` entries.
    public let squaredDistances: [Float]

    /// Number of rows (points).
    public var count: Int { k == 0 ? 0 : indices.count / k }

    /// Neighbour indices of point `i`.
    public func neighbors(of i: Int) -> ArraySlice<Int32> { indices[(i * k)..<(i * k + k)] }
}

/// A raw pointer that may cross into `concurrentPerform` workers writing disjoint ranges (internal).
struct SendablePointer<T>: @unchecked Sendable {
    let p: UnsafeMutablePointer<T>
}

extension KDTree {
    /// Largest neighbour table ``allNearestNeighbors(k:parallel:)`` builds (entries = points x k), 2^31 - 1.
    public static let maximumTableEntries = Int(Int32.max)

    /// k-NN of every indexed point (batch query), optionally on several threads.
    ///
    /// Queries run in tree order for cache locality; each row is computed independently, so the result is
    /// identical for any thread count.
    /// - Parameters:
    ///   - k: neighbours per point (clamped to the number of points; 0 gives an empty table).
    ///   - parallel: split the work over `DispatchQueue.concurrentPerform`.
    /// - Throws: ``SpatialIndexError/invalidQuery(_:)`` when `count * k` exceeds ``maximumTableEntries``.
    /// - Complexity: O(n (log n + k log k)) time, O(n k) memory.
    public func allNearestNeighbors(k: Int, parallel: Bool = true) throws(SpatialIndexError) -> NeighborTable {
        let n = count
        let kk = min(max(k, 0), n)
        guard kk > 0 else { return NeighborTable(k: 0, indices: [], squaredDistances: []) }
        let (entries, overflow) = n.multipliedReportingOverflow(by: kk)
        guard !overflow, entries <= Self.maximumTableEntries else {
            throw .invalidQuery("\(n) points x \(kk) neighbours exceed \(Self.maximumTableEntries) table entries")
        }
        var idx = [Int32](repeating: 0, count: n * kk)
        var dst = [Float](repeating: 0, count: n * kk)
        idx.withUnsafeMutableBufferPointer { ib in
            dst.withUnsafeMutableBufferPointer { db in
                let ip = SendablePointer(p: ib.baseAddress!), dp = SendablePointer(p: db.baseAddress!)
                forEachChunk(parallel: parallel) { view, slots, sn, sb in
                    for s in slots {
                        let q = SIMD3(view.xs[s], view.ys[s], view.zs[s])
                        let row = Int(view.ids[s]) * kk
                        _ = view.knn(q, k: kk, stackN: sn, stackB: sb, outIdx: ip.p + row, outD: dp.p + row)
                    }
                }
            }
        }
        return NeighborTable(k: kk, indices: idx, squaredDistances: dst)
    }

    /// Splits the tree slots into chunks and runs `body(view, slots, stackNodes, stackBounds)` on each,
    /// on all cores when `parallel` (internal helper for batch queries).
    func forEachChunk(
        parallel: Bool,
        _ body: (KDTreeView, Range<Int>, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<SIMD4<Float>>) -> Void
    ) {
        let n = count
        guard n > 0 else { return }
        let chunk = 4096
        let chunks = (n + chunk - 1) / chunk
        let stackSize = depth + 2
        withView { view in
            withoutActuallyEscaping(body) { body in
                let run: (Int) -> Void = { c in
                    let sn = UnsafeMutablePointer<Int32>.allocate(capacity: stackSize)
                    let sb = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: stackSize)
                    defer { sn.deallocate(); sb.deallocate() }
                    body(view, (c * chunk)..<min(n, (c + 1) * chunk), sn, sb)
                }
                if parallel && chunks > 1 {
                    nonisolated(unsafe) let r = run
                    DispatchQueue.concurrentPerform(iterations: chunks) { c in r(c) }
                } else {
                    for c in 0..<chunks { run(c) }
                }
            }
        }
    }
}
