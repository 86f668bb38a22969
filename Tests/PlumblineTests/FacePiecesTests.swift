import Foundation
import Testing
import PlumbKernel
@testable import Plumbline

/// Pieces of one wall face: the planes beside a door and the lintel over it are one face, with the face's
/// area and extent; a parallel plane a few centimetres off or far along the line is not.
@Suite("Pieces of one wall face")
struct FacePiecesTests {
    /// A vertical plane on the line z = `z` (running along +x, or -x when `reversed`) over x in `xs`, 2 m tall.
    static func view(_ plane: Int, z: Double, xs: ClosedRange<Double>, reversed: Bool = false) -> WallCandidates.PlaneView {
        let centre = (xs.lowerBound + xs.upperBound) / 2, half = (xs.upperBound - xs.lowerBound) / 2
        let ts = stride(from: -half, through: half, by: 0.05).map { reversed ? -$0 : $0 }
        return WallCandidates.PlaneView(plane: plane, point: SIMD2(centre, z), direction: SIMD2(reversed ? -1 : 1, 0),
                                        ys: ts.map { _ in 1 }, ts: ts, lo: 0, hi: 2, hull: -half...half,
                                        area: 2 * (xs.upperBound - xs.lowerBound), behind: 1)
    }

    @Test("the two sides of a 0.9 m door are one 1.8 m face, whichever way each runs")
    func sidesOfADoor() {
        let views = [Self.view(0, z: 0, xs: 0...0.35), Self.view(1, z: 0.01, xs: 1.25...1.8, reversed: true)]
        let faces = WallCandidates.facePieces(views)
        #expect(faces[0].members == 2 && faces[1].members == 2)
        #expect(abs(faces[0].area - 1.8) < 1e-9)
        // The lead is the larger piece (plane 1, running along -x, centred at x = 1.525): the face spans
        // x 0...1.8, that is -0.275...1.525 along -x.
        #expect(faces[0].lead == 1)
        #expect(abs(faces[0].hull.lowerBound + 0.275) < 1e-9 && abs(faces[0].hull.upperBound - 1.525) < 1e-9, "\(faces[0].hull)")
        #expect(faces[0].ts.count == views[0].ts.count + views[1].ts.count)
    }

    @Test("a plane 5 cm behind, 4° off, or 3 m further along is another face")
    func notPieces() {
        let base = Self.view(0, z: 0, xs: 0...0.5)
        var tilted = Self.view(2, z: 0, xs: 0.9...1.4)
        tilted.direction = SIMD2(cos(0.07), sin(0.07))
        let views = [base, Self.view(1, z: 0.05, xs: 0.9...1.4), tilted, Self.view(3, z: 0, xs: 3.0...3.5)]
        let faces = WallCandidates.facePieces(views)
        #expect(faces.map(\.members) == [1, 1, 1, 1])
        #expect(faces[0].area == base.area && faces[0].hull == base.hull)
    }
}
