import Foundation
import PlumbKernel

/// Extends an upright furniture box to the wall it stands against.
///
/// Object extraction drops every point within ``ObjectExtraction/wallBand`` of a wall (skirting, wall clutter,
/// noise), so a cabinet or a television flush with a wall comes out that much short of it. A box side that
/// faces a straight side of the room outline (normals within ``parallelTolerance``), overlaps it along the
/// wall and lies no farther from it than ``reach`` is moved onto the wall.
///
/// Units metres, plan (x, z) of the cloud's y-up frame. Deterministic.
/// - Complexity: O(4 · outline sides).
struct WallSupportedBox {
    /// Largest gap between a box side and its wall that is closed, metres (the dropped band plus noise).
    var reach = ObjectExtraction.wallBand + 0.05
    /// Largest angle between a box side and the wall, radians.
    var parallelTolerance = 5 * Double.pi / 180

    /// The box with every side that stands within ``reach`` of a parallel wall moved onto that wall.
    func extended(_ box: OrientedBox, outline: RoomOutline) -> OrientedBox {
        var out = box
        let m = outline.corners.count
        guard m >= 3 else { return box }
        // The outline's winding decides which side of an edge is inside.
        let ccw = Plan2D.signedArea(outline.corners) > 0
        for axisIndex in 0..<2 {
            for sign in [-1.0, 1.0] {
                let axis3 = axisIndex == 0 ? out.axis0 : out.axis1
                let axis = SIMD2(axis3.x, axis3.z)
                let half = axisIndex == 0 ? out.halfExtents.x : out.halfExtents.y
                let other = axisIndex == 0 ? out.halfExtents.y : out.halfExtents.x
                let centre = SIMD2(out.centre.x, out.centre.z)
                let outward = axis * sign
                let side = centre + outward * half
                var best: Double?
                for k in 0..<m {
                    guard case .line = outline.edges[k].wall else { continue }
                    let a = outline.corners[k], b = outline.corners[(k + 1) % m]
                    let len = planLength(b - a)
                    guard len > 1e-9 else { continue }
                    let dir = (b - a) / len
                    let inward = ccw ? SIMD2(-dir.y, dir.x) : SIMD2(dir.y, -dir.x)
                    guard planDot(outward, -inward) > cos(parallelTolerance) else { continue }
                    // The side must face the wall along it, not past its ends.
                    let t = planDot(side - a, dir)
                    guard t > -other, t < len + other else { continue }
                    let gap = planDot(side - a, inward)
                    guard gap > 0, gap <= reach else { continue }
                    if gap < (best ?? .infinity) { best = gap }
                }
                guard let gap = best else { continue }
                let shift = SIMD3(outward.x, 0, outward.y) * (gap / 2)
                out.centre += shift
                if axisIndex == 0 { out.halfExtents.x += gap / 2 } else { out.halfExtents.y += gap / 2 }
            }
        }
        return out
    }
}
