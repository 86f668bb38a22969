/// The part of one wall face that bounds a room: the face's plan curve (in the wall's direction of
/// travel) and the arc-length interval of it that lies on the room's floor-polygon boundary.
public struct RoomWallFace: Sendable, Equatable {
    /// The host wall.
    public var wall: Wall
    /// Which side of the wall looks into the room.
    public var side: SwingSide
    /// The room the face bounds.
    public var roomID: String
    /// The whole face curve (centre line offset by ±thickness/2), same direction of travel as the wall.
    public var line: WallCenterLine
    /// Arc-length interval along ``line`` that bounds the room, metres. May extend past `0...length`
    /// when the room's corner lies beyond the face's end (a thinner neighbouring wall).
    public var range: ClosedRange<Double>

    /// Length of the room-side face, metres (arc length for curved walls).
    public var length: Double { range.upperBound - range.lowerBound }

    /// Arc length along ``line`` of the point facing centre-line arc length `u` (equal for straight
    /// walls; scaled by the radius ratio for arcs).
    public func faceParameter(ofCenterLine u: Double) -> Double {
        guard case let .arc(_, r, _, _) = wall.centerLine, case let .arc(_, rf, _, _) = line else { return u }
        return u * rf / r
    }
}

extension RoomWallFace {
    /// The faces bounding room `roomID`, each clipped to the room's polygon boundary.
    ///
    /// Straight faces: every polygon edge lying on the face's line (both ends within 2 mm) contributes
    /// its projected interval; the merged interval overlapping the wall's own extent most is kept,
    /// limited to the wall extended at each end by the plan's largest thickness (no extension where
    /// another face of the room continues collinearly). If no edge lies on the line the face keeps the
    /// wall's extent. Arc faces keep their full extent.
    /// - Complexity: O(faces · (vertices + faces)).
    public static func faces(boundingRoom roomID: String, in plan: FloorPlan) -> [RoomWallFace] {
        guard let room = plan.room(roomID) else { return [] }
        let raw = plan.walls.flatMap { w in
            w.faces.filter { $0.roomID == roomID }.map { (w, $0) }
        }
        let ext = (plan.walls.map(\.thickness).max() ?? 0) + 0.01
        return raw.map { (w, f) in
            let range: ClosedRange<Double>
            switch f.line {
            case .arc: range = 0...f.line.length
            case let .straight(s, e):
                let others: [(SIMD2<Double>, SIMD2<Double>)] = raw.compactMap { (ow, of) in
                    guard ow.id != w.id, case let .straight(a, b) = of.line else { return nil }
                    return (a, b)
                }
                range = clippedRange(start: s, end: e, polygon: room.polygon, others: others, extension: ext)
            }
            return RoomWallFace(wall: w, side: f.side, roomID: roomID, line: f.line, range: range)
        }
    }

    static func clippedRange(
        start s: SIMD2<Double>, end e: SIMD2<Double>, polygon: [SIMD2<Double>],
        others: [(SIMD2<Double>, SIMD2<Double>)], extension ext: Double
    ) -> ClosedRange<Double> {
        let tol = 2e-3
        let len = ((e - s) * (e - s)).sum().squareRoot()
        guard len > 0 else { return 0...0 }
        let d = (e - s) / len, n = SIMD2(-d.y, d.x)
        func onLine(_ p: SIMD2<Double>) -> Bool { abs(((p - s) * n).sum()) <= tol }
        func along(_ p: SIMD2<Double>) -> Double { ((p - s) * d).sum() }
        var intervals: [ClosedRange<Double>] = []
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            if onLine(p) && onLine(q) {
                let a = along(p), b = along(q)
                intervals.append(min(a, b)...max(a, b))
            }
        }
        guard !intervals.isEmpty else { return 0...len }
        intervals.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Double>] = [intervals[0]]
        for r in intervals.dropFirst() {
            let last = merged[merged.count - 1]
            if r.lowerBound <= last.upperBound + tol {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else { merged.append(r) }
        }
        // Collinear neighbours bounding the same room stop the extension at that end.
        var ext0 = ext, ext1 = ext
        for (a, b) in others where onLine(a) && onLine(b) {
            let lo = min(along(a), along(b)), hi = max(along(a), along(b))
            if lo < -tol && hi > -ext { ext0 = 0 }
            if hi > len + tol && lo < len + ext { ext1 = 0 }
        }
        var best: ClosedRange<Double>? = nil
        var bestOverlap = 0.0
        for r in merged {
            let lo = max(r.lowerBound, -ext0), hi = min(r.upperBound, len + ext1)
            guard hi > lo else { continue }
            let overlap = min(hi, len) - max(lo, 0)
            if overlap > bestOverlap { bestOverlap = overlap; best = lo...hi }
        }
        return best ?? 0...len
    }
}
