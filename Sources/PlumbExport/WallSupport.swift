import Foundation
import PlumbKernel
import Plumbline

/// How much of a wall the scan backs.
///
/// The wall is cut along its length into bins of about ``binLength`` (its length divided evenly); a bin
/// is backed when at least ``minimumPointsPerBin`` scan points fall in it within ``distanceTolerance`` of
/// the wall's solid (its faces, thickness included; see ``WallSolid``) and between 10 cm above the wall's
/// bottom and 10 cm below its top (so floor and ceiling points along a wall that is not there do not back
/// it). ``share`` is the backed bins' share of the length.
package struct WallSupport: Sendable, Codable, Equatable {
    /// Largest distance of a backing point from the wall's solid, metres (5 cm).
    package static let distanceTolerance: Float = 0.05
    /// Nominal bin length along the wall, metres.
    package static let binLength: Double = 0.05
    /// Points a bin needs to count as backed.
    package static let minimumPointsPerBin = 2
    /// Band left out at the wall's bottom and top, metres.
    package static let edgeBand: Float = 0.10

    /// The wall's identifier.
    package var identifier: UUID
    /// The wall's storey.
    package var story: Int
    /// The wall's length (arc length when curved), metres.
    package var length: Double
    /// Backed share of the length, 0…1.
    package var share: Double
    /// Points within the tolerance band (all bins).
    package var points: Int
    /// Points per bin, from the wall's start (lowest u, see ``WallSolid``) to its end.
    package var binCounts: [Int]

    /// A support record from its parts.
    package init(identifier: UUID, story: Int, length: Double, share: Double, points: Int, binCounts: [Int]) {
        self.identifier = identifier
        self.story = story
        self.length = length
        self.share = share
        self.points = points
        self.binCounts = binCounts
    }

    /// Length of one bin, metres.
    package var actualBinLength: Double { binCounts.isEmpty ? 0 : length / Double(binCounts.count) }

    /// The support of every wall of `model` (in model order) by the points of `scan`.
    /// - Complexity: O(points × walls near each point + walls × bins): points are looked up in a plan grid
    ///   of the walls' footprints.
    package static func measure(model: ExportModel, scan: ReportScan) -> [WallSupport] {
        WallEvidence.measure(model: model, scan: scan).map(\.support)
    }
}

/// A wall's scan evidence: its support and the density of the backing points over its elevation.
struct WallEvidence: Sendable {
    /// Elevation cell height, metres.
    static let cellHeight: Float = 0.05

    var solid: WallSolid
    var support: WallSupport
    /// Columns (the support bins) × rows (``cellHeight`` from the top down) of point counts.
    var columns: Int, rows: Int
    var counts: [UInt32]

