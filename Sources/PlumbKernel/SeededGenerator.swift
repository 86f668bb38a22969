#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// A small, fast, seedable pseudo-random generator (SplitMix64).
///
/// Every randomised algorithm in Plumbline (RANSAC, sampling, the scan simulator) takes one of these,
/// so the same input and seed give the same output byte for byte on every machine.
public struct SeededGenerator: RandomNumberGenerator, Sendable, Hashable {
    /// Current internal state.
    public var state: UInt64

    /// A generator started from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    /// - Complexity: O(1).
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `0..<bound` without modulo bias worth measuring (Lemire's multiply-shift).
    /// - Precondition: `bound > 0`.
    @inlinable
    public mutating func nextIndex(below bound: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: bound).multipliedFullWidth(by: next())).high)
    }

    /// A uniform `Float` in [0, 1).
    @inlinable
    public mutating func nextUnitFloat() -> Float { Float(next() >> 40) * 0x1p-24 }

    /// A uniform `Double` in [0, 1).
    @inlinable
    public mutating func nextUnitDouble() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A standard normal sample (Box–Muller; one of the pair is discarded for simplicity).
    public mutating func nextGaussian() -> Double {
        var u = nextUnitDouble()
        while u <= .leastNormalMagnitude { u = nextUnitDouble() }
        let v = nextUnitDouble()
        return (-2 * _log(u)).squareRoot() * _cos(2 * .pi * v)
    }
}

#if canImport(Glibc)
@usableFromInline func _log(_ x: Double) -> Double { Glibc.log(x) }
@usableFromInline func _cos(_ x: Double) -> Double { Glibc.cos(x) }
#else
@usableFromInline func _log(_ x: Double) -> Double { Foundation.log(x) }
@usableFromInline func _cos(_ x: Double) -> Double { Foundation.cos(x) }
#endif
