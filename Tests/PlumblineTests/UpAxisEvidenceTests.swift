import Testing
import PlumbKernel
@testable import Plumbline

/// The up axis from where the sensor stood: a hand-held or tripod sensor is held about one height above the
/// floor while it moves around the room.
@Suite("Up axis from sensor positions")
struct UpAxisEvidenceTests {
    /// An axis-aligned box room `size` (x, up, depth) as its six faces, in a y-up frame, or z-up (`(x, y, z)
    /// -> (x, -z, y)`, the inverse of ``UpAxis/toYUp(_:)`` for `.z`).
    static func faces(_ size: SIMD3<Double>, zUp: Bool) -> [DetectedPlane] {
        func plane(_ n: SIMD3<Double>, _ c: SIMD3<Double>, _ area: Double) -> DetectedPlane {
            let (nn, cc) = zUp ? (SIMD3(n.x, -n.z, n.y), SIMD3(c.x, -c.z, c.y)) : (n, c)
            return DetectedPlane(normal: nn, offset: -dot(nn, cc), inliers: [], centroid: cc, rms: 0.005,
                                 area: area, gridCellSize: 0.05)
        }
        let (w, h, d) = (size.x, size.y, size.z)
        return [
            plane([0, 1, 0], [w / 2, 0, d / 2], w * d * 0.6),  // floor, partly hidden by furniture
            plane([0, -1, 0], [w / 2, h, d / 2], w * d * 0.9),
            plane([0, 0, 1], [w / 2, h / 2, 0], w * h),
            plane([0, 0, -1], [w / 2, h / 2, d], w * h),
            plane([1, 0, 0], [0, h / 2, d / 2], d * h),
            plane([-1, 0, 0], [w, h / 2, d / 2], d * h),
        ]
    }

    /// Stations along a path through the room at one height (y-up frame, or z-up as in ``faces(_:zUp:)``).
    static func walk(_ size: SIMD3<Double>, height: Double, zUp: Bool) -> [SIMD3<Double>] {
        (0..<12).map { k in
            let p = SIMD3(0.4 + (size.x - 0.8) * Double(k) / 11, height + 0.05 * Double(k % 3 - 1),
                          size.z / 2 + 0.25 * Double(k % 2 == 0 ? 1 : -1))
            return zUp ? SIMD3(p.x, -p.z, p.y) : p
        }
    }

    /// A 7 x 1.3 m hall 2.7 m high: its long walls hold more area than floor and ceiling, so the planes alone
    /// take z for up; where the scanner walked decides it, in either frame.
    @Test func aHallwayIsReadTheRightWayUp() {
        let size = SIMD3(7.0, 2.7, 1.3)
        #expect(UpAxis.detect(from: Self.faces(size, zUp: false)) == .z, "the planes alone are fooled")
        for zUp in [false, true] {
            let planes = Self.faces(size, zUp: zUp), stations = Self.walk(size, height: 1.4, zUp: zUp)
            #expect(UpAxis.detect(from: planes, stations: stations) == (zUp ? .z : .y))
        }
    }

    /// A 1.6 x 1.6 m closet 2.9 m high, and a 5 x 0.8 m hall 2.7 m high, whose floor and ceiling were seen
    /// only in 0.28 m² pieces (under the 0.4 m² of a level in the band test) beside large walls, so the planes
    /// alone are fooled. In the closet the stations spread 0.6 m across and 0.1 m up and down, over the
    /// floor piece; down the hall they are flat across it too, but the walls beside them stand 0.8 m apart
    /// (no room is that low). Either way the right axis is up, in either frame.
    @Test(arguments: [[1.6, 2.9, 1.6], [5.0, 2.7, 0.8]])
    func roomsSeenInPiecesAreReadTheRightWayUp(dimensions: [Double]) {
        let size = SIMD3(dimensions[0], dimensions[1], dimensions[2])
        for zUp in [false, true] {
            var planes = Self.faces(size, zUp: zUp)
            planes[0].area = 0.28
            planes[1].area = 0.28
            #expect(UpAxis.detect(from: planes) == (zUp ? .y : .z), "the planes alone are fooled")
            #expect(UpAxis.detectFromStations(planes: planes, stations: []) == nil)
            let stations = Self.walk(size, height: 1.4, zUp: zUp)
            #expect(UpAxis.detect(from: planes, stations: stations) == (zUp ? .z : .y))
        }
    }

    /// One station (a single tripod setup) does not decide between two axes that both hold it in band; the
    /// planes do, as before.
    @Test func oneStationLeavesItToThePlanes() {
        let size = SIMD3(5.0, 2.6, 4.0)
        let planes = Self.faces(size, zUp: true)
        let station = [SIMD3(2.5, -2.0, 1.5)]
        #expect(UpAxis.detectFromStations(planes: planes, stations: station) == nil)
        #expect(UpAxis.detect(from: planes, stations: station) == UpAxis.detect(from: planes))
    }

    /// The library's errors about a wrong up axis say so in the library's terms; the command-line tool adds its
    /// own flag where it reports them (`RefusedBuild` in `plumb`).
    @Test func upAxisErrorsNameNoCommandLineFlag() {
        let errors: [any Error & CustomStringConvertible] = [
            RoomBuildError.upAxisNotFound,
            RoomBuildError.implausibleGeometry("the ceiling is -3.19 m above the floor at outline corner 0"),
            RoomBuildError.invalidModel(.nonFinite(element: "walls[0]", field: "dimensions.y")),
            RoomSegmentationError.upAxisNotFound(.invalidCloud(.tooFewPoints(required: 3, actual: 0))),
        ]
        for e in errors {
            #expect(!e.description.contains("--"), "\(e.description)")
            #expect(e.description.contains("up axis"), "\(e.description)")
        }
    }
}
