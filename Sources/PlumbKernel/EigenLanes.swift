/// The arithmetic of the closed-form 3x3 eigen formulas, for one matrix (`Double`) or four at once, one per
/// lane (`SIMD4<Double>`) (internal). Each operation is the lane-wise IEEE operation, so a formula written
/// once over this protocol gives, in every lane, exactly the bits of its `Double` evaluation.
protocol EigenLanes {
    /// `c` in every lane.
    init(constant c: Double)
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Self) -> Self
    static func / (lhs: Self, rhs: Self) -> Self
    /// Square root per lane.
    func squareRoot() -> Self
    /// `min(max(self, -1), 1)` per lane (NaN stays NaN).
    func clampedToUnit() -> Self
    /// Per lane: `candidate` where `candidateKey > key`, else `self` (NaN keys keep `self`).
    func replacing(with candidate: Self, where candidateKey: Self, exceeds key: Self) -> Self
}

extension Double: EigenLanes {
    @inline(__always) init(constant c: Double) { self = c }
    @inline(__always) func clampedToUnit() -> Double { Swift.min(Swift.max(self, -1), 1) }
    @inline(__always) func replacing(with candidate: Double, where candidateKey: Double, exceeds key: Double) -> Double {
        candidateKey > key ? candidate : self
    }
}

extension SIMD4: EigenLanes where Scalar == Double {
    @inline(__always) init(constant c: Double) { self.init(repeating: c) }
    @inline(__always) func clampedToUnit() -> SIMD4<Double> {
        var h = self
        h.replace(with: -1, where: h .< -1)
        h.replace(with: 1, where: h .> 1)
        return h
    }
    @inline(__always) func replacing(
        with candidate: SIMD4<Double>, where candidateKey: SIMD4<Double>, exceeds key: SIMD4<Double>
    ) -> SIMD4<Double> {
        replacing(with: candidate, where: candidateKey .> key)
    }
}
