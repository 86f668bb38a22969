import PlumbKernel

/// Joins the furniture parts of a room whose upright boxes stand mostly inside one another.
///
/// ``ClusterSplitter`` can cut one piece of furniture in two where an occlusion shadow crosses its top, and
/// voxel clustering can leave a tall cabinet seen from two sides in two clusters; the pieces then overlap in
/// plan (their boxes both reach across the gap), which no two real pieces of furniture side by side do. Two parts merge when at least ``minimumContainedShare`` of the smaller box's footprint lies
/// inside the larger box's footprint, their height ranges overlap by at least ``minimumHeightOverlap`` of the
/// shorter one (a television standing on a cabinet stays apart) and the larger footprint is at most
/// ``maximumAreaRatio`` times the smaller (a part spanning a whole room level, structure the builder did not
/// model, absorbs nothing); repeated until no pair qualifies.
///
/// Units metres, y-up frame. Deterministic (pairs taken in index order).
/// - Complexity: O(k² · 64 + n) per round for k parts of n points; rounds ≤ k.
struct ContainedPartMerge {
    /// Share of the smaller footprint inside the larger one from which two parts merge.
    var minimumContainedShare = 0.6
    /// Share of the shorter part's height range that the other part's range must cover.
    var minimumHeightOverlap = 0.5
    /// Largest ratio of the two footprint areas (larger over smaller) of parts that merge.
    var maximumAreaRatio = 4.0
    /// Footprint samples per side when measuring containment.
    var samplesPerSide = 8

    /// The parts, with contained ones merged (each list of indices into `cloud`).
    func merged(_ parts: [[Int]], cloud: PointCloud) -> [[Int]] {
        guard parts.count > 1 else { return parts }
        return mergedWithBoxes(parts, cloud: cloud).parts
    }

    /// ``merged(_:cloud:)`` with the upright box of every resulting part (`OrientedBoxFit.upright` with up
    /// y; nil where it fails), which the merge computes anyway: callers need not fit them again.
    func mergedWithBoxes(_ parts: [[Int]], cloud: PointCloud) -> (parts: [[Int]], boxes: [OrientedBox?]) {
        var parts = parts
        var boxes = parts.map { try? OrientedBoxFit.upright(cloud, up: SIMD3(0, 1, 0), indices: $0) }
        guard parts.count > 1 else { return (parts, boxes) }
        var changed = true
        while changed {
            changed = false
            search: for i in parts.indices {
                for j in parts.indices where j > i {
                    guard let a = boxes[i], let b = boxes[j] else { continue }
                    let areaA = a.halfExtents.x * a.halfExtents.y, areaB = b.halfExtents.x * b.halfExtents.y
                    let smallFirst = areaA <= areaB
                    guard Swift.max(areaA, areaB) <= maximumAreaRatio * Swift.min(areaA, areaB) else { continue }
                    let overlap = Swift.min(a.centre.y + a.halfExtents.z, b.centre.y + b.halfExtents.z)
                        - Swift.max(a.centre.y - a.halfExtents.z, b.centre.y - b.halfExtents.z)
                    guard overlap >= minimumHeightOverlap * 2 * Swift.min(a.halfExtents.z, b.halfExtents.z) else { continue }
                    let share = smallFirst ? containedShare(a, in: b) : containedShare(b, in: a)
                    guard share >= minimumContainedShare else { continue }
                    parts[i].append(contentsOf: parts[j])
                    parts[i].sort()
                    parts.remove(at: j)
                    boxes.remove(at: j)
                    boxes[i] = try? OrientedBoxFit.upright(cloud, up: SIMD3(0, 1, 0), indices: parts[i])
                    changed = true
                    break search
                }
            }
        }
        return (parts, boxes)
    }

    /// Share of `inner`'s plan footprint (sampled on a grid) that lies inside `outer`'s footprint.
    func containedShare(_ inner: OrientedBox, in outer: OrientedBox) -> Double {
        let n = Swift.max(1, samplesPerSide)
        var inside = 0
        for a in 0..<n {
            for b in 0..<n {
                let s = (Double(a) + 0.5) / Double(n) * 2 - 1, t = (Double(b) + 0.5) / Double(n) * 2 - 1
                let p = inner.centre + inner.axis0 * (s * inner.halfExtents.x) + inner.axis1 * (t * inner.halfExtents.y)
                let q = outer.boxCoordinates(of: p)
                if abs(q.x) <= outer.halfExtents.x, abs(q.y) <= outer.halfExtents.y { inside += 1 }
            }
        }
        return Double(inside) / Double(n * n)
    }
}
