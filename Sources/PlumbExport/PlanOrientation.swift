import Foundation
import Plumbline

/// How a storey's floor plan is turned on the page so that its walls are square to the sheet, as an
/// architect draws it.
///
/// Model plan coordinates are world (x, z), metres, seen from above with +x to the right and +z down the
/// page (RoomPlan's / ARKit's y-up, right-handed frame). ``rotation`` is the dominant wall direction in that
/// plane, in degrees from +x towards +z, folded into (−45°, 45°]; the page shows the plan turned by
/// −``rotation`` about the model origin, so walls along that direction (and at right angles to it) are
/// horizontal (vertical) on the page.
///
/// North is the model frame's −z: RoomPlan and ARKit sessions run with `gravityAndHeading` alignment point
/// −z at true north; other sessions (and point-cloud scans) have no compass, and the arrow then shows the
/// frame's −z, which an unturned plan draws straight up.
public struct PlanOrientation: Sendable, Equatable, Codable {
    /// Storey the orientation belongs to.
    public var story: Int
    /// Dominant wall direction of the storey, degrees from +x towards +z, in (−45, 45]; the plan is drawn
    /// turned by minus this.
    public var rotation: Double

    /// Walls within this many degrees (modulo 90°) of the first estimate are the ones the direction is
    /// refined on, so that a few diagonal walls do not pull a rectilinear plan off square.
    public static let refinementWindow = 15.0

    /// The orientation of storey `story` of `model`: the angle φ maximising Σ length · cos(4(θ − φ)) over the
    /// storey's straight walls (θ the wall's direction), in closed form (the length-weighted circular mean of
    /// 4θ, divided by 4), then once more over the walls within ``refinementWindow`` of it. Curved walls do not
    /// count; a storey without straight walls uses its floor outlines' edges; with neither, 0.
    /// Angles within 1e-9° of zero are returned as exactly 0 (axis-aligned plans are left unturned).
    /// - Complexity: O(walls + floor vertices).
    public init(model: ExportModel, story: Int) {
        var edges: [(direction: Double, length: Double)] = []
        for w in model.walls where w.story == story && w.curve == nil {
            let s = w.planCenterLine
            let d = SIMD2<Double>(s.end) - SIMD2<Double>(s.start)
            let l = (d * d).sum().squareRoot()
            if l > 1e-6 { edges.append((atan2(d.y, d.x), l)) }
        }
        if edges.isEmpty {
            for f in model.floors where f.story == story {
                let v = f.planOutline.vertices.map { SIMD2<Double>($0) }
                for i in v.indices {
                    let d = v[(i + 1) % v.count] - v[i]
                    let l = (d * d).sum().squareRoot()
                    if l > 1e-6 { edges.append((atan2(d.y, d.x), l)) }
                }
            }
        }
        func mean(_ list: [(direction: Double, length: Double)]) -> Double? {
            var c = 0.0, s = 0.0
            for e in list { c += e.length * cos(4 * e.direction); s += e.length * sin(4 * e.direction) }
            return c * c + s * s > 1e-18 ? atan2(s, c) / 4 : nil
        }
        var phi = mean(edges) ?? 0
        let window = Self.refinementWindow * .pi / 180
        let near = edges.filter { abs(PlanarPose.wrap(($0.direction - phi) * 4) / 4) <= window }
        if let refined = mean(near) { phi = refined }
        var degrees = phi * 180 / .pi
        if degrees <= -45 { degrees += 90 }
        if degrees > 45 { degrees -= 90 }
        if abs(degrees) < 1e-9 { degrees = 0 }
        self.story = story
        rotation = degrees
    }

    /// The page point (metres) of model plan point `p` = (x, z): `p` turned by −``rotation``.
    public func page(_ p: SIMD2<Double>) -> SIMD2<Double> {
        guard rotation != 0 else { return p }
        let a = rotation * .pi / 180, c = cos(a), s = sin(a)
        return SIMD2(c * p.x + s * p.y, -s * p.x + c * p.y)
    }

    /// Unit page direction of north (model −z), in page coordinates (x right, y down).
    public var north: SIMD2<Double> { page(SIMD2(0, -1)) }
}
