import Foundation
import PlumbExport
import Plumbline

/// Expected wall quantities computed directly from the RoomPlan fields (not through ``WallSolid``):
/// thickness rule, face area from the outline (or arc length × height) minus the hosted rectangles
/// clipped to the wall's bounding rectangle.
enum ExpectedGeometry {
    static func thickness(_ w: CapturedRoom.Surface) -> Double {
        w.dimensions.z > 0 ? Double(w.dimensions.z) : Double(WallSolid.defaultThickness)
    }

    static func grossArea(_ w: CapturedRoom.Surface) -> Double {
        if let c = w.curve { return Double(c.arcLength) * Double(w.dimensions.y) }
        return w.area
    }

    /// Hosted rectangles clipped to the wall's extent (width × height; along the chord for curved walls).
    static func holeArea(_ w: CapturedRoom.Surface, hosted: [CapturedRoom.Surface]) -> Double {
        let inv = w.transform.rigidInverse
        let outline = w.localOutline
        let xMin = outline.map(\.x).min()!, xMax = outline.map(\.x).max()!
        let yMin = outline.map(\.y).min()!, yMax = outline.map(\.y).max()!
        var s = 0.0
        for h in hosted {
            if w.curve != nil { s += Double(h.dimensions.x) * Double(h.dimensions.y); continue }
            let c = h.worldCorners.map { inv.apply(toPoint: $0) }
            let x0 = max(c.map(\.x).min()!, xMin), x1 = min(c.map(\.x).max()!, xMax)
            let y0 = max(c.map(\.y).min()!, yMin), y1 = min(c.map(\.y).max()!, yMax)
            if x1 > x0 && y1 > y0 { s += Double(x1 - x0) * Double(y1 - y0) }
        }
        return s
    }

    static func netArea(_ w: CapturedRoom.Surface, hosted: [CapturedRoom.Surface]) -> Double {
        grossArea(w) - holeArea(w, hosted: hosted)
    }

    /// Relative tolerance for volumes and areas: tight for straight walls, looser for curved walls
    /// (chordal sampling, openings measured along the chord).
    static func tolerance(_ w: CapturedRoom.Surface) -> Double { w.curve != nil ? 0.03 : 1e-3 }
}
