import Foundation
import Plumbline

/// The model a perfect reconstruction of a ``FloorPlan`` would produce, in RoomPlan's form.
///
/// Per room (``room(_:in:)``): walls are the room-side faces of the walls bounding it (clipped to the
/// floor polygon, see ``RoomWallFace``) as upright surfaces: origin at the face's chord midpoint and
/// mid height, local x along the wall, y up, z the normal into the room, `dimensions` =
/// [length, height, thickness]. A face spans from the room's floor (split levels hide the wall below
/// it) to the lower of the wall's top and the ceiling; under a sloped ceiling its top edge follows the
/// slope and `polygonCorners` holds that outline (RoomPlan's non-uniform wall height). Doors, windows and openings sit in the face plane with
/// `parentIdentifier` = the face; the floor carries the room polygon in `polygonCorners`; furniture
/// becomes objects; the room type becomes one section at the polygon centroid.
///
/// For the plan (``structure(of:)``): every wall once, centred on its centre line with its thickness,
/// its openings in the centre plane, plus every room's floor, objects and section.
///
/// Identifiers come from ``TruthIdentifier`` (hashes of plan ids), so the output is byte-identical from
/// run to run. Frames: world y up, plan (x, z) = world (x, z), metres.
public enum TruthModel {
    /// RoomPlan section label of a room type (`openPlan` → livingRoom, non-RoomPlan types → unidentified).
    public static func sectionLabel(_ t: RoomType) -> CapturedRoom.Section.Label {
        switch t {
        case .bedroom: .bedroom
        case .bathroom: .bathroom
        case .kitchen: .kitchen
        case .livingRoom, .openPlan: .livingRoom
        case .diningRoom: .diningRoom
        default: .unidentified
        }
    }

    /// RoomPlan object category of a furniture category (same names).
    public static func objectCategory(_ c: FurnitureCategory) -> CapturedRoom.Object.Category {
        CapturedRoom.Object.Category.allCases.first { $0.name == c.rawValue } ?? .storage
    }

    /// The truth room for `roomID` (see the type's documentation). The plan must be valid.
    /// - Complexity: O(walls · (vertices + walls) + openings + furniture).
    public static func room(_ roomID: String, in plan: FloorPlan) throws(TruthModelError) -> CapturedRoom {
        do { try plan.validate() } catch { throw .invalidPlan(error) }
        guard let room = plan.room(roomID) else { throw .unknownRoom(roomID) }
        return makeRoom(room, plan)
    }

    /// Truth rooms for every room of the plan, in plan order.
    public static func rooms(of plan: FloorPlan) throws(TruthModelError) -> [CapturedRoom] {
        do { try plan.validate() } catch { throw .invalidPlan(error) }
        return plan.rooms.map { makeRoom($0, plan) }
    }

    /// The truth structure of the whole plan (see the type's documentation).
    public static func structure(of plan: FloorPlan) throws(TruthModelError) -> CapturedStructure {
        let rooms = try rooms(of: plan)
        var walls: [CapturedRoom.Surface] = []
        var doors: [CapturedRoom.Surface] = [], windows: [CapturedRoom.Surface] = [], openings: [CapturedRoom.Surface] = []
        for w in plan.walls {
            let wid = TruthIdentifier.wall(plan: plan.name, wallID: w.id)
            let bottom = w.bottom(in: plan), top = w.top(in: plan)
            walls.append(TruthSurfaceBuilder.upright(
                line: w.centerLine, range: 0...w.length, flip: false, bottom: bottom, top: top, thickness: w.thickness,
                category: .wall, identifier: wid, parent: nil, story: w.storey))
            for o in plan.openings(inWall: w.id) {
                let s = TruthSurfaceBuilder.upright(
                    line: w.centerLine, range: (o.position - o.width / 2)...(o.position + o.width / 2), flip: false,
                    bottom: bottom + o.sillHeight, top: bottom + o.sillHeight + o.height, thickness: 0,
                    category: TruthSurfaceBuilder.category(o),
                    identifier: TruthIdentifier.opening(plan: plan.name, openingID: o.id, roomID: nil), parent: wid,
                    story: w.storey)
                switch o.type {
                case .door: doors.append(s)
                case .window: windows.append(s)
                case .opening: openings.append(s)
                }
            }
        }
        return CapturedStructure(
            rooms: rooms, walls: walls, doors: doors, windows: windows, openings: openings,
            objects: rooms.flatMap(\.objects), floors: rooms.flatMap(\.floors), sections: rooms.flatMap(\.sections),
            identifier: TruthIdentifier.structure(plan: plan.name))
    }

