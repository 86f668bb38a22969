import Testing
@testable import PlumbKernel

@Suite("Plane members by counting sort")
struct PlaneMembersTests {
    @Test("each plane's indices equal a per-point grouping, ascending; unlabelled and empty planes handled")
    func matchesGrouping() {
        var rng = SeededGenerator(seed: 23)
        for trial in 0..<30 {
            let n = rng.nextIndex(below: 20_000)
            let planes = 1 + rng.nextIndex(below: 70)
            // Labels in -1..<planes, with some planes left empty on purpose (every third trial uses half).
            let used = trial % 3 == 0 ? max(1, planes / 2) : planes
            let labels = (0..<n).map { _ in Int32(rng.nextIndex(below: used + 1)) - 1 }
            var expected = [[Int32]](repeating: [], count: planes)
            for i in 0..<n where labels[i] >= 0 { expected[Int(labels[i])].append(Int32(i)) }
            #expect(PlaneSegmentationEngine.members(labels: labels, planes: planes) == expected)
        }
        #expect(PlaneSegmentationEngine.members(labels: [], planes: 0).isEmpty)
    }
}
