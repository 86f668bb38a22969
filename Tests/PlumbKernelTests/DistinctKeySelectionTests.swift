import Testing
@testable import PlumbKernel

@Suite("Selection among distinct keys")
struct DistinctKeySelectionTests {
    /// Distinct keys in random order: small counts (rank count only), the partition path, and keys that
    /// share their high bits (ties broken by the packed index, as in the k-NN and tree-build keys).
    static func keys(count: Int, seed: UInt64, sharedHigh: Bool) -> [UInt64] {
        var rng = SeededGenerator(seed: seed)
        var set = Set<UInt64>()
        while set.count < count {
            let high = sharedHigh ? UInt64.random(in: 0..<4, using: &rng) : UInt64.random(in: 0..<(1 << 31), using: &rng)
            set.insert(high << 32 | UInt64(set.count))
        }
        return Array(set).shuffled(using: &rng)
    }

    @Test("every rank equals the sorted keys' element; the keys are only read", arguments: [1, 2, 7, 8, 9, 30, 257, 1000])
    func everyRank(count: Int) {
        for sharedHigh in [false, true] {
            let keys = Self.keys(count: count, seed: UInt64(count), sharedHigh: sharedHigh)
            let sorted = keys.sorted()
            var scratch = [UInt64](repeating: 0, count: count), spare = scratch
            keys.withUnsafeBufferPointer { k in
                scratch.withUnsafeMutableBufferPointer { a in
                    spare.withUnsafeMutableBufferPointer { b in
                        for rank in 0..<count {
                            let key = DistinctKeySelection.select(
                                rank: rank, among: k.baseAddress!, count: count, scratch: a.baseAddress!, spare: b.baseAddress!)
                            #expect(key == sorted[rank], "count \(count) rank \(rank)")
                        }
                    }
                }
            }
        }
    }

    @Test("with the keys themselves as the spare buffer (overwritten), the same answers")
    func keysAsSpare() {
        let original = Self.keys(count: 777, seed: 3, sharedHigh: false)
        let sorted = original.sorted()
        for rank in [0, 1, 388, 775, 776] {
            var keys = original
            var scratch = [UInt64](repeating: 0, count: keys.count)
            let key = keys.withUnsafeMutableBufferPointer { k in
                scratch.withUnsafeMutableBufferPointer { a in
                    DistinctKeySelection.select(
                        rank: rank, among: k.baseAddress!, count: k.count, scratch: a.baseAddress!, spare: k.baseAddress!)
                }
            }
            #expect(key == sorted[rank])
        }
    }
}
