/// Groups rooms into storeys by their floor elevations.
///
/// Elevations are sorted and split wherever two consecutive ones differ by more than the storey gap
/// (single-linkage clustering in one dimension); the lowest group is storey 0. Rooms within one group
/// (split levels) keep their own floor heights: only the storey number is shared.
enum StoreyAssignment {
    /// Storey index per room. `elevations[i]` is room `i`'s floor world y in metres (`nil` when the
    /// room has neither floors nor walls: it joins storey 0).
    /// - Complexity: O(n log n).
    static func storeys(elevations: [Double?], gap: Double) -> [Int] {
        var known: [(Int, Double)] = []
        for (i, e) in elevations.enumerated() { if let e { known.append((i, e)) } }
        known.sort { a, b in a.1 != b.1 ? a.1 < b.1 : a.0 < b.0 }
        var out = [Int](repeating: 0, count: elevations.count)
        var storey = 0
        for (k, (i, e)) in known.enumerated() {
            if k > 0, e - known[k - 1].1 > gap { storey += 1 }
            out[i] = storey
        }
        return out
    }

    /// The floor elevation of a room: mean world y of its floor outlines, else its lowest wall bottom.
    static func elevation(of room: CapturedRoom) -> Double? {
        if let f = room.floorElevation { return Double(f) }
        return room.walls.map { Double($0.bottomElevation) }.min()
    }
}
