import Foundation
import Testing
import Plumbline
import PlumbSim

/// What counts as a wall corner: a straight face split in two (a plan's exterior stretch, then a wall
/// shared with a neighbour) is one face, so the junction is no corner; a step between faces, a bend and a
/// curved wall's end are corners.
@Suite struct CornerContinuationTests {
    static func wall(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> UprightSurfaceGeometry {
        let d = SIMD2<Float>(b - a), l = (d * d).sum().squareRoot(), m = SIMD2<Float>((a + b) / 2)
        return UprightSurfaceGeometry(CapturedRoom.Surface(
            category: .wall, dimensions: SIMD3(l, 2.5, 0),
            transform: Transform4x4(xAxis: SIMD3(d.x / l, 0, d.y / l), yAxis: SIMD3(0, 1, 0), zAxis: SIMD3(-d.y / l, 0, d.x / l),
                                    translation: SIMD3(m.x, 1.25, m.y)),
            identifier: UUID()))
    }

    /// A 4 x 3 m rectangle whose south face is split at x = `split` into two walls, the second shifted
    /// north by `step` metres.
    static func room(split: Double?, step: Double = 0) -> [UprightSurfaceGeometry] {
        var south = [wall([0, 0], [4, 0])]
        if let split { south = [wall([0, 0], [split, 0]), wall([split, step], [4, step])] }
        return south + [wall([4, step], [4, 3]), wall([4, 3], [0, 3]), wall([0, 3], [0, 0])]
    }

    @Test("a straight face split in two has the rectangle's four corners, and a model of one face matches all")
    func splitFaceIsNoCorner() {
        let truth = CornerMatcher.corners(Self.room(split: 1.7))
        #expect(truth.count == 4, "\(truth)")
        let model = CornerMatcher.corners(Self.room(split: nil))
        #expect(CornerMatcher.score(model: model, truth: truth, threshold: 0.05) == DetectionScore(truePositives: 4, falsePositives: 0, falseNegatives: 0))
    }

    @Test("a 5 cm step between two parallel faces keeps both ends as corners")
    func stepIsCorner() {
        // The two south walls end 5 cm apart (no merge), so each end is its own corner: 4 + 2.
        #expect(CornerMatcher.corners(Self.room(split: 1.7, step: 0.05)).count == 6)
        // A 1.5 cm step merges the two ends (within 2 cm), but the faces are not one line: still a corner.
        #expect(CornerMatcher.corners(Self.room(split: 1.7, step: 0.015)).count == 5)
        // A 5 mm offset (within the 1 cm continuation offset) is one face.
        #expect(CornerMatcher.corners(Self.room(split: 1.7, step: 0.005)).count == 4)
    }

    @Test("a bend of 3° is a corner; two walls overlapping back over each other are not a continuation")
    func bendsAndFolds() {
        let bend = [Self.wall([0, 0], [2, 0]), Self.wall([2, 0], [4, 2 * tan(3 * Double.pi / 180)])]
        #expect(CornerMatcher.corners(bend).count == 3)
        let fold = [Self.wall([0, 0], [2, 0]), Self.wall([2, 0], [1, 0])]
        #expect(CornerMatcher.corners(fold).count == 3)
    }

    @Test("where a curved wall whose chord continues a straight wall meets it, the corner stays")
    func curvedEndIsCorner() {
        var arc = Self.wall([2, 0], [4, 0])
        arc.isCurved = true
        #expect(CornerMatcher.corners([Self.wall([0, 0], [2, 0]), arc]).count == 3)
    }
}
