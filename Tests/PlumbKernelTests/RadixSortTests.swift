import Testing
import PlumbKernel

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

    @Test("sortBits: a full bit range is an ascending sort; digits sizes from 1 to 64 bits", arguments: [1, 11, 20, 33, 64])
    func sortBitsFull(bits: Int) {
        var rng = SeededGenerator(seed: UInt64(bits))
        var a = (0..<5000).map { _ in bits == 64 ? rng.next() : rng.next() & ((1 << UInt64(bits)) - 1) }
        let expected = a.sorted()
        RadixSort.sortBits(&a, bits: 0..<64)
        #expect(a == expected)
        var b = a.map { UInt32(truncatingIfNeeded: $0) }.shuffled(using: &rng)
        let expected32 = b.sorted()
        RadixSort.sortBits(&b, bits: 0..<32)
        #expect(b == expected32)
    }

    @Test("sortBits on a bit range is stable: bits below it keep the input order, bits above are ignored")
    func sortBitsStable() {
        var rng = SeededGenerator(seed: 5)
        // Bits 0..<13 hold the input rank, bits 13..<34 the key, bits 34... noise.
        let keys = (0..<6000).map { _ in rng.next() & 0x1F_FFFF }
        var a = keys.enumerated().map { (rng.next() << 34) | ($0.element << 13) | UInt64($0.offset) }
        let expected = a.sorted { ($0 >> 13) & 0x1F_FFFF != ($1 >> 13) & 0x1F_FFFF
            ? ($0 >> 13) & 0x1F_FFFF < ($1 >> 13) & 0x1F_FFFF : $0 & 0x1FFF < $1 & 0x1FFF }
        RadixSort.sortBits(&a, bits: 13..<34)
        #expect(a == expected)
    }

    @Test("sortBits leaves empty, single, constant inputs and empty ranges as they are")
    func sortBitsDegenerate() {
        var empty: [UInt64] = []
        RadixSort.sortBits(&empty, bits: 0..<64)
        #expect(empty.isEmpty)
        var same = [UInt32](repeating: 7, count: 100)
        RadixSort.sortBits(&same, bits: 0..<32)
        #expect(same == [UInt32](repeating: 7, count: 100))
        var mixed: [UInt32] = [3, 1, 2]
        RadixSort.sortBits(&mixed, bits: 4..<4)
        #expect(mixed == [3, 1, 2])
    }
}

