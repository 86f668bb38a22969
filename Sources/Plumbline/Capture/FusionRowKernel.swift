/// The per-row back-projection of `FusedVoxelMap/integrate(_:frameNumber:minimumConfidence:depthRange:)`,
/// eight pixels at a time.
///
/// For pixel column `c` of a row with depth `d`, the local point is `(colRay[c] + rowRay) · d + t`
/// (``PixelRays``), its voxel coordinates `q = point / voxelSize`, its voxel `floor(q)` and its quantised
/// offset `(q − floor(q) − 0.5) · 65534`. Everything is branch-free `SIMD8` arithmetic (floors by the
/// 1.5 · 2²³ rounding trick, lane masks from comparisons); only the histogram of valid depths is scalar.
struct FusionRowKernel {
    let inverseVoxel: Float
    let translation: SIMD3<Float>
    let depthLow: Float, depthHigh: Float
    let minimumConfidence: UInt8
    let slotMask: UInt32

    /// 1.5 × 2²³: adding and subtracting it rounds a Float of magnitude below 2²² to an integer (ties to
    /// even), and the sum's bit pattern minus this constant's is that integer.
    static let magic: Float = 12_582_912
    static let magicBits = Int32(bitPattern: magic.bitPattern)
    static let laneBits = SIMD8<Int32>(1, 2, 4, 8, 16, 32, 64, 128)

    /// Bit `i` set when lane `i` of `m` is true.
    @inline(__always)
    static func bits(_ m: SIMDMask<SIMD8<Int32>>) -> UInt32 {
        let v = unsafeBitCast(m, to: SIMD8<Int32>.self) & laneBits
        return UInt32(truncatingIfNeeded: v.wrappedSum())
    }

    /// Floor of `q` as integers and as floats (|q| < 2²²; other lanes give garbage and must be masked).
    @inline(__always)
    static func floor(_ q: SIMD8<Float>) -> (SIMD8<Int32>, SIMD8<Float>) {
        let s = q + magic
        let r = s - magic
        let above = r .> q
        let i = unsafeBitCast(s, to: SIMD8<Int32>.self) &- SIMD8(repeating: magicBits)
        let down = unsafeBitCast(above, to: SIMD8<Int32>.self)   // -1 where rounded up
        let one = unsafeBitCast(down & SIMD8(repeating: Int32(bitPattern: Float(1).bitPattern)), to: SIMD8<Float>.self)
        return (i &+ down, r - one)
    }

    /// Home slots of eight voxels given by biased coordinates (same as `FusedVoxelMap/home(bx:by:bz:mask:)`).
    @inline(__always)
    static func home(_ bx: SIMD8<UInt32>, _ by: SIMD8<UInt32>, _ bz: SIMD8<UInt32>, mask: UInt32) -> SIMD8<UInt32> {
        let one = SIMD8<UInt32>(repeating: 1)
        var h = ((bx &>> one) &* SIMD8(repeating: 0x9E37_79B1)) ^ ((by &>> one) &* SIMD8(repeating: 0x85EB_CA77))
            ^ ((bz &>> one) &* SIMD8(repeating: 0xC2B2_AE3D))
        h ^= h &>> SIMD8(repeating: 15)
        h &*= SIMD8(repeating: 0x2C1B_3C6D)
        h ^= h &>> SIMD8(repeating: 13)
        let low = ((bx & one) &<< SIMD8(repeating: 2)) | ((by & one) &<< one) | (bz & one)
        return ((h &<< SIMD8(repeating: 3)) | low) & SIMD8(repeating: mask)
    }

