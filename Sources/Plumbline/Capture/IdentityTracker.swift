import Foundation
import PlumbKernel

/// Keeps element identifiers stable from one live snapshot of a room to the next.
///
/// The room builder numbers elements in the order it finds them, which can change as the scan grows. The
/// tracker matches each element of a new snapshot to an element of the previous one of the same kind
/// (same surface category, same object category): pairs are taken greedily by increasing distance
/// between their centres, accepted within ``matchDistance`` and, for surfaces, with normals (local z
/// axes) within 30°. A matched element keeps its old identifier; a new one gets a fresh identifier derived
/// from the room identifier and a counter (deterministic). Parent identifiers of doors, windows and
/// openings follow their walls. The room keeps the run's identifier.
struct IdentityTracker: Sendable {
    /// The run's room identifier.
    let roomIdentifier: UUID
    /// Largest centre distance of a match, metres.
    var matchDistance: Float = 0.5
    private var previous: CapturedRoom?
    private var issued: UInt64 = 0

    init(roomIdentifier: UUID) { self.roomIdentifier = roomIdentifier }

    /// The snapshot with identifiers carried over from the previous one; `changed` when the set of
    /// element identifiers differs from the previous snapshot's.
    mutating func track(_ room: CapturedRoom) -> (room: CapturedRoom, changed: Bool) {
        var r = room
        r.identifier = roomIdentifier
        let old = previous
        var wallMap: [UUID: UUID] = [:]
        r.walls = relabel(r.walls, old?.walls ?? [], &wallMap)
        var ignore: [UUID: UUID] = [:]
        r.floors = relabel(r.floors, old?.floors ?? [], &ignore)
        for key in [\CapturedRoom.doors, \CapturedRoom.windows, \CapturedRoom.openings] {
            var list = relabel(r[keyPath: key], old?[keyPath: key] ?? [], &ignore)
            for i in list.indices { if let p = list[i].parentIdentifier, let q = wallMap[p] { list[i].parentIdentifier = q } }
            r[keyPath: key] = list
        }
        r.objects = relabelObjects(r.objects, old?.objects ?? [])
        let changed = old.map { Self.identifiers($0) != Self.identifiers(r) } ?? true
        previous = r
        return (r, changed)
    }

    static func identifiers(_ r: CapturedRoom) -> Set<UUID> {
        Set([r.walls, r.doors, r.windows, r.openings, r.floors].flatMap { $0.map(\.identifier) } + r.objects.map(\.identifier))
    }

    mutating func fresh() -> UUID {
        issued += 1
        var u = roomIdentifier.uuid
        withUnsafeMutableBytes(of: &u) { b in
            var x = issued &* 0x9E37_79B9_7F4A_7C15
            for i in 0..<8 { b[8 + i] ^= UInt8(truncatingIfNeeded: x); x >>= 8 }
            b[0] ^= 0xA5
        }
        return UUID(uuid: u)
    }

    /// Greedy matching by increasing distance; returns, for each new element, the index of its old match.
    func match(new: [(SIMD3<Float>, SIMD3<Float>?)], old: [(SIMD3<Float>, SIMD3<Float>?)], kinds: ([Int], [Int])) -> [Int?] {
        var pairs: [(Float, Int, Int)] = []
        for i in new.indices {
            for j in old.indices where kinds.0[i] == kinds.1[j] {
                let d = length(new[i].0 - old[j].0)
                guard d <= matchDistance else { continue }
                if let a = new[i].1, let b = old[j].1, abs(dot(a, b)) < 0.866 { continue }
                pairs.append((d, i, j))
            }
        }
        pairs.sort { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }
        var out = [Int?](repeating: nil, count: new.count)
        var taken = [Bool](repeating: false, count: old.count)
        for (_, i, j) in pairs where out[i] == nil && !taken[j] {
            out[i] = j
            taken[j] = true
        }
        return out
    }

    mutating func relabel(_ new: [CapturedRoom.Surface], _ old: [CapturedRoom.Surface], _ map: inout [UUID: UUID]) -> [CapturedRoom.Surface] {
        let f = { (s: CapturedRoom.Surface) in (s.transform.translation, Optional(s.transform.zAxis)) }
        let kind = { (s: CapturedRoom.Surface) in s.curve == nil ? 0 : 1 }
        let m = match(new: new.map(f), old: old.map(f), kinds: (new.map(kind), old.map(kind)))
        var out = new
        for i in out.indices {
            let id = m[i].map { old[$0].identifier } ?? fresh()
            map[out[i].identifier] = id
            out[i].identifier = id
        }
        return out
    }

    mutating func relabelObjects(_ new: [CapturedRoom.Object], _ old: [CapturedRoom.Object]) -> [CapturedRoom.Object] {
        var names: [String] = []
        let kind = { (o: CapturedRoom.Object) -> Int in
            let n = String(describing: o.category)
            if let k = names.firstIndex(of: n) { return k }
            names.append(n)
            return names.count - 1
        }
        let newKinds = new.map(kind), oldKinds = old.map(kind)
        let m = match(new: new.map { ($0.transform.translation, nil) }, old: old.map { ($0.transform.translation, nil) },
                      kinds: (newKinds, oldKinds))
        var out = new
        for i in out.indices { out[i].identifier = m[i].map { old[$0].identifier } ?? fresh() }
        return out
    }
}
