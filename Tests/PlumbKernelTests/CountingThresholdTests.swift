import Foundation
import Testing
@testable import PlumbKernel

/// The counting search for the k-th smallest value must agree with sorting for every rank, on squared
/// neighbour distances and on adversarial spreads (ties, duplicates, zeros, subnormals, 60 decades),
/// with lanes above the upper bound ignored, and must end within its pass bound.
@Suite("k-th value by counting")
struct CountingThresholdTests {
    /// Kinds of value sets: squared distances to points of a noisy plane patch (the k-NN case), uniform
    /// values, values spread over 60 decades, values on 6 levels (heavy ties), and all equal (every
    /// rank tied).
    enum Spread: CaseIterable { case planeDistances, uniform, decades, levels, equal }

    /// `blocks` blocks of 8 values: the first `inside` of them at most `upper`, the rest above it
    /// (lanes the caller does not count), in random order.
    static func values(_ spread: Spread, blocks: Int, seed: UInt64) -> (values: [Int32], upper: Int32) {
        var rng = SeededGenerator(seed: seed)
        let n = 8 * blocks
        var v = [Float]()
        for _ in 0..<n {
            switch spread {
            case .planeDistances:
                // A point of a unit disk around the query (as within a scan radius of 1).
                var x: Float = 1, y: Float = 1
                while x * x + y * y > 1 { x = 2 * rng.nextUnitFloat() - 1; y = 2 * rng.nextUnitFloat() - 1 }
                let z = Float(0.001 * rng.nextGaussian())
                v.append(x * x + y * y + z * z)
            case .uniform: v.append(rng.nextUnitFloat())
            case .decades: v.append(Float(pow(10, Double(60 * rng.nextUnitFloat() - 40))))
            case .levels: v.append([0, Float.leastNonzeroMagnitude, 1e-6, 0.25, 0.5, 1][rng.nextIndex(below: 6)])
            case .equal: v.append(0.125)
            }
        }
        // About a fifth of the lanes above the bound, as the non-hit lanes of a hit block.
        let upper: Float = spread == .decades ? 1e15 : spread == .planeDistances ? 1.001 : 1.5
        for i in 0..<n where rng.nextIndex(below: 5) == 0 { v[i] = upper * (1 + rng.nextUnitFloat()) + 1 }
        if spread != .equal, n > 2 { v[rng.nextIndex(below: n)] = .infinity }
        return (v.map { Int32(bitPattern: $0.bitPattern) }, Int32(bitPattern: upper.bitPattern))
    }

    @Test("every rank agrees with sorting, ties report the counts at and below the tied value",
          arguments: Spread.allCases, [1, 2, 5, 40])
    func everyRank(spread: Spread, blocks: Int) {
        for seed in 1...3 {
            let (values, upper) = Self.values(spread, blocks: blocks, seed: UInt64(seed * 100 + blocks))
            let inside = values.filter { $0 <= upper }.sorted()
            guard !inside.isEmpty else { continue }
            values.withUnsafeBufferPointer { p in
                for k in 1...inside.count {
                    let r = CountingThreshold.find(
                        rank: k, values: p.baseAddress!, blocks: blocks, upper: upper, upperCount: inside.count)
                    let atOrBelow = inside.filter { $0 <= r.bits }.count
                    #expect(r.atOrBelow == atOrBelow, "\(spread) k \(k)")
                    #expect(r.passes <= CountingThreshold.interpolations + 20, "\(spread) k \(k): \(r.passes) passes")
                    if k == inside.count || inside[k - 1] < inside[k] {
                        // A threshold with exactly k values at or below it.
                        #expect(atOrBelow == k, "\(spread) k \(k)")
                    } else {
                        // The k-th value is tied: it is the threshold, with fewer than k values below it.
                        #expect(r.bits == inside[k - 1], "\(spread) k \(k)")
                        #expect(r.below == inside.filter { $0 < r.bits }.count && r.below < k && atOrBelow > k,
                                "\(spread) k \(k)")
                    }
                }
            }
        }
    }

    @Test("on squared neighbour distances a search takes two to three passes")
    func fewPasses() {
        var passes = 0, searches = 0
        for seed in 1...50 {
            let (values, upper) = Self.values(.planeDistances, blocks: 8, seed: UInt64(seed))
            let m = values.filter { $0 <= upper }.count
            values.withUnsafeBufferPointer { p in
                let r = CountingThreshold.find(rank: m / 2, values: p.baseAddress!, blocks: 8, upper: upper, upperCount: m)
                passes += r.passes
                searches += 1
            }
        }
        #expect(Double(passes) / Double(searches) <= 3, "mean passes \(Double(passes) / Double(searches))")
    }
}
