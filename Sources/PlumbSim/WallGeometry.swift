import Foundation

/// One side face of a wall as a plan curve, and the room it faces.
public struct WallFace: Sendable, Equatable {
    /// Host wall identifier.
    public var wallID: String
    /// Which side of the centre line (positive = the centre line's normal side).
    public var side: SwingSide
    /// The face's plan curve: the centre line offset by ±thickness/2 (same direction of travel).
    public var line: WallCenterLine
    /// Room this face looks into, if any.
    public var roomID: String?
}

extension Wall {
    /// The centre line offset by `offset` metres towards the positive side (negative: the other side).
    /// Straight lines stay straight; arcs change radius.
    public func offsetLine(_ offset: Double) -> WallCenterLine {
        switch centerLine {
        case let .straight(s, e):
            let n = centerLine.normal(at: 0)
            return .straight(start: s + n * offset, end: e + n * offset)
        case let .arc(c, r, a0, a1):
            // For a counter-clockwise arc the normal points to the centre.
            let sg: Double = a1 >= a0 ? 1 : -1
            return .arc(center: c, radius: r - sg * offset, startAngle: a0, endAngle: a1)
        }
    }

    /// The face on `side` as a plan curve (centre line offset by ±thickness/2).
    public func faceLine(_ side: SwingSide) -> WallCenterLine {
        offsetLine(side == .positive ? thickness / 2 : -thickness / 2)
    }

    /// The wall's two faces with the rooms they bound.
    public var faces: [WallFace] {
        [WallFace(wallID: id, side: .positive, line: faceLine(.positive), roomID: positiveRoom),
         WallFace(wallID: id, side: .negative, line: faceLine(.negative), roomID: negativeRoom)]
    }

    /// Plan corner points of the wall's footprint, not extended at the ends: start-positive,
    /// end-positive, end-negative, start-negative (metres).
    public var cornerPoints: [SIMD2<Double>] {
        let p = faceLine(.positive), n = faceLine(.negative)
        return [p.startPoint, p.endPoint, n.endPoint, n.startPoint]
    }

    /// The footprint as convex quads, arcs split into pieces whose chord error is at most
    /// `maxChordError` metres; `extension0`/`extension1` lengthen the wall at its start/end (metres).
    public func footprintQuads(
        maxChordError: Double = 0.0005, extension0: Double = 0, extension1: Double = 0
    ) -> [[SIMD2<Double>]] {
        let u = WallTessellation.stations(self, from: -extension0, to: length + extension1, maxChordError: maxChordError)
        var quads: [[SIMD2<Double>]] = []
        for k in 0..<(u.count - 1) {
            let a = u[k], b = u[k + 1]
            let ca = centerLine.point(at: a), cb = centerLine.point(at: b)
            let na = centerLine.normal(at: a) * (thickness / 2), nb = centerLine.normal(at: b) * (thickness / 2)
            quads.append([ca + na, cb + nb, cb - nb, ca - na])
        }
        return quads
    }
}

extension FloorPlan {
    /// Every wall face that bounds room `roomID` (faces whose `roomID` matches).
    /// - Complexity: O(walls).
    public func faces(boundingRoom roomID: String) -> [WallFace] {
        walls.flatMap { $0.faces }.filter { $0.roomID == roomID }
    }

    /// Ceiling world y above plan point `p` on `storey` (metres), or `nil` for an unknown storey.
    public func ceilingElevation(storey: Int, at p: SIMD2<Double>) -> Double? {
        guard let s = self.storey(storey) else { return nil }
        return s.floorElevation + s.ceilingHeight(at: p)
    }

    /// Ceiling world y above plan point `p` of `room` (metres): the room's flat ceiling (its own height
    /// above its floor, or the storey's default) or a lower sloped part of its storey.
    public func ceilingElevation(of room: Room, at p: SIMD2<Double>) -> Double {
        guard let s = storey(room.storey) else { return floorElevation(of: room) + (room.ceilingHeight ?? 0) }
        let flat = room.ceilingHeight.map { floorElevation(of: room) + $0 } ?? (s.floorElevation + s.ceilingHeight)
        return s.slopedCeilings.reduce(flat) { min($0, s.floorElevation + $1.height(at: p)) }
    }

    /// World y of a room's floor (its own elevation or its storey's), metres.
    public func floorElevation(of room: Room) -> Double {
        room.floorElevation ?? storey(room.storey)?.floorElevation ?? 0
    }
}

/// Arc-length stations along a wall for tessellation.
public enum WallTessellation {
    /// Stations from `from` to `to` (inclusive): just the ends for straight walls; for arcs, evenly spaced
    /// so the chord sagitta on the outer face stays below `maxChordError` metres.
    public static func stations(_ wall: Wall, from: Double, to: Double, maxChordError: Double) -> [Double] {
        guard to > from else { return [from, from] }
        guard case let .arc(_, r, _, _) = wall.centerLine else { return [from, to] }
        let outer = r + wall.thickness / 2
        // sagitta = R (1 - cos(θ/2)) <= e  =>  θ <= 2 acos(1 - e/R)
        let maxAngle = 2 * _acos(max(-1, 1 - maxChordError / outer))
        let step = max(maxAngle * r, 1e-4)
        let n = min(max(Int(((to - from) / step).rounded(.up)), 1), 100_000)
        return (0...n).map { from + (to - from) * Double($0) / Double(n) }
    }
}

@inline(__always) func _acos(_ x: Double) -> Double { acos(x) }
