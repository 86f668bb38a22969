import Foundation
import PlumbKernel

/// A door, window or opening reduced to what alignment compares: kind, host face, plan centre, width
/// and vertical extent.
struct AlignmentOpening {
    /// 0 door, 1 window, 2 opening.
    var kind: Int

    /// Whether the hole can be passed from one room into the next: doors and openings are; a window
    /// is glazing in an *outside* wall, so a window never links two rooms and another room behind one
    /// is evidence against the placement.
    var linksRooms: Bool { kind != 1 }

    /// Whether `self` and `other` may be one hole seen from both rooms (a door seen from one side may
    /// be an opening from the other, as a door leaf detected or not); never windows.
    func mayPair(with other: AlignmentOpening) -> Bool { linksRooms && other.linksRooms }
    /// Index of the host face in its room's ``AlignmentRoom/faces``.
    var face: Int
    /// Plan centre, (x, z) metres.
    var centre: SIMD2<Double>
    /// Width along the wall, metres.
    var width: Double
    /// World y of the bottom and top, metres.
    var bottom: Double, top: Double
}

/// What room alignment uses of one room, in one frame: the straight upright wall faces (normals into
/// the room), the thickness stored on each wall (0 when unknown, as RoomPlan writes it), the doors,
/// windows and openings on those faces, the floor footprint and the floor elevation.
struct AlignmentRoom {
    var faces: [WallFace]
    /// `dimensions.z` of each face's wall, metres (0 = unknown).
    var storedThickness: [Double]
    var openings: [AlignmentOpening]
    var floors: [PlanPolygon]
    /// Mean floor height, metres; `nil` without floors.
    var floorElevation: Double?
    /// Plan centre: mean of the face midpoints (floor centroid without faces), (x, z) metres.
    var centre: SIMD2<Double>
    /// Total face length, metres.
    var wallLength: Double
    /// The room's declared storey (`story`); rooms of different storeys are never matched.
    var story: Int

    /// The features of `room` (index `index` in the input list), in the room's own frame.
    /// - Complexity: O(elements × walls).
    init(_ room: CapturedRoom, index: Int) {
        floors = room.floorPolygons
        story = room.story
        let floorCentre = floors.compactMap(\.centroid).first.map { SIMD2<Double>($0) }
        var faces: [WallFace] = [], thickness: [Double] = []
        var faceOfWall: [UUID: Int] = [:]
        for (w, wall) in room.walls.enumerated() {
            guard let f = WallFace(wall, room: index, wall: w, floors: floors, roomCentre: floorCentre) else { continue }
            faceOfWall[wall.identifier] = faces.count
            faces.append(f)
            thickness.append(Double(max(0, wall.dimensions.z)))
        }
        var openings: [AlignmentOpening] = []
        for (kind, list) in [room.doors, room.windows, room.openings].enumerated() {
            for s in list where s.isUpright(tolerance: 0.01) && s.dimensions.x > 0.1 {
                let c = SIMD2<Double>(Double(s.center.x), Double(s.center.z))
                var host = s.parentIdentifier.flatMap { faceOfWall[$0] }
                if host == nil {
                    // No parent: the nearest face (within 10 cm, parallel, covering the centre).
                    let n = SIMD2<Double>(Double(s.normal.x), Double(s.normal.z))
                    host = faces.indices.filter { k in
                        let f = faces[k], u = f.along(c)
                        return abs(f.signedDistance(c)) < 0.1 && abs((f.inward * n).sum()) > 0.99 && u > 0 && u < f.length
                    }.min { abs(faces[$0].signedDistance(c)) < abs(faces[$1].signedDistance(c)) }
                }
                guard let h = host else { continue }
                openings.append(AlignmentOpening(kind: kind, face: h, centre: c, width: Double(s.dimensions.x),
                                                 bottom: Double(s.bottomElevation), top: Double(s.topElevation)))
            }
        }
        self.faces = faces
        storedThickness = thickness
        self.openings = openings
        floorElevation = room.floorElevation.map(Double.init)
        wallLength = faces.reduce(0) { $0 + $1.length }
        if faces.isEmpty {
            centre = floorCentre ?? .zero
        } else {
            var s = SIMD2<Double>.zero
            for f in faces { s += f.midpoint }
            centre = s / Double(faces.count)
        }
    }

    /// The same features moved by `pose`.
    /// - Complexity: O(faces + openings + floor vertices).
    func moved(by pose: PlanarPose) -> AlignmentRoom {
        var r = self
        r.faces = faces.map { $0.moved(by: pose) }
        r.openings = openings.map { o in
            var m = o
            m.centre = pose.apply(plan: o.centre)
            m.bottom += pose.translation.y
            m.top += pose.translation.y
            return m
        }
        r.floors = floors.map { PlanPolygon($0.vertices.map { SIMD2<Float>(pose.apply(plan: SIMD2<Double>($0))) }) }
        r.floorElevation = floorElevation.map { $0 + pose.translation.y }
        r.centre = pose.apply(plan: centre)
        return r
    }
}

extension WallFace {
    /// The face moved by `pose` (plan end points, direction, inward normal and heights).
    func moved(by pose: PlanarPose) -> WallFace {
        var f = self
        f.start = pose.apply(plan: start)
        f.end = pose.apply(plan: end)
        f.direction = pose.rotate(direction)
        f.inward = pose.rotate(inward)
        f.bottom += pose.translation.y
        f.top += pose.translation.y
        return f
    }
}
