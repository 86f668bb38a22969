/// Gathers three coordinate columns (structure of arrays) through an index list:
/// `ox[k] = sx[index[k]]`, and likewise for y and z, for `k` in `0..<count`.
///
/// The outputs must hold at least `count` elements and every index must be a valid position of the sources
/// (checked by the buffer accesses in debug builds). - Complexity: O(count).
@inline(__always)
func gatherColumns<Index: BinaryInteger>(
    _ index: [Index], count: Int,
    from sx: [Float], _ sy: [Float], _ sz: [Float],
    into ox: inout [Float], _ oy: inout [Float], _ oz: inout [Float]
) {
    index.withUnsafeBufferPointer { idx in
        sx.withUnsafeBufferPointer { bx in
            sy.withUnsafeBufferPointer { by in
                sz.withUnsafeBufferPointer { bz in
                    ox.withUnsafeMutableBufferPointer { x in
                        oy.withUnsafeMutableBufferPointer { y in
                            oz.withUnsafeMutableBufferPointer { z in
                                for k in 0..<count {
                                    let p = Int(idx[k])
                                    x[k] = bx[p]
                                    y[k] = by[p]
                                    z[k] = bz[p]
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
