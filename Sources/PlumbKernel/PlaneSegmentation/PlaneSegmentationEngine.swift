/// The state of one ``PlaneSegmenter`` run (internal).
struct PlaneSegmentationEngine {
    let cloud: PointCloud
    let options: PlaneSegmentationOptions
    let cosTolerance: Float
    var rng: SeededGenerator
    /// Original indices of the remaining points, ascending, and their coordinates (compacted SoA).
    var remaining: [Int32]
    var rx: [Float], ry: [Float], rz: [Float]
    /// Positions (into the remaining arrays) of the current candidate's inliers.
    var inlierPositions: [Int32]
    var candidateCount = 0
    /// Accepted planes as (inlier indices, grid, component) before the final refit.
    var accepted: [(inliers: [Int32], grid: PlaneOccupancyGrid, component: Int)] = []

    init(cloud: PointCloud, options: PlaneSegmentationOptions) {
        self.cloud = cloud
        self.options = options
        self.cosTolerance = Float(_cos(options.normalAgreementDegrees * .pi / 180))
        self.rng = SeededGenerator(seed: options.seed)
        self.remaining = (0..<Int32(cloud.count)).map { $0 }
        self.rx = cloud.x
        self.ry = cloud.y
        self.rz = cloud.z
        self.inlierPositions = [Int32](repeating: 0, count: cloud.count)
    }

    mutating func run() -> PlaneSegmentationResult {
        var sampler = PlaneHypothesisSampler()
        var rounds = 0, failures = 0
        let normals = cloud.normals
        while accepted.count < options.maxPlanes && remaining.count >= options.minPoints
            && failures < options.maxFailedRounds
        {
            rounds += 1
            if let nf = normals {
                let rem = remaining
                sampler.draw(rx: rx, ry: ry, rz: rz, normalAt: { nf[Int(rem[$0])] }, m: options.sampleSize, rng: &rng)
            } else {
                sampler.draw(rx: rx, ry: ry, rz: rz, normalAt: nil, m: options.sampleSize, rng: &rng)
            }
            let hyps = sampler.hypotheses(
                count: options.hypothesesPerRound, span: options.maxSampleSpan, cosTolerance: cosTolerance, rng: &rng)
            guard let best = sampler.best(of: hyps, threshold: options.distanceThreshold, parallel: options.parallel)
            else {
                failures += 1
                continue
            }
            let estimate = Double(best.support) * Double(remaining.count) / Double(sampler.x.count)
            if estimate < 0.5 * Double(options.minPoints) { break }
            var normal = best.normal, offset = best.offset
            collect(normal: normal, offset: offset)
            for _ in 0..<options.refinementIterations where candidateCount >= 3 {
                let before = candidateCount
                guard let fit = fitCandidate() else { break }
                let n = SIMD3<Float>(fit.normal), d = Float(fit.offset)
                if n == normal && d == offset { break }
                normal = n
                offset = d
                collect(normal: normal, offset: offset)
                if candidateCount == before && candidateCount == 0 { break }
            }
            if candidateCount < options.minPoints || !acceptComponents() {
                failures += 1
                removeCandidate(all: true, keep: [])
            } else {
                failures = 0
            }
        }
        return finish(rounds: rounds)
    }

    /// Collects the remaining points within the threshold of the plane into `inlierPositions` (SIMD kernel),
    /// then drops those whose normals disagree when the cloud has normals.
    mutating func collect(normal: SIMD3<Float>, offset: Float) {
        let t = options.distanceThreshold
        let count = rx.withUnsafeBufferPointer { bx in
            ry.withUnsafeBufferPointer { by in
                rz.withUnsafeBufferPointer { bz in
                    inlierPositions.withUnsafeMutableBufferPointer { out in
                        PlaneInlierKernel.collect(
                            x: bx, y: by, z: bz, normal: normal, offset: offset, threshold: t, into: out)
                    }
                }
            }
        }
        candidateCount = count
        if let nf = cloud.normals {
            var w = 0
            for r in 0..<count {
                let pos = Int(inlierPositions[r])
                let i = Int(remaining[pos])
                if abs(nf.x[i] * normal.x + nf.y[i] * normal.y + nf.z[i] * normal.z) >= cosTolerance {
                    inlierPositions[w] = Int32(pos)
                    w += 1
                }
            }
            candidateCount = w
        }
    }

    /// Total-least-squares plane of the current candidate's inliers.
    func fitCandidate() -> (normal: SIMD3<Double>, offset: Double, eigen: SymmetricEigen3, mean: SIMD3<Double>)? {
        var acc = CovarianceAccumulator()
        for r in 0..<candidateCount {
            let p = Int(inlierPositions[r])
            acc.add(SIMD3<Double>(Double(rx[p]), Double(ry[p]), Double(rz[p])))
        }
        guard acc.count >= 3 else { return nil }
        let e = SymmetricEigen3(acc.covariance)
        let n = e.vector0
        return (n, -dot(n, acc.mean), e, acc.mean)
    }

