import Testing
import PlumbKernel

@Suite("Order statistics by quickselect")
struct OrderStatisticTests {
    @Test("every k gives the value of the sorted array, with many ties and sorted input")
    func matchesSort() {
        var rng = SeededGenerator(seed: 3)
        let cases: [[Double]] = [
            (0..<997).map { _ in Double(rng.nextIndex(below: 50)) },  // heavy ties
            (0..<1000).map { _ in Double(rng.nextUnitFloat()) },
            (0..<513).map(Double.init),  // already sorted
            (0..<513).map { -Double($0) },  // reversed
            [1.5],
        ]
        for values in cases {
            let sorted = values.sorted()
            for k in Set([0, values.count / 200, values.count / 2, values.count - 1 - values.count / 200, values.count - 1]) {
                var a = values
                #expect(selectElement(&a, k) == sorted[k])
                #expect(a.sorted() == sorted)  // a permutation of the input
            }
        }
    }

    @Test("two selections on the same array (the second on the partitioned result)")
    func twoSelections() {
        var rng = SeededGenerator(seed: 9)
        var a = (0..<20_000).map { _ in Float(rng.nextUnitFloat()) * 3 }
        let sorted = a.sorted()
        let lo = selectElement(&a, 99), hi = selectElement(&a, 19_899)
        #expect(lo == sorted[99])
        #expect(hi == sorted[19_899])
    }

    @Test("extremeElement: every rank near either end and in the middle gives the sorted value, input untouched")
    func extremeMatchesSort() {
        var rng = SeededGenerator(seed: 21)
        let cases: [[Double]] = [
            (0..<997).map { _ in Double(rng.nextIndex(below: 50)) },  // heavy ties
            (0..<12_000).map { _ in Double(rng.nextIndex(below: 50)) },  // heavy ties, sampled pivot
            (0..<5000).map { _ in Double(rng.nextUnitFloat()) - 0.5 },
            (0..<30_000).map { k in Double(k % 700) * 0.01 - Double(k) * 1e-4 },  // runs, trending down
            (0..<4000).map(Double.init),  // already sorted
            (0..<4000).map { -Double($0) },  // reversed
            [2.5],
        ]
        for values in cases {
            let sorted = values.sorted()
            let n = values.count
            for k in Set([0, 1, n / 500, n / 200, n / 2, n - 1 - n / 200, n - 1 - n / 500, n - 2, n - 1]) where k >= 0 && k < n {
                #expect(extremeElement(values, k) == sorted[k])
            }
        }
        let floats = (0..<20_000).map { _ in Float(rng.nextUnitFloat()) * 3 }
        let sortedFloats = floats.sorted()
        #expect(extremeElement(floats, 99) == sortedFloats[99])
        #expect(extremeElement(floats, 19_899) == sortedFloats[19_899])
    }

    @Test("extremeElement returns the zero of the same sign as selectElement when signed zeros tie")
    func extremeSignedZero() {
        for values: [Float] in [[0, -0.0, 1, 2, -0.0, 0, 3], [-0.0, 0, -1, 5, 0, -0.0]] {
            for k in values.indices {
                var copy = values
                let expected = selectElement(&copy, k)
                let got = extremeElement(values, k)
                #expect(got == expected && got.sign == expected.sign)
            }
        }
    }
}

