import Foundation

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
    /// Distance within which a polygon vertex counts as lying on a face curve, metres.
    public static let onFaceTolerance = 2e-3

    /// The faces bounding room `roomID`, each clipped to the room's polygon boundary.
    ///
    /// Every polygon edge lying on the face's curve (both ends within ``onFaceTolerance``; for arcs,
    /// also a chord sagitta of at most 2 cm) contributes its interval of arc length along the face; the
    /// merged interval overlapping the wall's own extent most is kept, limited to the face extended at
    /// each end by the plan's largest thickness (no extension where another face of the room continues
    /// along the same line). If no edge lies on the curve the face keeps its own extent.
    /// - Complexity: O(faces · (vertices + faces)).
    public static func faces(boundingRoom roomID: String, in plan: FloorPlan) -> [RoomWallFace] {
        guard let room = plan.room(roomID) else { return [] }
        let raw = plan.walls.flatMap { w in
            w.faces.filter { $0.roomID == roomID }.map { (w, $0) }
        }
        let ext = (plan.walls.map(\.thickness).max() ?? 0) + 0.01
        let tol = onFaceTolerance
        return raw.map { (w, f) in
            let len = f.line.length
            let curve = FaceCurve(f.line)
            var others: [ClosedRange<Double>] = []
            for (ow, of) in raw where ow.id != w.id {
                let a = of.line.startPoint, b = of.line.endPoint
                if curve.distance(a) <= tol && curve.distance(b) <= tol && curve.distance(of.line.point(at: of.line.length / 2)) <= tol {
                    let u = curve.along(a), v = curve.along(b)
                    others.append(min(u, v)...max(u, v))
                }
            }
            var edges: [ClosedRange<Double>] = []
            let poly = room.polygon
            for i in poly.indices {
                let p = poly[i], q = poly[(i + 1) % poly.count]
                guard curve.distance(p) <= tol, curve.distance(q) <= tol, curve.distance((p + q) / 2) <= curve.sagittaAllowance else { continue }
                let u = curve.along(p), v = curve.along(q)
                edges.append(min(u, v)...max(u, v))
            }
            let range = clippedRange(length: len, edges: edges, others: others, extension: ext)
            return RoomWallFace(wall: w, side: f.side, roomID: roomID, line: f.line, range: range)
        }
    }

    /// Chooses the boundary interval (see ``faces(boundingRoom:in:)``) from the polygon-edge intervals
    /// on the face curve and the intervals of other faces of the room on the same curve.
    static func clippedRange(
        length len: Double, edges: [ClosedRange<Double>], others: [ClosedRange<Double>], extension ext: Double
    ) -> ClosedRange<Double> {
        let tol = onFaceTolerance
        guard !edges.isEmpty else { return 0...len }
        let intervals = edges.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Double>] = [intervals[0]]
        for r in intervals.dropFirst() {
            let last = merged[merged.count - 1]
            if r.lowerBound <= last.upperBound + tol {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, r.upperBound)
            } else { merged.append(r) }
        }
        var ext0 = ext, ext1 = ext
        for r in others {
            if r.lowerBound < -tol && r.upperBound > -ext { ext0 = 0 }
            if r.upperBound > len + tol && r.lowerBound < len + ext { ext1 = 0 }
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

/// Distance to a face curve and arc-length parameter of (the projection of) a plan point.
struct FaceCurve {
    let line: WallCenterLine

    init(_ line: WallCenterLine) { self.line = line }

    /// Largest distance of a boundary edge's midpoint from the curve (arcs: chords up to 2 cm sagitta).
    var sagittaAllowance: Double {
        if case .arc = line { return 0.02 + RoomWallFace.onFaceTolerance }
        return RoomWallFace.onFaceTolerance
    }

    /// Distance from `p` to the infinite line or the full circle, metres.
    func distance(_ p: SIMD2<Double>) -> Double {
        switch line {
        case let .straight(s, e):
            let d = e - s
            let l = (d * d).sum().squareRoot()
            guard l > 0 else { return ((p - s) * (p - s)).sum().squareRoot() }
            return abs(((p - s) * SIMD2(-d.y, d.x)).sum()) / l
        case let .arc(c, r, _, _):
            return abs(((p - c) * (p - c)).sum().squareRoot() - r)
        }
    }

    /// Arc length from the curve's start to the projection of `p` (negative before the start; arcs
    /// measure the angle within ±π of the sweep's middle).
    func along(_ p: SIMD2<Double>) -> Double {
        switch line {
        case let .straight(s, e):
            let d = e - s
            let l = (d * d).sum().squareRoot()
            return l > 0 ? ((p - s) * d).sum() / l : 0
        case let .arc(c, r, a0, a1):
            let mid = (a0 + a1) / 2
            var delta = atan2(p.y - c.y, p.x - c.x) - mid
            while delta > .pi { delta -= 2 * .pi }
            while delta <= -.pi { delta += 2 * .pi }
            let sg: Double = a1 >= a0 ? 1 : -1
            return sg * (mid + delta - a0) * r
        }
    }
}
