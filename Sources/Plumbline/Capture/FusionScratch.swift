/// Per-row scratch arrays of the fusion kernel (structure of arrays, padded to a multiple of 8 columns),
/// sized once for the image width and then reused.
struct FusionScratch: Sendable {
    var colX: [Float] = [], colY: [Float] = [], colZ: [Float] = []
    var hi: [UInt32] = [], lo: [UInt32] = [], homes: [UInt32] = []
    var ox: [Float] = [], oy: [Float] = [], oz: [Float] = []
    var fusedBits: [UInt8] = []

    /// Sizes the arrays for rows of `width` pixels (no-op when already sized).
    mutating func prepare(width: Int) {
        let padded = (width + 7) & ~7
        guard colX.count != padded else { return }
        colX = [Float](repeating: 0, count: padded)
        (colY, colZ, ox, oy, oz) = (colX, colX, colX, colX, colX)
        hi = [UInt32](repeating: 0, count: padded)
        (lo, homes) = (hi, hi)
        fusedBits = [UInt8](repeating: 0, count: padded / 8)
    }

    /// Raw views of the arrays, valid inside ``withBuffers(_:)``.
    struct Buffers {
        let colX: UnsafeMutablePointer<Float>, colY: UnsafeMutablePointer<Float>, colZ: UnsafeMutablePointer<Float>
        let hi: UnsafeMutablePointer<UInt32>, lo: UnsafeMutablePointer<UInt32>, homes: UnsafeMutablePointer<UInt32>
        let ox: UnsafeMutablePointer<Float>, oy: UnsafeMutablePointer<Float>, oz: UnsafeMutablePointer<Float>
        let fusedBits: UnsafeMutablePointer<UInt8>
        @inline(__always) func columnX(_ c: Int) -> SIMD8<Float> { UnsafeRawPointer(colX + c).loadUnaligned(as: SIMD8<Float>.self) }
        @inline(__always) func columnY(_ c: Int) -> SIMD8<Float> { UnsafeRawPointer(colY + c).loadUnaligned(as: SIMD8<Float>.self) }
        @inline(__always) func columnZ(_ c: Int) -> SIMD8<Float> { UnsafeRawPointer(colZ + c).loadUnaligned(as: SIMD8<Float>.self) }
        @inline(__always) func store<T: SIMDScalar>(_ v: SIMD8<T>, to p: UnsafeMutablePointer<T>, at c: Int) {
            UnsafeMutableRawPointer(p + c).storeBytes(of: v, as: SIMD8<T>.self)
        }
    }

    /// Calls `body` with raw views of the arrays.
    mutating func withBuffers<R>(_ body: (Buffers) -> R) -> R {
        colX.withUnsafeMutableBufferPointer { x in
        colY.withUnsafeMutableBufferPointer { y in
        colZ.withUnsafeMutableBufferPointer { z in
        hi.withUnsafeMutableBufferPointer { h in
        lo.withUnsafeMutableBufferPointer { l in
        homes.withUnsafeMutableBufferPointer { hm in
        ox.withUnsafeMutableBufferPointer { a in
        oy.withUnsafeMutableBufferPointer { b in
        oz.withUnsafeMutableBufferPointer { c in
        fusedBits.withUnsafeMutableBufferPointer { f in
            body(Buffers(colX: x.baseAddress!, colY: y.baseAddress!, colZ: z.baseAddress!, hi: h.baseAddress!,
                         lo: l.baseAddress!, homes: hm.baseAddress!, ox: a.baseAddress!, oy: b.baseAddress!,
                         oz: c.baseAddress!, fusedBits: f.baseAddress!))
        }}}}}}}}}}
    }
}
