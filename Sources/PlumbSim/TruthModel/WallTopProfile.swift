import Plumbline

/// The visible top edge of a room-side wall face: the lower of the wall's top and the storey's ceiling
/// (default height and sloped parts), as a piecewise-linear function of arc length along the face.
enum WallTopProfile {
    /// Break points `(u, y)` (arc length along the face line, world y) from `range.lowerBound` to
    /// `range.upperBound`, merged where collinear. Straight faces are exact (every crossing of two of
    /// the linear height functions is a break point); arcs are sampled every 10 cm.
    static func profile(line: WallCenterLine, range: ClosedRange<Double>, wallTop: Double, storey: Storey?) -> [SIMD2<Double>] {
        func height(_ u: Double) -> Double {
            guard let storey else { return wallTop }
            return min(wallTop, storey.floorElevation + storey.ceilingHeight(at: line.point(at: u)))
        }
        var us: [Double] = [range.lowerBound, range.upperBound]
        switch line {
        case .straight:
            // Heights along the face: constants (wall top, default ceiling) and one linear function per slope.
            var fns: [(Double, Double)] = [(wallTop, 0)]
            if let storey {
                fns.append((storey.floorElevation + storey.ceilingHeight, 0))
                for s in storey.slopedCeilings {
                    let h0 = storey.floorElevation + s.height(at: line.point(at: 0))
                    let h1 = storey.floorElevation + s.height(at: line.point(at: 1))
                    fns.append((h0, h1 - h0))
                }
            }
            for i in fns.indices {
                for j in fns.indices where j > i {
                    let db = fns[i].1 - fns[j].1
                    guard abs(db) > 1e-12 else { continue }
                    let u = (fns[j].0 - fns[i].0) / db
                    if u > range.lowerBound && u < range.upperBound { us.append(u) }
                }
            }
        case .arc:
            let n = min(Int(((range.upperBound - range.lowerBound) / 0.1).rounded(.up)), 1000)
            if n > 1 { for k in 1..<n { us.append(range.lowerBound + (range.upperBound - range.lowerBound) * Double(k) / Double(n)) } }
        }
        us.sort()
        var pts: [SIMD2<Double>] = []
        for u in us where pts.last.map({ u - $0.x > 1e-9 }) ?? true { pts.append(SIMD2(u, height(u))) }
        // Drop interior points on the line through their neighbours.
        var out: [SIMD2<Double>] = []
        for (k, p) in pts.enumerated() {
            if k > 0 && k < pts.count - 1, let prev = out.last {
                let next = pts[k + 1]
                let t = (p.x - prev.x) / (next.x - prev.x)
                if abs(prev.y + t * (next.y - prev.y) - p.y) < 1e-9 { continue }
            }
            out.append(p)
        }
        return out
    }

    /// Whether the profile is flat at height `y` (within 0.1 mm).
    static func isFlat(_ p: [SIMD2<Double>]) -> Bool {
        guard let y0 = p.first?.y else { return true }
        return p.allSatisfy { abs($0.y - y0) < 1e-4 }
    }

    /// Replaces a surface's rectangle by the outline bottom edge + `profile`: `polygonCorners` in local
    /// x-y, `dimensions.y` and the origin height adjusted to the outline's vertical extent. `u0`/`u1`:
    /// the face interval of the surface; `flip`: local x runs against the face line.
    static func apply(_ profile: [SIMD2<Double>], bottom: Double, u0: Double, u1: Double, flip: Bool, to s: inout CapturedRoom.Surface) {
        let top = profile.map(\.y).max() ?? bottom
        let cy = (bottom + top) / 2, um = (u0 + u1) / 2
        // Local x of face parameter u, scaled so the ends land on ±width/2 (chord width for arcs).
        let half = Double(s.dimensions.x) / 2, span = max((u1 - u0) / 2, 1e-12)
        func lx(_ u: Double) -> Float { Float((flip ? -(u - um) : (u - um)) / span * half) }
        var corners: [SIMD3<Float>] = [
            SIMD3(lx(flip ? u1 : u0), Float(bottom - cy), 0), SIMD3(lx(flip ? u0 : u1), Float(bottom - cy), 0),
        ]
        let ordered = flip ? profile : profile.reversed()
        for p in ordered { corners.append(SIMD3(lx(p.x), Float(p.y - cy), 0)) }
        s.polygonCorners = corners
        s.dimensions.y = Float(top - bottom)
        var t = s.transform.translation
        t.y = Float(cy)
        s.transform.translation = t
    }
}
