import Foundation
import Plumbline
import PlumbSim

/// Helpers shared by the evaluation tests.
enum EvaluationSupport {
    /// Asserts-free check list: every way a report can fall short of perfect, as readable strings.
    static func imperfections(_ r: EvaluationReport, tolerance: Double = 1e-4) -> [String] {
        var out: [String] = []
        let a = r.aggregate
        func f1(_ name: String, _ d: DetectionScore) {
            if d.falsePositives != 0 || d.falseNegatives != 0 { out.append("\(name): FP \(d.falsePositives) FN \(d.falseNegatives)") }
        }
        func zero(_ name: String, _ s: SummaryStatistic) { if s.max > tolerance { out.append("\(name): max \(s.max)") } }
        if a.floorIoU.min < 1 - tolerance { out.append("floor IoU min \(a.floorIoU.min)") }
        f1("rooms", a.rooms); f1("walls", a.walls); f1("corners5", a.corners5cm); f1("corners10", a.corners10cm)
        f1("doors", a.doors.detection); f1("windows", a.windows.detection); f1("openings", a.openings.detection)
        f1("objects", a.objects.detection)
        zero("length", a.wallLengthError); zero("height", a.wallHeightError); zero("angle", a.wallAngleError)
        zero("offset", a.wallOffsetError); zero("thickness", a.thicknessError); zero("radius", a.curveRadiusError)
        zero("centre", a.curveCenterError); zero("opening width", a.openingWidthError)
        zero("opening height", a.openingHeightError); zero("ceiling", a.ceilingHeightError)
        if a.objectIoU.count > 0 && a.objectIoU.min < 1 - tolerance { out.append("object IoU min \(a.objectIoU.min)") }
        if a.curvesMissing != 0 { out.append("curves missing \(a.curvesMissing)") }
        if a.duplicateWalls != 0 { out.append("duplicates \(a.duplicateWalls)") }
        if a.storeys.correct != a.storeys.total { out.append("storeys \(a.storeys.correct)/\(a.storeys.total)") }
        if a.objects.categoryCorrect != a.objects.detection.truePositives { out.append("categories") }
        return out
    }

    /// A small two-room plan: rooms A (3.94 × 4.7 m) and B (3.79 × 4.7 m) split by a 12 cm interior
    /// wall at x = 4 with a door, exterior walls 30 cm thick with a window in A and a passage in B,
    /// a table in A and a bed in B.
    static func twoRoomPlan() -> FloorPlan {
        let ext = 0.3, int = 0.12
        let rooms = [
            Room(id: "A", name: "A", type: .livingRoom, storey: 0,
                 polygon: [SIMD2(0.15, 0.15), SIMD2(4 - int / 2, 0.15), SIMD2(4 - int / 2, 4.85), SIMD2(0.15, 4.85)]),
            Room(id: "B", name: "B", type: .bedroom, storey: 0,
                 polygon: [SIMD2(4 + int / 2, 0.15), SIMD2(7.85, 0.15), SIMD2(7.85, 4.85), SIMD2(4 + int / 2, 4.85)]),
        ]
        // Exterior walls run counter-clockwise in (x, z) so their positive (normal) side is inside.
        func w(_ id: String, _ s: SIMD2<Double>, _ e: SIMD2<Double>, _ t: Double, _ kind: WallKind, _ pos: String?, _ neg: String?) -> Wall {
            Wall(id: id, storey: 0, centerLine: .straight(start: s, end: e), thickness: t, kind: kind, positiveRoom: pos, negativeRoom: neg)
        }
        let walls = [
            w("s1", SIMD2(0, 0), SIMD2(4, 0), ext, .exterior, "A", nil),
            w("s2", SIMD2(4, 0), SIMD2(8, 0), ext, .exterior, "B", nil),
            w("e", SIMD2(8, 0), SIMD2(8, 5), ext, .exterior, "B", nil),
            w("n2", SIMD2(8, 5), SIMD2(4, 5), ext, .exterior, "B", nil),
            w("n1", SIMD2(4, 5), SIMD2(0, 5), ext, .exterior, "A", nil),
            w("west", SIMD2(0, 5), SIMD2(0, 0), ext, .exterior, "A", nil),
            w("mid", SIMD2(4, 0), SIMD2(4, 5), int, .interior, "A", "B"),
        ]
        let openings = [
            Opening(id: "door", wallID: "mid", type: .door, position: 2.5, width: 0.9, height: 2.05),
            Opening(id: "win", wallID: "s1", type: .window, position: 2, width: 1.2, height: 1.2, sillHeight: 0.9),
            Opening(id: "pass", wallID: "e", type: .opening, position: 2.5, width: 1.0, height: 2.1),
        ]
        let furniture = [
            Furniture(id: "table", category: .table, roomID: "A", center: SIMD3(2, 0.375, 2.5), size: SIMD3(1.6, 0.75, 0.9), yaw: 0.3),
            Furniture(id: "bed", category: .bed, roomID: "B", center: SIMD3(6, 0.25, 2.5), size: SIMD3(1.6, 0.5, 2.0)),
        ]
        // The normal of a counter-clockwise (in x, z) wall: tangent turned +90° = (-tz, tx); for s1
        // (tangent +x) that is (0, 1): +z, inside. Good.
        return FloorPlan(
            name: "two_rooms", storeys: [Storey(index: 0, floorElevation: 0, ceilingHeight: 2.6)], rooms: rooms,
            walls: walls, openings: openings, furniture: furniture)
    }
}