    /// Per wall of `model`: support and elevation density from `scan`.
    static func measure(model: ExportModel, scan: ReportScan) -> [WallEvidence] {
        let tol = WallSupport.distanceTolerance
        struct Prepared {
            var inverse: Transform4x4
            var curve: CapturedRoom.Surface.Curve?
            var uMin: Float, uMax: Float, uMid: Float
            var yMin: Float, yMax: Float
            var w0: Float, w1: Float
            var binsPerU: Float
            var bins: Int, rows: Int
        }
        var solids: [WallSolid] = []
        var prepared: [Prepared] = []
        var boxes: [(SIMD2<Double>, SIMD2<Double>)] = []
        for w in model.walls {
            let s = WallSolid(wall: w, hosted: model.embeddedSurfaces(inWall: w))
            solids.append(s)
            let us = s.outline.map(\.x)
            let uMin = us.min() ?? 0, uMax = max(us.max() ?? 0, uMin)
            let bins = max(1, Int((s.length / WallSupport.binLength).rounded(.up)))
            let rows = max(1, Int(((s.topY - s.bottomY) / cellHeight).rounded(.up)))
            prepared.append(Prepared(
                inverse: w.transform.rigidInverse, curve: s.curve, uMin: uMin, uMax: uMax, uMid: (uMin + uMax) / 2,
                yMin: s.bottomY, yMax: s.topY, w0: s.depth.lowerBound - tol, w1: s.depth.upperBound + tol,
                binsPerU: uMax > uMin ? Float(bins) / (uMax - uMin) : 0, bins: bins, rows: rows))
            var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
            for u in FloorPlanSVG.samples(s, uMin, uMax) {
                for d in [s.depth.lowerBound - tol, s.depth.upperBound + tol] {
                    let p = FloorPlanSVG.plan(s, u, d)
                    lo = pointwiseMin(lo, p)
                    hi = pointwiseMax(hi, p)
                }
            }
            boxes.append((lo - Double(tol), hi + Double(tol)))
        }
        var counts = prepared.map { [UInt32](repeating: 0, count: $0.bins * $0.rows) }
        var binCounts = prepared.map { [Int](repeating: 0, count: $0.bins) }
        var pointCounts = [Int](repeating: 0, count: prepared.count)
        if !prepared.isEmpty, scan.count > 0 {
            // Plan grid of the walls' footprints: cell → walls whose box meets it.
            var lo = boxes[0].0, hi = boxes[0].1
            for b in boxes { lo = pointwiseMin(lo, b.0); hi = pointwiseMax(hi, b.1) }
            let extent = hi - lo
            let cell = max(0.5, (extent.x * extent.y / 1_000_000).squareRoot())
            let nx = max(1, Int((extent.x / cell).rounded(.up))), nz = max(1, Int((extent.y / cell).rounded(.up)))
            var cellWalls = [[Int32]](repeating: [], count: nx * nz)
            for (k, b) in boxes.enumerated() {
                let x0 = max(0, Int((b.0.x - lo.x) / cell)), x1 = min(nx - 1, Int((b.1.x - lo.x) / cell))
                let z0 = max(0, Int((b.0.y - lo.y) / cell)), z1 = min(nz - 1, Int((b.1.y - lo.y) / cell))
                guard x0 <= x1, z0 <= z1 else { continue }
                for cz in z0...z1 { for cx in x0...x1 { cellWalls[cz * nx + cx].append(Int32(k)) } }
            }
            let (lx, lz, inv) = (Float(lo.x), Float(lo.y), Float(1 / cell))
            for i in 0..<scan.count {
                let px = scan.x[i], pz = scan.z[i]
                let fx = (px - lx) * inv, fz = (pz - lz) * inv
                guard fx >= 0, fz >= 0, fx < Float(nx), fz < Float(nz) else { continue }
                let candidates = cellWalls[Int(fz) * nx + Int(fx)]
                if candidates.isEmpty { continue }
                let p = SIMD3(px, scan.y[i], pz)
                for k32 in candidates {
                    let k = Int(k32)
                    let w = prepared[k]
                    let l = w.inverse.apply(toPoint: p)
                    guard l.y >= w.yMin, l.y <= w.yMax else { continue }
                    let u: Float, d: Float
                    if let c = w.curve {
                        u = WallSolid.parameter(of: l, curve: c, around: w.uMid)
                        let dx = l.x - c.center.x, dz = l.z - c.center.y
                        d = (dx * dx + dz * dz).squareRoot() - c.radius
                    } else {
                        u = l.x
                        d = l.z
                    }
                    guard d >= w.w0, d <= w.w1, u >= w.uMin, u <= w.uMax else { continue }
                    let col = min(w.bins - 1, Int((u - w.uMin) * w.binsPerU))
                    let row = min(w.rows - 1, Int((w.yMax - l.y) / cellHeight))
                    counts[k][row * w.bins + col] &+= 1
                    if l.y >= w.yMin + WallSupport.edgeBand, l.y <= w.yMax - WallSupport.edgeBand {
                        binCounts[k][col] += 1
                        pointCounts[k] += 1
                    }
                }
            }
        }
        return solids.indices.map { k in
            let bins = binCounts[k]
            let backed = bins.filter { $0 >= WallSupport.minimumPointsPerBin }.count
            let s = solids[k]
            return WallEvidence(
                solid: s,
                support: WallSupport(
                    identifier: s.wall.identifier, story: s.wall.story, length: s.length,
                    share: Double(backed) / Double(bins.count), points: pointCounts[k], binCounts: bins),
                columns: prepared[k].bins, rows: prepared[k].rows, counts: counts[k])
        }
    }
}

/// A top-down density image of one storey's scan: a wall-height slice (``wallSlice`` above the floor)
/// and a floor slice (``floorSlice`` around it), counted per square pixel of ``cell`` metres.
struct PlanDensity: Sendable {
    /// Heights above the storey's floor of the wall-height slice, metres.
    static let wallSlice: ClosedRange<Double> = 0.8...1.6
    /// Heights about the storey's floor of the floor slice, metres.
    static let floorSlice: ClosedRange<Double> = -0.05...0.05
    /// Smallest pixel, metres.
    static let minimumCell = 0.02

    /// Plan position (x, z) of the image's top-left corner, metres.
    var origin: SIMD2<Double>
    /// Pixel size, metres.
    var cell: Double
    var width: Int, height: Int
    var wallCounts: [UInt32], floorCounts: [UInt32]

