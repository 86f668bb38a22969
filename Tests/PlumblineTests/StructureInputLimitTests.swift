import Foundation
import Testing
@testable import Plumbline
import PlumbKernel

/// Issue 23: `plumb merge` counts each room file's lists before parsing it. On main 6792c92 a valid
/// 18.7 MB room of 50,004 walls was decoded whole (5.3 s, 145 MB, release build) before the structure
/// builder refused it for its 10,000-entry list; `StructureBuilder.precheck` refuses it from the counts.
@Suite("Structure builder: input lists refused from their counts")
struct StructureInputLimitTests {
    /// `n` empty objects: entries no decoder accepts, so an error about them came from the counts.
    static func entries(_ n: Int) -> String { "[" + Array(repeating: "{}", count: n).joined(separator: ",") + "]" }

    static func counts(_ text: String) throws -> RoomPlanJSONElementCounts {
        try RoomPlanJSON.elementCounts(in: Data(text.utf8))
    }

    @Test("a list longer than the builder takes is refused, named by room and list")
    func longList() throws {
        let n = StructureBuilder.maximumElementsPerList + 1
        var total = 0
        let c = try Self.counts(#"{"walls":\#(Self.entries(3)),"objects":\#(Self.entries(n))}"#)
        #expect(c.count("objects") == n && c.count("walls") == 3)
        #expect(throws: StructureBuildError.tooManyElements(path: "rooms[2].objects", count: n, limit: StructureBuilder.maximumElementsPerList)) {
            try StructureBuilder.precheck(c, roomIndex: 2, total: &total)
        }
        // At the limit it passes and counts every list but floors, as the builder's own check does.
        var t2 = 0
        let ok = try Self.counts(#"{"walls":\#(Self.entries(n - 1)),"floors":\#(Self.entries(5)),"doors":\#(Self.entries(2))}"#)
        try StructureBuilder.precheck(ok, roomIndex: 0, total: &t2)
        #expect(t2 == n - 1 + 2)
    }

    @Test("the total over the files read so far is bounded like the builder's")
    func totalOverFiles() throws {
        let per = StructureBuilder.maximumElementsPerList
        let room = try Self.counts(#"{"walls":\#(Self.entries(per)),"objects":\#(Self.entries(per))}"#)
        var total = 0
        let fits = StructureBuilder.maximumTotalElements / (2 * per)
        for r in 0..<fits { try StructureBuilder.precheck(room, roomIndex: r, total: &total) }
        #expect(total == fits * 2 * per)
        #expect(throws: StructureBuildError.tooManyElements(path: "rooms (all elements)", count: (fits + 1) * 2 * per, limit: StructureBuilder.maximumTotalElements)) {
            try StructureBuilder.precheck(room, roomIndex: fits, total: &total)
        }
    }
}

/// The open-room test's placement decision (`SharedFrameEvidence.pinsPlacement`) by sorted windows
/// gives what the definition gives: each match's support summed over every other match.
@Suite("Shared-frame evidence: placement pinned")
struct SharedFramePinningTests {
    /// The definition, O(m²): a coincident direction with ≥ minimumLength of coincident faces within
    /// maximumAngle, and another direction at least minimumAngleBetween away with ≥ minimumLength of any.
    static func reference(_ e: SharedFrameEvidence, _ matches: [SharedFrameEvidence.Match]) -> Bool {
        func separation(_ x: Double, _ y: Double) -> Double {
            let d = abs(x - y).truncatingRemainder(dividingBy: .pi)
            return min(d, .pi - d)
        }
        func support(_ m: SharedFrameEvidence.Match, coincidentOnly: Bool) -> Double {
            matches.reduce(0) { (coincidentOnly && !$1.coincident) || separation($1.angle, m.angle) > e.maximumAngle ? $0 : $0 + $1.length }
        }
        let firm = matches.filter { $0.coincident && support($0, coincidentOnly: true) >= e.minimumLength }
        let held = matches.filter { support($0, coincidentOnly: false) >= e.minimumLength }
        return firm.contains { x in held.contains { separation(x.angle, $0.angle) >= e.minimumAngleBetween } }
    }

    @Test("equals the definition on random match sets, across the 0/π wrap")
    func equalsDefinition() {
        var rng = SeededGenerator(seed: 23)
        let e = SharedFrameEvidence()
        var pinned = 0
        for trial in 0..<3000 {
            let count = Int.random(in: 0...12, using: &rng)
            // Directions clustered near a few values (some near 0 and π, where they wrap), lengths around
            // the minimum so sums decide.
            let centres = (0..<3).map { _ in Double.random(in: 0..<Double.pi, using: &rng) } + [0.01, .pi - 0.01]
            let matches = (0..<count).map { _ -> SharedFrameEvidence.Match in
                var a = centres.randomElement(using: &rng)! + Double.random(in: -0.06...0.06, using: &rng)
                if a < 0 { a += .pi }
                if a >= .pi { a -= .pi }
                return SharedFrameEvidence.Match(angle: a, length: Double.random(in: 0.05...0.6, using: &rng),
                                                 coincident: Bool.random(using: &rng))
            }
            let expected = Self.reference(e, matches)
            #expect(e.pinsPlacement(matches) == expected, "trial \(trial): \(matches)")
            if expected { pinned += 1 }
        }
        // Both outcomes are exercised.
        #expect(pinned > 300 && pinned < 2700, "pinned \(pinned) of 3000")
    }

    @Test("two rooms of the largest accepted lists of parallel walls are decided, not stuck")
    func manyParallelFaces() {
        let n = StructureBuilder.maximumElementsPerList
        let e = SharedFrameEvidence()
        // n × n coincident matches along one direction and none across it: not pinned.
        let one = [SharedFrameEvidence.Match](repeating: .init(angle: 0.3, length: 1), count: n * n)
        #expect(!e.pinsPlacement(one))
        var two = one
        two.append(.init(angle: 0.3 + .pi / 2, length: 0.6))
        #expect(e.pinsPlacement(two))
    }
}