    /// Scans one row: for every 8-pixel block, writes the voxel keys (`hi`, `lo`), home slots and offsets
    /// of all lanes and a bit per fused pixel to `scratch`, and adds every valid depth to `bins` (1 cm).
    @inline(__always)
    func scan(row: Int, width w: Int, rowRay: SIMD3<Float>, depth db: UnsafeBufferPointer<Float>,
              confidence qb: UnsafeBufferPointer<UInt8>, scratch sc: FusionScratch.Buffers,
              bins: UnsafeMutablePointer<UInt32>) -> (valid: Int, fused: Int, outOfRange: Int) {
        let base = row * w
        let bx = SIMD8<Float>(repeating: rowRay.x), by = SIMD8<Float>(repeating: rowRay.y), bz = SIMD8<Float>(repeating: rowRay.z)
        let tx = SIMD8<Float>(repeating: translation.x), ty = SIMD8<Float>(repeating: translation.y)
        let tz = SIMD8<Float>(repeating: translation.z)
        let inv = SIMD8<Float>(repeating: inverseVoxel)
        let lim = SIMD8<Float>(repeating: Float(FusedVoxelMap.limit)), negLim = SIMD8<Float>(repeating: -Float(FusedVoxelMap.limit))
        let half = SIMD8<Float>(repeating: 0.5), quantum = SIMD8<Float>(repeating: FusedVoxelMap.quantum)
        let bias = SIMD8<Int32>(repeating: Int32(FusedVoxelMap.bias))
        let minC = SIMD8<Int32>(repeating: Int32(minimumConfidence))
        let low = SIMD8<Float>(repeating: depthLow), high = SIMD8<Float>(repeating: depthHigh)
        let zero = SIMD8<Float>(repeating: 0)
        let sixteen = SIMD8<UInt32>(repeating: 16)
        var valid = 0, fused = 0, outOfRange = 0
        var c = 0
        while c < w {
            var d: SIMD8<Float>, conf: SIMD8<UInt8>
            if c + 8 <= w {
                d = UnsafeRawPointer(db.baseAddress! + base + c).loadUnaligned(as: SIMD8<Float>.self)
                conf = UnsafeRawPointer(qb.baseAddress! + base + c).loadUnaligned(as: SIMD8<UInt8>.self)
            } else {
                d = .zero
                conf = .zero
                for l in 0..<(w - c) { d[l] = db[base + c + l]; conf[l] = qb[base + c + l] }
            }
            // Confidence first, then depth.
            let ok = (SIMD8<Int32>(truncatingIfNeeded: conf) .>= minC) .& (d .> zero)
            let vbits = Self.bits(ok)
            var fbits: UInt32 = 0
            if vbits != 0 {
                valid += vbits.nonzeroBitCount
                var b = vbits
                while b != 0 {
                    bins[DepthHistogram.bin(d[b.trailingZeroBitCount])] &+= 1
                    b &= b - 1
                }
                let inDepth = ok .& (d .>= low) .& (d .<= high)
                let qx = ((sc.columnX(c) + bx) * d + tx) * inv
                let qy = ((sc.columnY(c) + by) * d + ty) * inv
                let qz = ((sc.columnZ(c) + bz) * d + tz) * inv
                let inside = (qx .< lim) .& (qx .> negLim) .& (qy .< lim) .& (qy .> negLim) .& (qz .< lim) .& (qz .> negLim)
                let dbits = Self.bits(inDepth)
                fbits = Self.bits(inDepth .& inside)
                outOfRange += (dbits & ~fbits).nonzeroBitCount
                if fbits != 0 {
                    fused += fbits.nonzeroBitCount
                    let (ix, fx) = Self.floor(qx), (iy, fy) = Self.floor(qy), (iz, fz) = Self.floor(qz)
                    let hx = unsafeBitCast(ix &+ bias, to: SIMD8<UInt32>.self)
                    let hy = unsafeBitCast(iy &+ bias, to: SIMD8<UInt32>.self)
                    let hz = unsafeBitCast(iz &+ bias, to: SIMD8<UInt32>.self)
                    sc.store(hx, to: sc.hi, at: c)
                    sc.store((hy &<< sixteen) | hz, to: sc.lo, at: c)
                    sc.store(Self.home(hx, hy, hz, mask: slotMask), to: sc.homes, at: c)
                    sc.store((qx - fx - half) * quantum, to: sc.ox, at: c)
                    sc.store((qy - fy - half) * quantum, to: sc.oy, at: c)
                    sc.store((qz - fz - half) * quantum, to: sc.oz, at: c)
                }
            }
            sc.fusedBits[c >> 3] = UInt8(truncatingIfNeeded: fbits)
            c += 8
        }
        return (valid, fused, outOfRange)
    }
}
