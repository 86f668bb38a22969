extension PlaneSegmentationEngine {
    /// Label refinement (optional), final refits, normal signs, areas and the unassigned list.
    func finish(rounds: Int) -> PlaneSegmentationResult {
        let n = cloud.count
        var labels = [Int32](repeating: -1, count: n)
        for (p, a) in accepted.enumerated() { for i in a.inliers { labels[Int(i)] = Int32(p) } }
        if options.refineLabels && !accepted.isEmpty {
            refineLabels(&labels)
        }
        let members = Self.members(labels: labels, planes: accepted.count)
        var centre = SIMD3<Double>.zero
        for i in 0..<n { centre += SIMD3(Double(cloud.x[i]), Double(cloud.y[i]), Double(cloud.z[i])) }
        if n > 0 { centre /= Double(n) }
        var planes = [DetectedPlane]()
        var dropped = [Int32]()
        for idx in members {
            guard let plane = makePlane(idx, cloudCentre: centre),
                idx.count >= options.minPoints, plane.area >= options.minArea
            else {
                dropped.append(contentsOf: idx)
                continue
            }
            planes.append(plane)
        }
        var unassigned = [Int32]()
        for i in 0..<n where labels[i] < 0 { unassigned.append(Int32(i)) }
        if !dropped.isEmpty {
            unassigned.append(contentsOf: dropped)
            unassigned.sort()
        }
        return PlaneSegmentationResult(planes: planes, unassigned: unassigned, rounds: rounds)
    }

    /// Moves each point within the threshold of a plane whose (dilated) region contains it to the nearest such
    /// plane; points already assigned move only to a strictly nearer one.
    ///
    /// Per point, the planes are tried in index order and the first strictly nearest admissible one wins. The
    /// points are processed in blocks of ``refineBlock``; inside a block each plane is scanned with the 8-lane
    /// ``PlaneInlierKernel`` distance expression, and only the points within the threshold (a few per plane)
    /// go through the exact scalar checks, in plane order per point, so the labels are the same as testing
    /// every plane for every point.
    /// - Complexity: O(n · planes / 8) SIMD steps plus O(candidates) grid look-ups; no allocation per point.
    private func refineLabels(_ labels: inout [Int32]) {
        let t = options.distanceThreshold
        var pn = [SIMD3<Float>](), pd = [Float]()
        for a in accepted {
            let f = Self.fit(a.inliers, cloud: cloud)
            pn.append(SIMD3<Float>(f.normal))
            pd.append(Float(f.offset))
        }
        let masks = accepted.map { $0.grid.dilatedMask(component: $0.component) }
        let n = cloud.count
        let normals = cloud.normals
        let original = labels
        var bestD = [Float](repeating: .infinity, count: n)
        for i in 0..<n where original[i] >= 0 {
            let cur = Int(original[i])
            bestD[i] = abs(dot(pn[cur], SIMD3(cloud.x[i], cloud.y[i], cloud.z[i])) + pd[cur])
        }
        let hi = SIMD8<Float>(repeating: t), lo = SIMD8<Float>(repeating: -t)
        cloud.x.withUnsafeBufferPointer { xs in
            cloud.y.withUnsafeBufferPointer { ys in
                cloud.z.withUnsafeBufferPointer { zs in
                    labels.withUnsafeMutableBufferPointer { out in
                        bestD.withUnsafeMutableBufferPointer { bd in
                            original.withUnsafeBufferPointer { orig in
                                var start = 0
                                while start < n {
                                    let end = Swift.min(n, start + Self.refineBlock)
                                    // The block's bounding box: a plane farther than the threshold from all of it
                                    // (with a margin far above Float rounding) has no point of the block in reach.
                                    var bmin = SIMD3<Float>(repeating: .infinity), bmax = -bmin
                                    for i in start..<end {
                                        let p = SIMD3(xs[i], ys[i], zs[i])
                                        bmin = pointwiseMin(bmin, p)
                                        bmax = pointwiseMax(bmax, p)
                                    }
                                    let centre = (SIMD3<Double>(bmin) + SIMD3<Double>(bmax)) / 2
                                    let half = (SIMD3<Double>(bmax) - SIMD3<Double>(bmin)) / 2
                                    let extent = Double(Swift.max(pointwiseMax(pointwiseMax(bmin, -bmin), pointwiseMax(bmax, -bmax)).max(), 1))
                                    for q in 0..<pn.count {
                                        let nrm = pn[q], off = pd[q]
                                        let nd = SIMD3<Double>(nrm)
                                        let gap = abs(dot(nd, centre) + Double(off)) - dot(pointwiseMax(nd, -nd), half)
                                        if gap > Double(t) + 1e-3 + 1e-5 * (extent + abs(Double(off))) { continue }
                                        // Held here so the per-point check below does not retain the mask's arrays.
                                        let mask = masks[q]
                                        let nx = SIMD8(repeating: nrm.x), ny = SIMD8(repeating: nrm.y)
                                        let nz = SIMD8(repeating: nrm.z), d8 = SIMD8(repeating: off)
                                        // The exact per-point test, in the original order of operations.
                                        func visit(_ i: Int, _ s: Float) {
                                            let d = abs(s)
                                            guard Int(orig[i]) != q, d <= t, d < bd[i] else { return }
                                            let p = SIMD3(xs[i], ys[i], zs[i])
                                            if let normals, abs(dot(normals[i], nrm)) < cosTolerance { return }
                                            guard mask.contains(p) else { return }
                                            out[i] = Int32(q)
                                            bd[i] = d
                                        }
                                        let q8 = SIMD8<Int32>(repeating: Int32(q))
                                        var i = start
                                        while i + 8 <= end {
                                            let vx = UnsafeRawPointer(xs.baseAddress! + i).loadUnaligned(as: SIMD8<Float>.self)
                                            let vy = UnsafeRawPointer(ys.baseAddress! + i).loadUnaligned(as: SIMD8<Float>.self)
                                            let vz = UnsafeRawPointer(zs.baseAddress! + i).loadUnaligned(as: SIMD8<Float>.self)
                                            let s = ((nx * vx + ny * vy) + nz * vz) + d8
                                            var m = (s .<= hi) .& (s .>= lo)
                                            if any(m) {
                                                // Lanes that `visit` would turn away at once (the point's own plane,
                                                // or no nearer than its best so far) are dropped eight at a time.
                                                let own = UnsafeRawPointer(orig.baseAddress! + i).loadUnaligned(as: SIMD8<Int32>.self)
                                                let best = UnsafeRawPointer(bd.baseAddress! + i).loadUnaligned(as: SIMD8<Float>.self)
                                                m = m .& (own .!= q8) .& (s .< best) .& (-s .< best)
                                            }
                                            if any(m) {
                                                for lane in 0..<8 where m[lane] { visit(i + lane, s[lane]) }
                                            }
                                            i += 8
                                        }
                                        while i < end {
                                            visit(i, ((nrm.x * xs[i] + nrm.y * ys[i]) + nrm.z * zs[i]) + off)
                                            i += 1
                                        }
                                    }
                                    start = end
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The point indices of each plane, ascending: counted, scattered once into one flat buffer (a counting
    /// sort by label), then cut into one exactly sized array per plane. No per-point append into nested
    /// arrays. O(n + planes).
    static func members(labels: [Int32], planes: Int) -> [[Int32]] {
        var start = [Int](repeating: 0, count: planes + 1)
        labels.withUnsafeBufferPointer { lab in
            start.withUnsafeMutableBufferPointer { st in
                for l in lab where l >= 0 { st[Int(l) + 1] += 1 }
                for p in 0..<planes { st[p + 1] += st[p] }
            }
        }
        let total = start[planes]
        var cursor = start
        let flat = [Int32](unsafeUninitializedCapacity: total) { out, written in
            labels.withUnsafeBufferPointer { lab in
                cursor.withUnsafeMutableBufferPointer { cur in
                    for i in 0..<lab.count where lab[i] >= 0 {
                        let l = Int(lab[i])
                        out[cur[l]] = Int32(i)
                        cur[l] += 1
                    }
                }
            }
            written = total
        }
        return (0..<planes).map { Array(flat[start[$0]..<start[$0 + 1]]) }
    }

    /// Points per block of ``refineLabels(_:)`` (the block's coordinates stay in the L1/L2 cache while
    /// every plane scans it).
    static let refineBlock = 4096

    /// Total-least-squares plane through the given points (local frame).
    static func fit(_ idx: [Int32], cloud: PointCloud) -> (
        normal: SIMD3<Double>, offset: Double, mean: SIMD3<Double>, eigen: SymmetricEigen3
    ) {
        var acc = CovarianceAccumulator()
        for i in idx { acc.add(SIMD3<Double>(Double(cloud.x[Int(i)]), Double(cloud.y[Int(i)]), Double(cloud.z[Int(i)]))) }
        let e = SymmetricEigen3(acc.covariance)
        return (e.vector0, -dot(e.vector0, acc.mean), acc.mean, e)
    }

    /// The reported plane for a final inlier set: refit, sign, RMS and occupancy-grid area.
    private func makePlane(_ idx: [Int32], cloudCentre: SIMD3<Double>) -> DetectedPlane? {
        guard idx.count >= 3 else { return nil }
        let f = Self.fit(idx, cloud: cloud)
        var nrm = f.normal, off = f.offset
        var flip: Bool
        if let nf = cloud.normals {
            var votes = 0
            for i in idx { votes += dot(SIMD3<Double>(nf[Int(i)]), nrm) >= 0 ? 1 : -1 }
            flip = votes < 0
        } else {
            flip = dot(nrm, cloudCentre) + off < 0
        }
        if flip {
            nrm = -nrm
            off = -off
        }
        var ss = 0.0
        var gx = [Float](), gy = [Float](), gz = [Float]()
        gx.reserveCapacity(idx.count)
        gy.reserveCapacity(idx.count)
        gz.reserveCapacity(idx.count)
        for i in idx {
            let p = SIMD3<Double>(Double(cloud.x[Int(i)]), Double(cloud.y[Int(i)]), Double(cloud.z[Int(i)]))
            let d = dot(nrm, p) + off
            ss += d * d
            gx.append(cloud.x[Int(i)])
            gy.append(cloud.y[Int(i)])
            gz.append(cloud.z[Int(i)])
        }
        let grid = gx.withUnsafeBufferPointer { bx in
            gy.withUnsafeBufferPointer { by in
                gz.withUnsafeBufferPointer { bz in
                    PlaneOccupancyGrid(
                        x: bx, y: by, z: bz, centroid: f.mean, u: f.eigen.vector2, v: f.eigen.vector1,
                        minCell: options.gridCellSize)
                }
            }
        }
        return DetectedPlane(
            normal: nrm, offset: off, inliers: idx, centroid: f.mean, rms: (ss / Double(idx.count)).squareRoot(),
            area: planarArea(gridArea: grid.totalArea, eigenvalues: f.eigen.values), gridCellSize: grid.cell)
    }
}