    private static func makeRoom(_ room: Room, _ plan: FloorPlan) -> CapturedRoom {
        let faces = RoomWallFace.faces(boundingRoom: room.id, in: plan)
        var walls: [CapturedRoom.Surface] = []
        var doors: [CapturedRoom.Surface] = [], windows: [CapturedRoom.Surface] = [], openings: [CapturedRoom.Surface] = []
        for f in faces {
            let w = f.wall
            let fid = TruthIdentifier.face(plan: plan.name, wallID: w.id, side: f.side)
            let flip = f.side == .negative
            // The face is visible from the room's floor up to the lower of the wall top and the ceiling.
            let base = w.bottom(in: plan)
            let bottom = max(base, plan.floorElevation(of: room))
            let profile = WallTopProfile.profile(line: f.line, range: f.range, wallTop: w.top(in: plan), storey: plan.storey(w.storey))
            var surface = TruthSurfaceBuilder.upright(
                line: f.line, range: f.range, flip: flip, bottom: bottom, top: profile.map(\.y).max() ?? w.top(in: plan),
                thickness: w.thickness, category: .wall, identifier: fid, parent: nil, story: w.storey)
            if !WallTopProfile.isFlat(profile) {
                WallTopProfile.apply(profile, bottom: bottom, u0: f.range.lowerBound, u1: f.range.upperBound, flip: flip, to: &surface)
            }
            walls.append(surface)
            for o in plan.openings(inWall: w.id) {
                let u0 = f.faceParameter(ofCenterLine: o.position - o.width / 2)
                let u1 = f.faceParameter(ofCenterLine: o.position + o.width / 2)
                let uc = (u0 + u1) / 2
                guard f.range.contains(uc) else { continue }
                let s = TruthSurfaceBuilder.upright(
                    line: f.line, range: u0...u1, flip: flip,
                    bottom: base + o.sillHeight, top: base + o.sillHeight + o.height, thickness: 0,
                    category: TruthSurfaceBuilder.category(o),
                    identifier: TruthIdentifier.opening(plan: plan.name, openingID: o.id, roomID: room.id), parent: fid,
                    story: w.storey)
                switch o.type {
                case .door: doors.append(s)
                case .window: windows.append(s)
                case .opening: openings.append(s)
                }
            }
        }
        let elevation = plan.floorElevation(of: room)
        let floor = TruthSurfaceBuilder.floor(
            polygon: room.polygon, elevation: elevation, identifier: TruthIdentifier.floor(plan: plan.name, roomID: room.id),
            story: room.storey)
        let objects = plan.furniture.filter { $0.roomID == room.id }.map { f in
            CapturedRoom.Object(
                category: objectCategory(f.category), confidence: .high, dimensions: SIMD3<Float>(f.size),
                transform: Transform4x4(yaw: Float(f.yaw), translation: SIMD3<Float>(f.center)),
                identifier: TruthIdentifier.object(plan: plan.name, furnitureID: f.id), story: room.storey)
        }
        let c = room.centroid
        let section = CapturedRoom.Section(
            label: sectionLabel(room.type), center: SIMD3(Float(c.x), Float(elevation), Float(c.y)), story: room.storey)
        return CapturedRoom(
            identifier: TruthIdentifier.room(plan: plan.name, roomID: room.id), walls: walls, doors: doors,
            windows: windows, openings: openings, floors: [floor], objects: objects, sections: [section],
            story: room.storey)
    }
}
