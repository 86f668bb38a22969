extension SIMD8 where Scalar == Float {
    /// The smallest lane (as `min()`, which the generic SIMD implementation does not inline): halves
    /// compared lane-wise, then the four survivors. Exact (no rounding); NaN-free input expected.
    @inline(__always)
    var smallestLane: Float {
        let a = lowHalf.replacing(with: highHalf, where: highHalf .< lowHalf)
        return Swift.min(Swift.min(a.x, a.y), Swift.min(a.z, a.w))
    }

    /// The largest lane (as `max()`); see ``smallestLane``.
    @inline(__always)
    var largestLane: Float {
        let a = lowHalf.replacing(with: highHalf, where: highHalf .> lowHalf)
        return Swift.max(Swift.max(a.x, a.y), Swift.max(a.z, a.w))
    }
}
