import Testing
@testable import PlumbKernel

/// The block structure the leaf-batched k-NN relies on: inside every leaf of a block-aligned tree the
/// 8-point blocks come from median splits (a plane separates the two halves of every split), and the
/// table's block boxes are the exact bounds of each block's points (padding excluded).
@Suite("k-NN leaf table blocks")
struct KNNLeafTableTests {
    typealias Cloud = LeafBatchKNNTests.Cloud

    /// Whether slots `first..<end` of `tree` split at the block boundary after their median into two
    /// parts that some axis-aligned plane separates (left maximum <= right minimum), recursively down to
    /// single blocks. Parts whose points all coincide need no split.
    static func blocksSplit(_ tree: KDTree, _ first: Int, _ end: Int) -> Bool {
        guard end - first > 8 else { return true }
        let mid = first + ((end - first) / 2 + 7) / 8 * 8
        let coords = [tree.xs, tree.ys, tree.zs]
        let separated = (0..<3).contains { axis in
            coords[axis][first..<mid].max()! <= coords[axis][mid..<end].min()!
        }
        let coincident = (0..<3).allSatisfy { axis in
            coords[axis][first..<end].min()! == coords[axis][first..<end].max()!
        }
        return coincident || (separated && blocksSplit(tree, first, mid) && blocksSplit(tree, mid, end))
    }

    @Test("every leaf's blocks come from median splits", arguments: [false, true])
    func leavesSplitIntoBlocks(quantize: Bool) throws {
        let c = LeafBatchKNNTests.scan(10_007, seed: 4, quantize: quantize, cluster: true)
        let tree = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: NormalEstimation.treeLeafSize, blockAlignment: 8)
        var leaves = 0, split = 0
        for node in tree.nodes where node.axis < 0 {
            leaves += 1
            if Self.blocksSplit(tree, Int(node.a), Int(node.b)) { split += 1 }
        }
        // Leaves hold at most the leaf size, so there are at least n / leafSize of them (about 160 here).
        #expect(leaves >= 10_007 / NormalEstimation.treeLeafSize)
        #expect(split == leaves)
    }

    @Test("the concurrent build (from 2^18 points) equals the serial one")
    func parallelBuildEqualsSerial() throws {
        let c = LeafBatchKNNTests.scan(300_001, seed: 6, quantize: false, cluster: true)
        let tree = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: NormalEstimation.treeLeafSize, blockAlignment: 8)
        let serial = KNNLeafTable(tree), concurrent = KNNLeafTable(tree, parallel: true)
        #expect(concurrent.xs == serial.xs && concurrent.ys == serial.ys && concurrent.zs == serial.zs)
        #expect(concurrent.ids == serial.ids && concurrent.leaves == serial.leaves)
        #expect(concurrent.lo == serial.lo && concurrent.hi == serial.hi)
        #expect(concurrent.blockBoxes == serial.blockBoxes && concurrent.blockStride == serial.blockStride)
        // Padded to whole blocks, and the padding is +∞ / Int32.max.
        #expect(serial.xs.count == (tree.count + 7) / 8 * 8 && serial.xs.last == .infinity)
        #expect(serial.ids.last == .max)
    }

    @Test("block boxes are the exact bounds of their points; padding boxes are empty")
    func blockBoxes() throws {
        let c = LeafBatchKNNTests.scan(5_003, seed: 8, quantize: false)
        let tree = try KDTree(x: c.x, y: c.y, z: c.z, leafSize: NormalEstimation.treeLeafSize, blockAlignment: 8)
        let table = KNNLeafTable(tree)
        let blocks = (tree.count + 7) / 8
        let stride = table.blockStride
        #expect(stride == blocks + KNNLeafTable.blockPadding)
        #expect(table.blockBoxes.count == 6 * stride)
        let part = { (i: Int) in Array(table.blockBoxes[(i * stride)..<((i + 1) * stride)]) }
        let lo = [part(0), part(1), part(2)], hi = [part(3), part(4), part(5)]
        let coords = [tree.xs, tree.ys, tree.zs]
        var wrong = 0
        for b in 0..<blocks {
            let slots = (8 * b)..<min(8 * b + 8, tree.count)
            for axis in 0..<3 {
                let values = slots.map { coords[axis][$0] }
                if lo[axis][b] != values.min()! || hi[axis][b] != values.max()! { wrong += 1 }
            }
        }
        #expect(wrong == 0)
        for b in blocks..<(blocks + KNNLeafTable.blockPadding) {
            for axis in 0..<3 { #expect(lo[axis][b] == .infinity && hi[axis][b] == -.infinity) }
        }
    }

    @Test("coincident points beyond a leaf (one bucket of many blocks) and ties stay exact")
    func coincidentBuckets() throws {
        // 60 locations with 70 copies each (buckets of 9 blocks, scanned 4 blocks at a time), on top of
        // a quantised scan full of distance ties.
        var c = LeafBatchKNNTests.scan(6_000, seed: 12, quantize: true)
        var rng = SeededGenerator(seed: 13)
        for _ in 0..<60 {
            let p = SIMD3<Float>(3 * rng.nextUnitFloat(), 2 * rng.nextUnitFloat(), 0)
            for _ in 0..<70 {
                c.x.append(p.x)
                c.y.append(p.y)
                c.z.append(p.z)
            }
        }
        for k in [30, 100] {
            let (batched, total, _, _) = try LeafBatchKNNTests.check(c, k: k, keep: 11)
            #expect(total == c.x.count)
            #expect(batched > total / 2)
        }
    }
}