    /// Splits the candidate into connected components and accepts those big enough. Returns whether any was.
    mutating func acceptComponents() -> Bool {
        guard let fit = fitCandidate() else { return false }
        let m = candidateCount
        // The candidate's coordinates, gathered once (contiguous SoA for the grid).
        var gx = [Float](repeating: 0, count: m), gy = gx, gz = gx
        gatherColumns(inlierPositions, count: m, from: rx, ry, rz, into: &gx, &gy, &gz)
        let grid = gx.withUnsafeBufferPointer { bx in
            gy.withUnsafeBufferPointer { by in
                gz.withUnsafeBufferPointer { bz in
                    PlaneOccupancyGrid(
                        x: bx, y: by, z: bz, centroid: fit.mean, u: fit.eigen.vector2, v: fit.eigen.vector1,
                        minCell: options.gridCellSize)
                }
            }
        }
        let order = (0..<grid.componentCount).sorted {
            grid.componentPoints[$0] > grid.componentPoints[$1]
                || (grid.componentPoints[$0] == grid.componentPoints[$1] && $0 < $1)
        }
        let component = candidateComponents(grid)
        var moments = [CovarianceAccumulator](repeating: .init(), count: grid.componentCount)
        component.withUnsafeBufferPointer { comp in
            moments.withUnsafeMutableBufferPointer { mom in
                for r in 0..<m { mom[Int(comp[r])].add(SIMD3(gx[r], gy[r], gz[r])) }
            }
        }
        var keep = [Bool](repeating: false, count: grid.componentCount)
        var any = false
        for c in order where accepted.count < options.maxPlanes {
            guard grid.componentPoints[c] >= options.minPoints else { continue }
            let area = planarArea(
                gridArea: grid.componentArea[c], eigenvalues: SymmetricEigen3(moments[c].covariance).values)
            guard area >= options.minArea else { continue }
            keep[c] = true
            any = true
            let idx = [Int32](unsafeUninitializedCapacity: grid.componentPoints[c]) { out, written in
                var w = 0
                component.withUnsafeBufferPointer { comp in
                    inlierPositions.withUnsafeBufferPointer { pos in
                        remaining.withUnsafeBufferPointer { rem in
                            for r in 0..<m where Int(comp[r]) == c {
                                out[w] = rem[Int(pos[r])]
                                w += 1
                            }
                        }
                    }
                }
                written = w
            }
            accepted.append((idx, grid, c))
        }
        guard any else { return false }
        removeCandidate(all: false, keep: component.map { keep[Int($0)] })
        return true
    }

    /// The connected component of each candidate inlier (by candidate rank), read once from the grid's
    /// point-to-cell and cell-to-component tables. O(candidates), one allocation.
    func candidateComponents(_ grid: PlaneOccupancyGrid) -> [Int32] {
        [Int32](unsafeUninitializedCapacity: candidateCount) { out, written in
            grid.pointCell.withUnsafeBufferPointer { cell in
                grid.cellLabel.withUnsafeBufferPointer { label in
                    for r in 0..<candidateCount { out[r] = label[Int(cell[r])] }
                }
            }
            written = candidateCount
        }
    }

    /// Removes candidate inliers from the remaining set: all of them, or those flagged in `keep`
    /// (indexed by candidate rank). The removed positions ascend (candidate rank order is position order), so
    /// the runs of kept points between them move down as blocks; no per-point flag, no allocation.
    mutating func removeCandidate(all: Bool, keep: [Bool]) {
        var dropped = candidateCount
        if !all {
            dropped = 0
            for r in 0..<candidateCount where keep[r] {
                inlierPositions[dropped] = inlierPositions[r]
                dropped += 1
            }
        }
        let count = remaining.count
        var w = 0
        inlierPositions.withUnsafeBufferPointer { pos in
            remaining.withUnsafeMutableBufferPointer { rem in
                rx.withUnsafeMutableBufferPointer { bx in
                    ry.withUnsafeMutableBufferPointer { by in
                        rz.withUnsafeMutableBufferPointer { bz in
                            /// Moves the kept run `start..<end` down to `w` (an overlapping move to lower
                            /// addresses, so a forward copy is safe).
                            func keepRun(_ start: Int, _ end: Int) {
                                let len = end - start
                                guard len > 0 else { return }
                                if w != start {
                                    if len < 16 {
                                        for k in 0..<len {
                                            rem[w + k] = rem[start + k]
                                            bx[w + k] = bx[start + k]
                                            by[w + k] = by[start + k]
                                            bz[w + k] = bz[start + k]
                                        }
                                    } else {
                                        (rem.baseAddress! + w).update(from: rem.baseAddress! + start, count: len)
                                        (bx.baseAddress! + w).update(from: bx.baseAddress! + start, count: len)
                                        (by.baseAddress! + w).update(from: by.baseAddress! + start, count: len)
                                        (bz.baseAddress! + w).update(from: bz.baseAddress! + start, count: len)
                                    }
                                }
                                w += len
                            }
                            var from = 0
                            for j in 0..<dropped {
                                let p = Int(pos[j])
                                keepRun(from, p)
                                from = p + 1
                            }
                            keepRun(from, count)
                        }
                    }
                }
            }
        }
        remaining.removeLast(count - w)
        rx.removeLast(count - w)
        ry.removeLast(count - w)
        rz.removeLast(count - w)
        candidateCount = 0
    }
}
