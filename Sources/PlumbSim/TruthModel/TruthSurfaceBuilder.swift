import Foundation
import Plumbline

/// Builds RoomPlan surfaces for pieces of wall curves (shared by the room and structure truth models).
enum TruthSurfaceBuilder {
    /// An upright surface over arc-length interval `range` of plan curve `line`, from world y `bottom`
    /// to `top`. Local x runs along the curve (reversed when `flip`), local y up, local z the curve's
    /// normal turned by `flip`; the origin is the chord midpoint at mid height. Straight pieces have
    /// width = interval length; arcs have width = chord length and a ``CapturedRoom/Surface/Curve``.
    static func upright(
        line: WallCenterLine, range: ClosedRange<Double>, flip: Bool, bottom: Double, top: Double,
        thickness: Double, category: CapturedRoom.Surface.Category, identifier: UUID, parent: UUID?, story: Int
    ) -> CapturedRoom.Surface {
        let a = line.point(at: range.lowerBound), b = line.point(at: range.upperBound)
        let mid = (range.lowerBound + range.upperBound) / 2
        var t = line.tangent(at: mid)
        if flip { t = -t }
        let n = SIMD2(-t.y, t.x)
        let o = (a + b) / 2
        var width = range.upperBound - range.lowerBound
        var curve: CapturedRoom.Surface.Curve? = nil
        if case let .arc(c, r, a0, a1) = line {
            width = ((b - a) * (b - a)).sum().squareRoot()
            let lc = SIMD2(((c - o) * t).sum(), ((c - o) * n).sum())
            let pa = a - c
            let theta0 = atan2((pa * n).sum(), (pa * t).sum())
            let sweep = (a1 >= a0 ? 1.0 : -1.0) * (range.upperBound - range.lowerBound) / r
            curve = .init(center: SIMD2<Float>(lc), radius: Float(r), startAngle: Float(theta0), endAngle: Float(theta0 + sweep))
        }
        let transform = Transform4x4(
            xAxis: SIMD3(Float(t.x), 0, Float(t.y)), yAxis: SIMD3(0, 1, 0), zAxis: SIMD3(Float(n.x), 0, Float(n.y)),
            translation: SIMD3(Float(o.x), Float((bottom + top) / 2), Float(o.y)))
        return CapturedRoom.Surface(
            category: category, confidence: .high, dimensions: SIMD3(Float(width), Float(top - bottom), Float(thickness)),
            transform: transform, identifier: identifier, story: story, completedEdges: Set(CapturedRoom.Surface.Edge.allCases),
            curve: curve, parentIdentifier: parent)
    }

    /// RoomPlan surface category of a plan opening.
    static func category(_ o: Opening) -> CapturedRoom.Surface.Category {
        switch o.type {
        case .door: .door(isOpen: o.isOpen ?? false)
        case .window: .window
        case .opening: .opening
        }
    }

    /// A horizontal floor surface for `polygon` at world y `elevation`: local z = world +y, local x =
    /// world +x, local y = world -z (RoomPlan's floor frame); origin at the bounding-box centre;
    /// `polygonCorners` = the polygon in local x-y.
    static func floor(polygon: [SIMD2<Double>], elevation: Double, identifier: UUID, story: Int) -> CapturedRoom.Surface {
        var lo = polygon[0], hi = polygon[0]
        for p in polygon { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        let c = (lo + hi) / 2
        let corners = polygon.map { SIMD3<Float>(Float($0.x - c.x), Float(-($0.y - c.y)), 0) }
        let transform = Transform4x4(
            xAxis: SIMD3(1, 0, 0), yAxis: SIMD3(0, 0, -1), zAxis: SIMD3(0, 1, 0),
            translation: SIMD3(Float(c.x), Float(elevation), Float(c.y)))
        return CapturedRoom.Surface(
            category: .floor, confidence: .high, dimensions: SIMD3(Float(hi.x - lo.x), Float(hi.y - lo.y), 0),
            transform: transform, identifier: identifier, story: story, completedEdges: Set(CapturedRoom.Surface.Edge.allCases),
            polygonCorners: corners)
    }
}
