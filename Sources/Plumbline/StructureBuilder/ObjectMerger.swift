import Foundation
import PlumbKernel

/// Merges objects captured in more than one room (furniture seen through a wide opening, or rooms
/// whose captures overlap): objects of different rooms whose upright boxes overlap with volume IoU ≥
/// `minimumIoU` are grouped (transitively); each group becomes its member with the highest confidence
/// (then the largest volume, then the earliest), with an identifier derived from all members'.
enum ObjectMerger {
    /// The structure's objects (input order, a group where its first member was) and the source
    /// identifiers of each.
    /// - Complexity: O(n log n + k) for n objects and k pairs overlapping in x (O(n²) at worst).
    static func merge(_ rooms: [CapturedRoom], minimumIoU: Double) -> (objects: [CapturedRoom.Object], sources: [UUID: [UUID]]) {
        var all: [(room: Int, object: CapturedRoom.Object)] = []
        for (r, room) in rooms.enumerated() { for o in room.objects { all.append((r, o)) } }
        var sets = DisjointSets(count: all.count)
        let bounds = all.map { $0.object.worldBounds }
        // Sweep and prune along x.
        let order = all.indices.sorted { bounds[$0].min.x != bounds[$1].min.x ? bounds[$0].min.x < bounds[$1].min.x : $0 < $1 }
        for (k, i) in order.enumerated() {
            for j in order[(k + 1)...] {
                if bounds[j].min.x >= bounds[i].max.x { break }
                guard all[j].room != all[i].room else { continue }
                let a = bounds[i], b = bounds[j]
                guard a.min.x < b.max.x, b.min.x < a.max.x, a.min.z < b.max.z, b.min.z < a.max.z, a.min.y < b.max.y, b.min.y < a.max.y else { continue }
                if UprightBoxOverlap.iou(all[i].object, all[j].object) >= minimumIoU {
                    sets.union(i, j)
                }
            }
        }
        var groups: [Int: [Int]] = [:]
        for i in all.indices { groups[sets.find(i), default: []].append(i) }
        func rank(_ c: CapturedRoom.Confidence) -> Int { c == .high ? 2 : c == .medium ? 1 : 0 }
        var out: [CapturedRoom.Object] = []
        var sources: [UUID: [UUID]] = [:]
        for root in all.indices where sets.find(root) == root {
            let members = groups[root]!
            let best = members.max { a, b in
                let oa = all[a].object, ob = all[b].object
                if rank(oa.confidence) != rank(ob.confidence) { return rank(oa.confidence) < rank(ob.confidence) }
                if oa.volume != ob.volume { return oa.volume < ob.volume }
                return a > b
            }!
            var o = all[best].object
            let ids = members.map { all[$0].object.identifier }
            if members.count > 1 { o.identifier = DerivedIdentifier.make(from: ids, salt: 0x4f42_4a45) }
            out.append(o)
            sources[o.identifier] = ids
        }
        return (out, sources)
    }
}
