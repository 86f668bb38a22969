extension PlaneSegmentationEngine {
    /// Label refinement (optional), final refits, normal signs, areas and the unassigned list.
    func finish(rounds: Int) -> PlaneSegmentationResult {
        let n = cloud.count
        var labels = [Int32](repeating: -1, count: n)
        for (p, a) in accepted.enumerated() { for i in a.inliers { labels[Int(i)] = Int32(p) } }
        if options.refineLabels && !accepted.isEmpty {
            refineLabels(&labels)
        }
        var members = [[Int32]](repeating: [], count: accepted.count)
        for i in 0..<n where labels[i] >= 0 { members[Int(labels[i])].append(Int32(i)) }
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
    private func refineLabels(_ labels: inout [Int32]) {
        let t = options.distanceThreshold
        var pn = [SIMD3<Float>](), pd = [Float]()
        for a in accepted {
            let f = Self.fit(a.inliers, cloud: cloud)
            pn.append(SIMD3<Float>(f.normal))
            pd.append(Float(f.offset))
        }
        let normals = cloud.normals
        for i in 0..<cloud.count {
            let p = SIMD3(cloud.x[i], cloud.y[i], cloud.z[i])
            let cur = Int(labels[i])
            var best = cur
            var bestD: Float = cur >= 0 ? abs(dot(pn[cur], p) + pd[cur]) : .infinity
            for q in 0..<pn.count where q != cur {
                let d = abs(dot(pn[q], p) + pd[q])
                guard d <= t, d < bestD else { continue }
                if let normals, abs(dot(normals[i], pn[q])) < cosTolerance { continue }
                guard accepted[q].grid.contains(p, component: accepted[q].component) else { continue }
                best = q
                bestD = d
            }
            labels[i] = Int32(best)
        }
    }

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
