/// Finds doors by their frame: the casings (architraves) that stand proud of a wall face round the sides and
/// head of a door, with the leaf or the hole inside at or behind the wall face.
///
/// A closed door seen from its swing side has no hole and almost no recess (its leaf is a few millimetres
/// behind the face), so the density-based ``WallOpeningDetector`` cannot see it; the frame can. Only points
/// within ``Options/band`` of the wall surface are used, in wall coordinates (u along, v up, s signed depth,
/// see ``WallPatch``). Steps:
/// 1. Per 1 cm column along the wall, the median depth (3 mm histogram) of the points in a low band
///    (``Options/lowBand``) and a middle band (``Options/midBand``) of heights. A robust line fitted through
///    the column medians is the local wall level, so a wall plane a fraction of a degree off does not matter.
/// 2. Jamb casings are runs of columns standing at least ``Options/proudThreshold`` proud of that level in
///    the middle band and, where measured, in the low band (so they reach the floor; skirting, which is proud only low, and wall-hung cabinets, which
///    do not reach the floor or lie farther out than the band, do not qualify), between
///    ``Options/casingWidthRange`` wide.
/// 3. Two jambs whose inner edges are ``Options/widthRange`` apart, with the columns between them at or
///    behind the wall level (a leaf) or without points near the surface (a hole seen through), and wall
///    level outside both, are a door candidate.
/// 4. The head casing: the lowest run of rows, in the door's inner columns, standing proud between
///    ``Options/heightRange``; its lower edge is the door's top.
/// Edges are the half-height crossings between the casing level and the level inside, interpolated between
/// columns (rows), so widths and heights are not quantised to the bin size.
package enum DoorFrameDetector {
    /// Tuning.
    package struct Options: Sendable, Hashable {
        /// Points within this distance of the wall surface are used, metres.
        package var band: Double = 0.06
        /// Column (and head row) bin size, metres.
        package var bin: Double = 0.01
        /// Height range of the low band of the column profile, metres above the floor.
        package var lowBand: ClosedRange<Double> = 0.05...0.6
        /// Height range of the middle band of the column profile, metres above the floor.
        package var midBand: ClosedRange<Double> = 0.6...1.7
        /// Smallest height of a casing above the wall level, metres.
        package var proudThreshold: Double = 0.008
        /// Width of one casing strip, metres.
        package var casingWidthRange: ClosedRange<Double> = 0.03...0.14
        /// Door width between the casings' inner edges, metres.
        package var widthRange: ClosedRange<Double> = 0.55...1.25
        /// Wide doors (patio and sliding doors) up to this width between the casings' inner edges are looked
        /// for among the casings no door of ``widthRange`` uses, metres; they need a leaf inside and a head
        /// casing clear below the top of the wall (a wide span's "head" at the ceiling is the ceiling's
        /// edge). At most ``widthRange``'s upper bound turns the search off.
        package var maximumWideWidth: Double = 4.0
        /// Door height from the floor to the head casing's lower edge, metres.
        package var heightRange: ClosedRange<Double> = 1.75...2.45
        /// Smallest number of points a column needs in each band to be measured.
        package var minimumColumnPoints: Int = 8
        /// Defaults.
        package init() {}
    }

    /// A door frame found in a wall, in wall coordinates (metres).
    package struct Frame: Sendable, Hashable, Codable {
        /// Inner edge of the left (low-u) casing.
        package var uMin: Double
        /// Inner edge of the right (high-u) casing.
        package var uMax: Double
        /// Lower edge of the head casing above the floor.
        package var vMax: Double
        /// Median depth of the surface inside the frame behind the wall level (≥ 0), or nil when the inside
        /// has (almost) no points near the wall surface (a hole seen through, or an open door).
        package var insideDepth: Double?
        /// Height of the casings above the wall level (median of the jamb columns), metres.
        package var casingProjection: Double
        /// Share of the inside columns that are at or behind the wall level or empty.
        package var insideFill: Double
    }

    private static let histogramBins = 40

    /// Door frames in `patch` from the points of `cloud` (local coordinates), sorted along the wall.
    /// - Complexity: O(n + columns · bins + candidates · rows · bins); one pass over the cloud.
    package static func detect(in cloud: PointCloud, patch: WallPatch, options: Options = Options()) -> [Frame] {
        let bin = options.bin
        // Degenerate or non-finite input (zero bin, NaN length, a kilometre-long wall) finds nothing.
        guard bin > 0, options.band > 0, patch.length.isFinite, patch.length / bin < 100_000,
              patch.height.isFinite, patch.height > options.heightRange.lowerBound else { return [] }
        let nu = Int((patch.length / bin).rounded(.up))
        guard nu > 10 else { return [] }
        let nb = histogramBins
        let band = Float(options.band), hb = Float(2 * options.band) / Float(nb)
        var low = [Int32](repeating: 0, count: nu * nb), mid = [Int32](repeating: 0, count: nu * nb)
        var kept: [SIMD3<Float>] = []  // (u, v, s) of points in the band above the middle band (head search)
        let len = Float(patch.length), invBin = Float(1 / bin)
        let lo0 = Float(options.lowBand.lowerBound), lo1 = Float(options.lowBand.upperBound)
        let mi0 = Float(options.midBand.lowerBound), mi1 = Float(options.midBand.upperBound)
        let headTop = Float(min(patch.height, options.heightRange.upperBound + 0.2))
        // Only points in the guarded box below reach the body (the SIMD prefilter's box is 1 cm wider).
        patch.forEachWallCoordinate(of: cloud, u: (-0.01, len + 0.01), v: (lo0 - 0.01, headTop + 0.01),
                                    s: (-band - 0.01, band + 0.01)) { u, v, s in
            guard s > -band, s < band, u >= 0, u < len, v >= lo0, v < headTop else { return }
            let col = min(Int(u * invBin), nu - 1)
            let h = min(Int((s + band) / hb), nb - 1)
            if v < lo1 {
                low[col * nb + h] += 1
            } else if v < mi1, v >= mi0 {
                mid[col * nb + h] += 1
            }
            if v >= mi1 - 0.2 { kept.append(SIMD3(u, v, s)) }
        }
        let minPts = Int32(options.minimumColumnPoints)
        // Column medians (NaN when too few points).
        var lowMed = [Double](repeating: .nan, count: nu), midMed = [Double](repeating: .nan, count: nu)
        var midCount = [Int32](repeating: 0, count: nu), lowCount = [Int32](repeating: 0, count: nu)
        for c in 0..<nu {
            lowMed[c] = median(low, count: nu, c, minPts, options.band)
            midMed[c] = median(mid, count: nu, c, minPts, options.band)
            var t: Int32 = 0, tl: Int32 = 0
            for h in 0..<nb { t += mid[c * nb + h]; tl += low[c * nb + h] }
            midCount[c] = t
            lowCount[c] = tl
        }
        // The wall level: a line through the middle-band medians, refitted without the columns off it.
        guard let level = wallLevel(midMed, bin: bin) else { return [] }
        func res(_ m: [Double], _ c: Int) -> Double { m[c] - (level.0 + level.1 * (Double(c) + 0.5) * bin) }
        let proud = options.proudThreshold
        var isProud = [Bool](repeating: false, count: nu)
        for c in 0..<nu {
            let rm = res(midMed, c)
            isProud[c] = rm.isFinite && rm > proud
        }
        // Close one-column gaps, then collect runs of casing width.
        for c in 1..<(nu - 1) where !isProud[c] && isProud[c - 1] && isProud[c + 1] { isProud[c] = true }
        var runs: [(Int, Int)] = []
        var c = 0
        while c < nu {
            guard isProud[c] else { c += 1; continue }
            var e = c
            while e + 1 < nu, isProud[e + 1] { e += 1 }
            let w = Double(e - c + 1) * bin
            // The casing reaches the floor: proud in the low band too, judged on the columns with enough low
            // points of their own (an open leaf near its hinge, or furniture in front, can hide the bottom of
            // a casing from most viewpoints; then the low band cannot tell).
            var lows: [Double] = []
            for k in c...e where lowCount[k] >= minPts && lowMed[k].isFinite { lows.append(res(lowMed, k)) }
            lows.sort()
            let reachesFloor = lows.count < 3 || lows[lows.count / 2] > proud
            if options.casingWidthRange.contains(w), reachesFloor {
                runs.append((c, e))
            } else if w > options.casingWidthRange.upperBound, reachesFloor, c <= 3 || e >= nu - 4 {
                // A casing next to a room corner merges with the corner's own returns (the side wall's points
                // near the surface): keep the casing's width on the side away from the corner.
                let k = Int((options.casingWidthRange.upperBound / bin).rounded(.down))
                runs.append(c <= 3 ? (e - k + 1, e) : (c, c + k - 1))
            }
            c = e + 1
        }
        var frames: [Frame] = []
        var used = [Bool](repeating: false, count: runs.count)
        var usedRight = -1
        for (li, l) in runs.enumerated() where l.0 > usedRight {
            for ri in (li + 1)..<runs.count {
                let r = runs[ri]
                let gap = Double(r.0 - l.1 - 1) * bin
                if gap > options.widthRange.upperBound + 0.05 { break }
                guard gap > options.widthRange.lowerBound - 0.05 else { continue }
                guard var f = frame(left: l, right: r, lowMed: lowMed, midMed: midMed, midCount: midCount,
                                    level: level, kept: kept, options: options) else { continue }
                guard options.widthRange.contains(f.uMax - f.uMin) else { continue }
                f.vMax = min(f.vMax, patch.height)
                frames.append(f)
                used[li] = true
                used[ri] = true
                usedRight = r.1
                break
            }
        }
        let wide = wideFrames(runs: runs, used: used, lowMed: lowMed, midMed: midMed, midCount: midCount,
                              level: level, kept: kept, wallHeight: patch.height, options: options)
        guard !wide.isEmpty else { return frames }
        return (frames + wide).sorted { $0.uMin < $1.uMin }
    }

    /// Wide door frames (see ``Options/maximumWideWidth``): two neighbouring casings, neither used by a
    /// narrower door, between ``Options/widthRange`` and ``Options/maximumWideWidth`` apart, with no used
    /// casing between them, a leaf inside (points at or behind the wall level: a tall cabinet against the
    /// wall hides the wall between its sides, and a hole this wide is an opening the density finds) and the
    /// head casing's lower edge at least one casing width below the wall top.
    static func wideFrames(runs: [(Int, Int)], used: [Bool], lowMed: [Double], midMed: [Double], midCount: [Int32],
                           level: (Double, Double), kept: [SIMD3<Float>], wallHeight: Double, options: Options) -> [Frame] {
        let bin = options.bin, narrow = options.widthRange.upperBound, widest = options.maximumWideWidth
        guard widest > narrow else { return [] }
        var frames: [Frame] = []
        var usedRight = -1
        for (li, l) in runs.enumerated() where !used[li] && l.0 > usedRight {
            for ri in (li + 1)..<runs.count {
                if used[ri] { break }
                let r = runs[ri]
                let gap = Double(r.0 - l.1 - 1) * bin
                if gap > widest + 0.05 { break }
                guard gap > narrow - 0.05 else { continue }
                guard let f = frame(left: l, right: r, lowMed: lowMed, midMed: midMed, midCount: midCount,
                                    level: level, kept: kept, options: options) else { continue }
                let w = f.uMax - f.uMin
                guard w > narrow, w <= widest, f.insideDepth != nil, f.vMax + options.casingWidthRange.lowerBound <= wallHeight else { continue }
                frames.append(f)
                usedRight = r.1
                break
            }
        }
        return frames
    }

    /// Median depth of bin `c` of a profile of `count` depth histograms (linear inside the median histogram
    /// bin); a bin with fewer than `minPts` points borrows its two neighbours' points; NaN when still too few.
    static func median(_ hist: [Int32], count: Int, _ c: Int, _ minPts: Int32, _ band: Double) -> Double {
        let nb = histogramBins
        var total: Int32 = 0
        for h in 0..<nb { total += hist[c * nb + h] }
        var lo = c, hi = c
        if total < minPts {
            lo = max(0, c - 1); hi = min(count - 1, c + 1)
            total = 0
            for k in lo...hi { for h in 0..<nb { total += hist[k * nb + h] } }
        }
        guard total >= minPts else { return .nan }
        let half = Double(total) / 2, w = 2 * band / Double(nb)
        var acc = 0.0
        for h in 0..<nb {
            var k = 0.0
            for b in lo...hi { k += Double(hist[b * nb + h]) }
            if acc + k >= half, k > 0 { return -band + (Double(h) + (half - acc) / k) * w }
            acc += k
        }
        return band
    }

    /// Offset and slope of the wall level `s = a + b·u` through the finite column medians: a least-squares line,
    /// refitted twice without the columns more than 6 mm off it (casings, leaves, furniture edges).
    static func wallLevel(_ med: [Double], bin: Double) -> (Double, Double)? {
        let finite = med.filter(\.isFinite).sorted()
        guard finite.count >= 10 else { return nil }
        // Start flat at the median level (the plain wall is the majority of the columns), then refit.
        var a = finite[finite.count / 2], b = 0.0
        for _ in 0..<2 {
            var n = 0.0, su = 0.0, ss = 0.0, suu = 0.0, sus = 0.0
            for (c, m) in med.enumerated() where m.isFinite {
                let u = (Double(c) + 0.5) * bin
                guard abs(m - (a + b * u)) <= 0.006 else { continue }
                n += 1; su += u; ss += m; suu += u * u; sus += u * m
            }
            let d = n * suu - su * su
            guard n >= 10, d > 1e-12 else { break }
            b = (n * sus - su * ss) / d
            a = (ss - b * su) / n
        }
        return (a, b)
    }

    /// Checks one pair of jamb runs and measures the frame, or nil when it is not a door frame.
    static func frame(left l: (Int, Int), right r: (Int, Int), lowMed: [Double], midMed: [Double], midCount: [Int32],
                      level: (Double, Double), kept: [SIMD3<Float>], options: Options) -> Frame? {
        let bin = options.bin, proud = options.proudThreshold
        let nu = midMed.count
        func lev(_ c: Int) -> Double { level.0 + level.1 * (Double(c) + 0.5) * bin }
        // Casing height: median residual of the jamb columns.
        var casing: [Double] = []
        for c in Array(l.0...l.1) + Array(r.0...r.1) where midMed[c].isFinite { casing.append(midMed[c] - lev(c)) }
        guard !casing.isEmpty else { return nil }
        casing.sort()
        let projection = casing[casing.count / 2]
        // Outside each jamb, over the next 3 cm… 10 cm: not proud (wall level, a reveal behind it, or nothing
        // seen, as beside an open leaf hiding its hinge casing); proud means the run is part of something wider.
        for (from, step) in [(l.0 - 3, -1), (r.1 + 3, 1)] {
            var ok = 0, bad = 0, c = from
            for _ in 0..<8 {
                guard c >= 0, c < nu else { break }
                let m = midMed[c] - lev(c)
                if m.isFinite { if m < proud { ok += 1 } else { bad += 1 } }
                c += step
            }
            guard ok >= bad else { return nil }
        }
        // Inside: at or behind the wall level, or empty (seen through); measured away from the jambs.
        let i0 = l.1 + 4, i1 = r.0 - 4
        guard i1 > i0 else { return nil }
        var inside: [Double] = [], empty = 0, proudInside = 0
        let typical = max(Int32(options.minimumColumnPoints), medianCount(midCount, l, r) / 4)
        for c in i0...i1 {
            if midCount[c] < typical || !midMed[c].isFinite { empty += 1; continue }
            let m = midMed[c] - lev(c)
            if m > proud { proudInside += 1 } else { inside.append(m) }
        }
        let total = i1 - i0 + 1
        let fill = Double(total - proudInside) / Double(total)
        guard fill >= 0.85 else { return nil }
        var insideDepth: Double?
        if inside.count * 2 >= total {
            inside.sort()
            insideDepth = max(0, -inside[inside.count / 2])
        }
        // Inner edges: where the profile crosses halfway between the casing and the inside level.
        let inLevel = insideDepth.map { -$0 } ?? 0
        let half = (projection + inLevel) / 2
        var uMin = Double(l.1 + 1) * bin, uMax = Double(r.0) * bin
        if insideDepth != nil {
            if let e = crossing(midMed, from: l.1, to: l.1 + 3, bin: bin, lev: lev, half: half) { uMin = e }
            if let e = crossing(midMed, from: r.0, to: r.0 - 3, bin: bin, lev: lev, half: half) { uMax = e }
        } else {
            // Nothing inside: the edge is where the point density drops, within the first column that thins out.
            let full = Double(medianCount(midCount, l, r))
            uMin = densityEdge(midCount, from: l.1 - 1, step: 1, full: full, bin: bin) ?? uMin
            uMax = densityEdge(midCount, from: r.0 + 1, step: -1, full: full, bin: bin) ?? uMax
        }
        // Head: row profile of the points between the inner edges, 10 cm in from each (clear of a swung leaf's
        // hinge edge, which stands proud next to its jamb).
        guard let vMax = head(kept, u0: uMin + 0.1, u1: uMax - 0.1, level: level, options: options,
                              projection: projection, inLevel: inLevel) else { return nil }
        return Frame(uMin: uMin, uMax: uMax, vMax: vMax, insideDepth: insideDepth, casingProjection: projection, insideFill: fill)
    }

    static func medianCount(_ counts: [Int32], _ l: (Int, Int), _ r: (Int, Int)) -> Int32 {
        var c: [Int32] = []
        for k in Array(l.0...l.1) + Array(r.0...r.1) { c.append(counts[k]) }
        c.sort()
        return c[c.count / 2]
    }

    /// Edge of a run of columns holding `full` points each where the count drops below 60 % going from `from` in
    /// direction `step` (at most 5 columns): inside the thinning column, at the share of it that is covered.
    static func densityEdge(_ counts: [Int32], from: Int, step: Int, full: Double, bin: Double) -> Double? {
        guard full > 0 else { return nil }
        var c = from
        for _ in 0..<5 {
            guard c >= 0, c < counts.count else { return nil }
            let f = Swift.min(1, Double(counts[c]) / full)
            if f < 0.6 { return step > 0 ? (Double(c) + f) * bin : (Double(c + 1) - f) * bin }
            c += step
        }
        return nil
    }

    /// Position between column `from` (casing) and the columns towards `to` where the residual profile first
    /// drops below `half`, linearly interpolated between column centres.
    static func crossing(_ med: [Double], from: Int, to: Int, bin: Double, lev: (Int) -> Double, half: Double) -> Double? {
        let step = to > from ? 1 : -1
        var prev = from
        var c = from + step
        while c >= 0, c < med.count, c != to + step {
            let a = med[prev] - lev(prev), b = med[c] - lev(c)
            if a.isFinite, b.isFinite, a >= half, b < half {
                let t = (a - half) / (a - b)
                return ((Double(prev) + 0.5) + t * Double(step)) * bin
            }
            prev = c
            c += step
        }
        return nil
    }

    /// Lower edge of the head casing: the lowest height where the row medians of the points between `u0` and
    /// `u1` rise above the halfway level and stay there for 3 cm, interpolated; nil when none in the height range.
    static func head(_ kept: [SIMD3<Float>], u0: Double, u1: Double, level: (Double, Double), options: Options,
                     projection: Double, inLevel: Double) -> Double? {
        guard u1 > u0 else { return nil }
        let bin = options.bin, band = options.band, nb = histogramBins
        let v0 = options.heightRange.lowerBound - 0.1, v1 = options.heightRange.upperBound + 0.1
        let rows = Int(((v1 - v0) / bin).rounded(.up))
        var hist = [Int32](repeating: 0, count: rows * nb)
        let hb = 2 * band / Double(nb)
        for p in kept {
            let u = Double(p.x), v = Double(p.y)
            guard u >= u0, u < u1, v >= v0, v < v1 else { continue }
            let s = Double(p.z) - (level.0 + level.1 * u)
            guard s > -band, s < band else { continue }
            let row = min(Int((v - v0) / bin), rows - 1)
            hist[row * nb + min(Int((s + band) / hb), nb - 1)] += 1
        }
        let minPts = Int32(max(options.minimumColumnPoints, Int((u1 - u0) / 0.1)))
        var med = [Double](repeating: .nan, count: rows)
        for k in 0..<rows { med[k] = median(hist, count: rows, k, minPts, band) }
        let half = (projection + inLevel) / 2
        for k in 1..<max(1, rows - 3) {
            guard (0..<3).allSatisfy({ med[k + $0].isFinite && med[k + $0] >= half }) else { continue }
            // The first proud row: interpolate the crossing with the row below when it is measured.
            let below = med[k - 1]
            var v = v0 + Double(k) * bin
            if below.isFinite, below < half {
                let t = (half - below) / (med[k] - below)
                v = v0 + (Double(k) - 0.5 + t) * bin
            }
            return options.heightRange.contains(v) ? v : nil
        }
        return nil
    }
}
