import PlumbKernel

extension FusedVoxelMap {
    /// Fuses one frame. Returns the frame's statistics (valid fraction, median depth, fused points).
    ///
    /// Pixels count as *valid* when their confidence is at least `minimumConfidence` and their depth is
    /// positive; valid pixels whose depth lies in `depthRange` are fused.
    ///
    /// Each image row is processed in three passes:
    /// 1. `FusionRowKernel`, eight pixels at a time (`SIMD8`): confidence then depth filters, back-projection
    ///    along the cached rays (`PixelRays`) turned by the pose, voxel key, home slot and quantised
    ///    offset, written to per-row arrays with one bit per fused pixel;
    /// 2. the home slots of the fused pixels are loaded in a tight loop (independent loads, so many cache
    ///    misses overlap);
    /// 3. runs of consecutive fused pixels in one voxel are merged and each run is folded into its slot
    ///    (one probe, one update).
    ///
    /// A frame whose arrays do not match its size (only possible for a frame that skipped
    /// `DepthFrame.validate()`) fuses nothing and reports zero valid pixels.
    /// - Complexity: O(pixels) expected, independent of the map's size, plus an occasional O(slots) table
    ///   growth or eviction. Allocates nothing once the table has grown and the scratch arrays are sized for
    ///   the image width.
    @discardableResult
    public mutating func integrate(
        _ frame: DepthFrame, frameNumber: UInt32, minimumConfidence: UInt8, depthRange: ClosedRange<Float>
    ) -> FrameFusionStatistics {
        let w = frame.width, h = frame.height
        guard w > 0, h > 0, w <= 16384, h <= 16384, frame.depth.count == w * h, frame.confidence.count == w * h else {
            return FrameFusionStatistics(pixels: max(0, w) * max(0, min(h, 16384)))
        }
        reserveForInsertions(w * h)
        if rays.intrinsics != frame.intrinsics || rays.width != w || rays.height != h {
            rays = PixelRays(intrinsics: frame.intrinsics, width: w, height: h)
        }
        scratch.prepare(width: w)
        let pose = frame.cameraToWorld
        rays.rotateColumns(by: pose, into: &scratch)
        let c1 = SIMD3<Float>(pose.column1), c2 = SIMD3<Float>(pose.column2)
        let frame16 = UInt16(truncatingIfNeeded: frameNumber)
        latestFrame = frame16
        histogram.reset()
        let mask = slots.count - 1
        var inserted = 0, fused = 0, valid = 0, outOfRange = 0
        var touch: UInt64 = 0
        let kernel = FusionRowKernel(
            inverseVoxel: Float(1 / voxelSize), translation: SIMD3<Float>(pose.translation - origin),
            depthLow: depthRange.lowerBound, depthHigh: depthRange.upperBound,
            minimumConfidence: minimumConfidence, slotMask: UInt32(truncatingIfNeeded: mask))
        let blocks = (w + 7) / 8
        slots.withUnsafeMutableBufferPointer { sb in
        frame.depth.withUnsafeBufferPointer { db in
        frame.confidence.withUnsafeBufferPointer { qb in
        rays.rowDirection.withUnsafeBufferPointer { rd in
        histogram.bins.withUnsafeMutableBufferPointer { hb in
        scratch.withBuffers { sc in
            var lastKey = Self.empty, lastSlot = 0
            for row in 0..<h {
                let r = kernel.scan(row: row, width: w, rowRay: c1 * rd[row] - c2, depth: db, confidence: qb,
                                    scratch: sc, bins: hb.baseAddress!)
                valid += r.valid
                outOfRange += r.outOfRange
                fused += r.fused
                if r.fused == 0 { continue }
                // Touch the home slots: independent loads, so many cache misses are in flight at once.
                var t: UInt64 = 0
                for b in 0..<blocks {
                    var bits = UInt32(sc.fusedBits[b])
                    while bits != 0 {
                        t &+= sb[Int(sc.homes[8 * b + bits.trailingZeroBitCount])].word
                        bits &= bits - 1
                    }
                }
                touch &+= t
                // Runs of consecutive fused pixels in one voxel: one probe and one update per run.
                var runKey = Self.empty, runHome = 0, runWeight: UInt32 = 0
                var runSum = SIMD4<Float>.zero
                for b in 0...blocks {
                    var bits = b < blocks ? UInt32(sc.fusedBits[b]) : 1
                    while bits != 0 {
                        let i = 8 * b + bits.trailingZeroBitCount
                        bits &= bits - 1
                        let key = b < blocks ? UInt64(sc.hi[i]) << 32 | UInt64(sc.lo[i]) : Self.empty
                        if key == runKey {
                            runSum += SIMD4(sc.ox[i], sc.oy[i], sc.oz[i], 0)
                            runWeight += 1
                            continue
                        }
                        if runWeight > 0 {
                            let slot: Int
                            if runKey == lastKey {
                                slot = lastSlot
                            } else {
                                var s = runHome
                                while true {
                                    let kk = sb[s].word & Self.keyMask
                                    if kk == runKey { break }
                                    if kk == Self.empty {
                                        sb[s] = Slot(word: runKey)
                                        inserted += 1
                                        break
                                    }
                                    s = (s + 1) & mask
                                }
                                slot = s
                                lastKey = runKey
                                lastSlot = s
                            }
                            Self.accumulate(&sb[slot], sum: runSum, weight: runWeight, frame: frame16)
                        }
                        if b == blocks { break }
                        runKey = key
                        runHome = Int(sc.homes[i])
                        runSum = SIMD4(sc.ox[i], sc.oy[i], sc.oz[i], 0)
                        runWeight = 1
                    }
                }
            }
        }}}}}}
        touchSink &+= touch
        count += inserted
        histogram.total = valid
        var stats = FrameFusionStatistics(pixels: w * h)
        stats.validPixels = valid
        stats.fusedPoints = fused
        stats.outOfRange = outOfRange
        stats.medianDepth = histogram.median()
        stats.newVoxels = inserted
        if count > capacity { evict(keeping: capacity * 9 / 10) }
        return stats
    }
}
