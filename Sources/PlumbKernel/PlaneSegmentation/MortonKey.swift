/// Morton (Z-order) keys of integer 3D cell coordinates: the bits of x, y and z interleaved, so that cells
/// close along the key are close in space. Used to order plane-segmentation subsamples.
enum MortonKey {
    /// `v`'s low 21 bits spread out to every third bit.
    @inline(__always)
    static func spread(_ v: UInt64) -> UInt64 {
        var x = v & 0x1F_FFFF
        x = (x | x << 32) & 0x1F_0000_0000_FFFF
        x = (x | x << 16) & 0x1F_0000_FF00_00FF
        x = (x | x << 8) & 0x100F_00F0_0F00_F00F
        x = (x | x << 4) & 0x10C3_0C30_C30C_30C3
        x = (x | x << 2) & 0x1249_2492_4924_9249
        return x
    }

    /// The 63-bit key of cell (`cx`, `cy`, `cz`), each coordinate below 2^21: x in bit 0, y in bit 1, z in bit 2
    /// of every triple.
    @inline(__always)
    static func key(_ cx: UInt64, _ cy: UInt64, _ cz: UInt64) -> UInt64 {
        spread(cx) | spread(cy) << 1 | spread(cz) << 2
    }

    /// ``spread(_:)`` of a value below 2^10, in 32-bit arithmetic.
    @inline(__always)
    static func spread10(_ v: UInt32) -> UInt32 {
        var x = v & 0x3FF
        x = (x | x << 16) & 0x0300_00FF
        x = (x | x << 8) & 0x0300_F00F
        x = (x | x << 4) & 0x030C_30C3
        x = (x | x << 2) & 0x0924_9249
        return x
    }

    /// ``key(_:_:_:)`` of cell coordinates below 2^10 (the same key, which then fits 30 bits).
    @inline(__always)
    static func key10(_ cx: UInt32, _ cy: UInt32, _ cz: UInt32) -> UInt32 {
        spread10(cx) | spread10(cy) << 1 | spread10(cz) << 2
    }
}
