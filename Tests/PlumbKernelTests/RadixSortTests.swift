import Testing
@testable import PlumbKernel

@Suite("Radix sort of (key, position) pairs")
struct RadixSortTests {
    /// Seeded pairs with many repeated keys and positions, keys spread over `keyBits` bits.
    func pairs(_ n: Int, keyBits: UInt64, seed: UInt64) -> [(UInt64, Int32)] {
        var rng = SeededGenerator(seed: seed)
        return (0..<n).map { _ in (rng.next() >> (64 - keyBits), Int32(rng.nextIndex(below: n / 3 + 1))) }
    }

    @Test("all digits: same order as a comparison sort by key, then position", arguments: [UInt64(5), 21, 63, 64])
    func fullSort(keyBits: UInt64) {
        var a = pairs(5000, keyBits: keyBits, seed: keyBits)
        let expected = a.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        RadixSort.sortPairs(&a)
        #expect(a.map(\.0) == expected.map(\.0))
        #expect(a.map(\.1) == expected.map(\.1))
    }

    @Test("keys whose low or middle bytes are zero in every pair sort the same (those passes are skipped)")
    func zeroBytes() {
        var a = pairs(3000, keyBits: 16, seed: 11).map { ($0.0 << 40 | $0.0 & 0xF, $0.1) }
        let expected = a.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        RadixSort.sortPairs(&a)
        #expect(a.map(\.0) == expected.map(\.0))
        #expect(a.map(\.1) == expected.map(\.1))
    }

    @Test("key digits only: stable, so pairs sorted by position first end up sorted by (key, position)")
    func stableKeyPass() {
        var a = pairs(4000, keyBits: 12, seed: 7)
        let expected = a.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        RadixSort.sortPairs(&a, digits: 0..<4)
        #expect(a.map(\.1) == a.map(\.1).sorted())
        RadixSort.sortPairs(&a, digits: 4..<12)
        #expect(a.map(\.0) == expected.map(\.0))
        #expect(a.map(\.1) == expected.map(\.1))
    }

    @Test("empty, single and constant inputs are left as they are")
    func degenerate() {
        var empty: [(UInt64, Int32)] = []
        RadixSort.sortPairs(&empty)
        #expect(empty.isEmpty)
        var one: [(UInt64, Int32)] = [(9, 3)]
        RadixSort.sortPairs(&one)
        #expect(one[0] == (9, 3))
        var same = [(UInt64, Int32)](repeating: (42, 1), count: 300)
        RadixSort.sortPairs(&same)
        #expect(same.allSatisfy { $0 == (42, 1) })
    }
}
