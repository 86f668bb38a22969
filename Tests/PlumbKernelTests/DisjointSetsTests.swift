import PlumbKernel
import Testing

@Suite struct DisjointSetsTests {
    /// Connected components by breadth-first search, each labelled by its smallest member: the oracle.
    static func components(count: Int, edges: [(Int, Int)]) -> [Int] {
        var adjacent = [[Int]](repeating: [], count: count)
        for (a, b) in edges { adjacent[a].append(b); adjacent[b].append(a) }
        var label = [Int](repeating: -1, count: count)
        for start in 0..<count where label[start] < 0 {
            var queue = [start], head = 0
            label[start] = start
            while head < queue.count {
                let v = queue[head]
                head += 1
                for w in adjacent[v] where label[w] < 0 {
                    label[w] = start
                    queue.append(w)
                }
            }
        }
        return label
    }

    @Test(arguments: [1, 7, 42])
    func representativeIsTheSmallestMemberWhateverTheOrder(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let n = 200
        let edges = (0..<150).map { _ in (Int.random(in: 0..<n, using: &rng), Int.random(in: 0..<n, using: &rng)) }
        let expected = Self.components(count: n, edges: edges)
        for order in [edges, edges.reversed(), edges.shuffled(using: &rng)] {
            var sets = DisjointSets(count: n)
            for (a, b) in order { sets.union(a, b) }
            var representatives: [Int] = []
            for i in 0..<n { representatives.append(sets.find(i)) }
            #expect(representatives == expected)
        }
    }

    @Test func unionSaysWhetherItJoined() {
        var sets = DisjointSets(count: 4)
        let joined = [sets.union(3, 1), sets.union(1, 2), sets.union(2, 3)]
        let representatives = [sets.find(0), sets.find(1), sets.find(2), sets.find(3)]
        #expect(sets.count == 4)
        #expect(joined == [true, true, false])
        #expect(representatives == [0, 1, 1, 1])
        #expect(DisjointSets(count: 0).count == 0)
    }

    @Test func linkKeepsTheChosenRepresentative() {
        var sets = DisjointSets(count: 5)
        sets.union(0, 1)
        sets.link(0, under: 4)
        let linked = [sets.find(0), sets.find(1), sets.find(2), sets.find(4)]
        #expect(linked == [4, 4, 2, 4])
        // A later union still takes the smaller representative.
        let joined = sets.union(2, 1)
        let after = [sets.find(0), sets.find(1), sets.find(2), sets.find(4)]
        #expect(joined)
        #expect(after == [2, 2, 2, 2])
    }
}
