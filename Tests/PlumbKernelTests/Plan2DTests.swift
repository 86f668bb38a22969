import Foundation
import Testing
import PlumbKernel

/// `Plan2D`, the one home of plan-polygon geometry: the triangulation covers a polygon exactly, also one
/// that touches itself at a vertex (a pocket or a spike hanging off one point, as a built floor's outline
/// can: seed-2026 random plan 211), and the areas and centroids hold far from the origin.
@Suite("Plan2D: plan polygons")
struct Plan2DTests {
    /// Sum of the triangles' absolute areas and the smallest signed one (negative: a clockwise triangle).
    static func cover<T: BinaryFloatingPoint & SIMDScalar>(_ poly: [SIMD2<T>]) -> (sum: Double, smallest: Double, count: Int) {
        let tris = Plan2D.triangulate(poly)
        var sum = 0.0, smallest = Double.infinity
        for t in tris {
            let a = Plan2D.orientation(poly[t.0], poly[t.1], poly[t.2]) / 2
            sum += abs(a)
            smallest = min(smallest, a)
        }
        return (sum, tris.isEmpty ? 0 : smallest, tris.count)
    }

    static let rect: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(4, 0), SIMD2(4, 3), SIMD2(0, 3)]
    /// A notch of 0.125 m² poking into the rectangle from one point of its bottom side.
    static let spike: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(2, 0), SIMD2(1.75, 0.5), SIMD2(2.25, 0.5), SIMD2(2, 0),
                                         SIMD2(4, 0), SIMD2(4, 3), SIMD2(0, 3)]
    /// A 0.5 m² pocket hanging below the rectangle from one point of its bottom side.
    static let pocket: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(2, 0), SIMD2(1.5, -1), SIMD2(2.5, -1), SIMD2(2, 0),
                                          SIMD2(4, 0), SIMD2(4, 3), SIMD2(0, 3)]

    @Test("triangles of a floor, plain, with a spike or with a pocket at one point, cover exactly its area")
    func coversPinchedFloors() {
        for (poly, area) in [(Self.rect, 12.0), (Self.spike, 11.875), (Self.pocket, 12.5)] {
            #expect(abs(Plan2D.area(poly) - area) < 1e-12)
            for p in [poly, Array(poly.reversed())] {
                for c in [Self.cover(p), Self.cover(p.map { SIMD2<Float>($0) })] {
                    // n − 2 triangles for a simple polygon; a pinched one may have two fewer (when the
                    // second visit of the pinch point and the tip next to it are left as a needle that
                    // encloses nothing and is dropped).
                    #expect(c.count <= p.count - 2 && c.count >= p.count - (p.count == 4 ? 2 : 4))
                    #expect(c.smallest >= 0, "a clockwise triangle covers ground outside the floor")
                    #expect(abs(c.sum - area) < 1e-5, "triangles cover \(c.sum) m² of \(area) m²")
                }
            }
        }
    }

    @Test("random simple polygons, with pockets and spikes at a point: every triangle counter-clockwise, the area covered exactly")
    func coversRandomPinchedPolygons() {
        var g = SeededGenerator(seed: 2718)
        var checked = 0, pinched = 0
        for trial in 0..<3000 {
            let n = Int.random(in: 3...14, using: &g)
            let angles = (0..<n).map { _ in Double.random(in: 0..<(2 * .pi), using: &g) }.sorted()
            var poly = angles.map { a -> SIMD2<Double> in
                let r = Double.random(in: 1...3, using: &g)
                return SIMD2(r * cos(a), r * sin(a))
            }
            guard Plan2D.firstSelfIntersection(poly) == nil, Plan2D.area(poly) > 1e-3 else { continue }
            // Trials 1 and 2 of 3: a pocket (outward, 0.3 m deep) or a spike (inward, 0.05 m) from the
            // midpoint of one side, which the outline then visits twice.
            let mode = trial % 3
            if mode > 0 {
                let k = Int.random(in: 0..<poly.count, using: &g)
                let a = poly[k], b = poly[(k + 1) % poly.count]
                let e = b - a, l = (e * e).sum().squareRoot()
                guard l > 0.2 else { continue }
                let u = e / l, outward = SIMD2(u.y, -u.x) * (Plan2D.signedArea(poly) > 0 ? 1 : -1)
                let m = a + e * 0.5, d = mode == 1 ? outward * 0.3 : -outward * 0.05, w = mode == 1 ? 0.1 : 0.02
                let q = Array(poly[0...k]) + [m, m + d - u * w, m + d + u * w, m] + Array(poly[(k + 1)...])
                guard Plan2D.firstSelfIntersection(q) == nil else { continue }
                poly = q
                pinched += 1
            }
            for p in [poly, Array(poly.reversed())] {
                let c = Self.cover(p)
                #expect(c.smallest >= -1e-12)
                #expect(abs(c.sum - Plan2D.area(p)) < 1e-9 * max(1, Plan2D.area(p)), "trial \(trial): \(p)")
            }
            checked += 1
        }
        #expect(checked > 2500 && pinched > 1500)
    }

    @Test("a self-crossing polygon still gives at most n - 2 triangles and returns")
    func selfCrossingReturns() {
        let bowtie: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(2, 2), SIMD2(2, 0), SIMD2(0, 2)]
        #expect(Plan2D.firstSelfIntersection(bowtie) != nil)
        #expect(Plan2D.triangulate(bowtie).count <= 2)
        #expect(Plan2D.triangulate([SIMD2<Double>(0, 0), SIMD2(1, 0)]).isEmpty)
    }

    @Test("area and centroid of an L-shape 10^8 m from the origin equal those at the origin")
    func farFromTheOrigin() {
        let l: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(3.3, 0), SIMD2(3.3, 1.1), SIMD2(1.1, 1.1), SIMD2(1.1, 2.7), SIMD2(0, 2.7)]
        let area = 3.3 * 1.1 + 1.1 * 1.6
        // Centroid of the two rectangles, weighted by area.
        let c = (SIMD2(1.65, 0.55) * (3.3 * 1.1) + SIMD2(0.55, 1.9) * (1.1 * 1.6)) / area
        #expect(abs(Plan2D.signedArea(l) - area) < 1e-12)
        #expect(abs(Plan2D.signedArea(Array(l.reversed())) + area) < 1e-12)
        let o = SIMD2<Double>(1e8 + 0.37, -2e8 + 0.91)
        let far = l.map { $0 + o }
        // The vertices themselves round to 1.5e-8 m out there; the products of a plain shoelace sum
        // (~1e16 m²) would round to whole square metres.
        #expect(abs(Plan2D.signedArea(far) - area) < 1e-6)
        let fc = Plan2D.centroid(far)! - o
        #expect(abs(fc.x - c.x) < 1e-6 && abs(fc.y - c.y) < 1e-6)
        #expect(Plan2D.contains(far, o + SIMD2(0.5, 2)) && !Plan2D.contains(far, o + SIMD2(2, 2)))
        #expect(Plan2D.centroid([SIMD2<Double>]()) == nil)
        #expect(Plan2D.centroid([SIMD2<Double>(1, 1), SIMD2(3, 1)]) == SIMD2(2, 1))
    }

    @Test("a convex clip is the overlap: two unit squares shifted by half overlap in half a square")
    func convexClip() {
        let a: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(1, 1), SIMD2(0, 1)]
        let b = a.map { $0 + SIMD2(0.5, 0.25) }
        #expect(abs(Plan2D.area(Plan2D.clip(a, byConvex: b)) - 0.375) < 1e-12)
        #expect(abs(Plan2D.area(Plan2D.clip(a, byConvex: Array(b.reversed()))) - 0.375) < 1e-12)
        #expect(Plan2D.clip(a, byConvex: a.map { $0 + SIMD2(2, 0) }).isEmpty)
        #expect(Plan2D.convexOverlap(a, b) && !Plan2D.convexOverlap(a, a.map { $0 + SIMD2(1, 0) }))
    }
}