    /// Counts `scan` around storey `story` of `model`. The image covers the storey's model plan and the
    /// bulk of the slices' points (1st to 99th percentile per axis), with 0.3 m margin, in at most
    /// `maximumSide` pixels per side.
    /// - Complexity: O(points + pixels).
    init(model: ExportModel, story: Int, scan: ReportScan, maximumSide: Int) {
        let floorY = model.floorElevation(story: story)
        let wy = Float(floorY + Self.wallSlice.lowerBound)...Float(floorY + Self.wallSlice.upperBound)
        let fy = Float(floorY + Self.floorSlice.lowerBound)...Float(floorY + Self.floorSlice.upperBound)
        var lo = SIMD2<Double>(repeating: .infinity), hi = SIMD2<Double>(repeating: -.infinity)
        func add(_ p: SIMD2<Double>) { lo = pointwiseMin(lo, p); hi = pointwiseMax(hi, p) }
        for s in (model.walls + model.floors) where s.story == story {
            for p in s.worldOutline { add(SIMD2(Double(p.x), Double(p.z))) }
        }
        for o in model.objects where o.story == story { for p in o.footprint.vertices { add(SIMD2<Double>(p)) } }
        // The slices' bulk, from a sample.
        var xs: [Float] = [], zs: [Float] = []
        let step = max(1, scan.count / 200_000)
        var i = 0
        while i < scan.count {
            let y = scan.y[i]
            if wy.contains(y) || fy.contains(y) { xs.append(scan.x[i]); zs.append(scan.z[i]) }
            i += step
        }
        if xs.count >= 20 {
            xs.sort(); zs.sort()
            let a = xs.count / 100, b = xs.count - 1 - xs.count / 100
            add(SIMD2(Double(xs[a]), Double(zs[a])))
            add(SIMD2(Double(xs[b]), Double(zs[b])))
        }
        if lo.x > hi.x { lo = .zero; hi = SIMD2(1, 1) }
        lo -= 0.3
        hi += 0.3
        let extent = hi - lo
        cell = max(Self.minimumCell, max(extent.x, extent.y) / Double(max(maximumSide, 1)))
        width = max(1, Int((extent.x / cell).rounded(.up)))
        height = max(1, Int((extent.y / cell).rounded(.up)))
        origin = lo
        wallCounts = [UInt32](repeating: 0, count: width * height)
        floorCounts = wallCounts
        let (ox, oz, inv) = (Float(lo.x), Float(lo.y), Float(1 / cell))
        for i in 0..<scan.count {
            let y = scan.y[i]
            let inWall = wy.contains(y), inFloor = fy.contains(y)
            guard inWall || inFloor else { continue }
            let fx = (scan.x[i] - ox) * inv, fz = (scan.z[i] - oz) * inv
            guard fx >= 0, fz >= 0, fx < Float(width), fz < Float(height) else { continue }
            let k = Int(fz) * width + Int(fx)
            if inWall { wallCounts[k] &+= 1 } else { floorCounts[k] &+= 1 }
        }
    }

    /// 0…15 levels of `counts` on a log scale, 15 at the 90th percentile of the non-zero counts.
    static func levels(_ counts: [UInt32]) -> [UInt8] {
        var nonzero = counts.filter { $0 > 0 }
        guard !nonzero.isEmpty else { return [UInt8](repeating: 0, count: counts.count) }
        nonzero.sort()
        let ref = log1p(Double(max(nonzero[nonzero.count * 9 / 10], 1)))
        return counts.map { c in c == 0 ? 0 : UInt8(min(15, max(1, (15 * log1p(Double(c)) / ref).rounded(.up)))) }
    }

    /// The PNG: white, the floor slice in light blue, the wall slice in dark grey over it (16 levels each
    /// on a log scale).
    func png() -> Data {
        let wl = Self.levels(wallCounts), fl = Self.levels(floorCounts)
        var palette: [SIMD3<UInt8>] = []
        for w in 0..<16 {
            for f in 0..<16 {
                let floor = SIMD3<Double>(255, 255, 255) + (SIMD3<Double>(150, 190, 235) - 255) * (Double(f) / 15)
                let c = floor + (SIMD3<Double>(25, 25, 25) - floor) * (Double(w) / 15 * 0.95)
                palette.append(SIMD3<UInt8>(c.rounded(.toNearestOrEven)))
            }
        }
        let pixels = zip(wl, fl).map { UInt8($0.0) << 4 | $0.1 }
        return IndexedPNG(width: width, height: height, palette: palette, pixels: pixels).encode()
    }
}

extension WallEvidence {
    /// The elevation density as a PNG (white to dark grey, 16 log levels), columns along the wall from its
    /// start, rows from the top.
    func png() -> Data {
        let levels = PlanDensity.levels(counts)
        let palette = (0..<16).map { i -> SIMD3<UInt8> in
            let v = UInt8(255 - Int((Double(i) / 15 * 215).rounded()))
            return SIMD3(v, v, v)
        }
        return IndexedPNG(width: columns, height: rows, palette: palette, pixels: levels).encode()
    }
}
