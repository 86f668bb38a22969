import Foundation
import Plumbline
import PlumbKernel

/// Quantities of a model for a bill of quantities or a painter: per room its floor area, perimeter,
/// ceiling heights and wall areas; per wall its length, height, thickness and areas gross and net of
/// doors, windows and openings. Metres and square metres.
///
/// Wall areas are on the wall's reference surface (the room-side face for rooms of a structure) with
/// holes clipped to the wall (see ``WallSolid``); curved walls count their arc length.
public struct Measurements: Sendable, Codable, Equatable {
    /// One room's quantities.
    public struct Room: Sendable, Codable, Equatable {
        /// Room name (see ``ExportRoom/name``).
        public var name: String
        /// Storey.
        public var story: Int
        /// Floor area, m².
        public var floorArea: Double
        /// Floor perimeter, m.
        public var perimeter: Double
        /// Lowest point of the walls' top edges above the floor, m (0 without walls).
        public var ceilingHeightMin: Double
        /// Highest point of the walls' top edges above the floor, m (0 without walls).
        public var ceilingHeightMax: Double
        /// Mean wall height along the room's walls (gross wall area / wall length), m.
        public var ceilingHeightMean: Double
        /// Wall area before openings, m².
        public var wallAreaGross: Double
        /// Wall area net of doors, windows and openings, m² (what gets painted).
        public var wallAreaNet: Double
        /// Number of doors, windows and openings in the room's walls.
        public var doorCount: Int, windowCount: Int, openingCount: Int
    }

    /// One wall's quantities.
    public struct Wall: Sendable, Codable, Equatable {
        /// Wall identifier.
        public var identifier: UUID
        /// Name of the room the wall bounds ("" for structure walls).
        public var room: String
        /// Storey.
        public var story: Int
        /// Length along the wall (arc length when curved), m.
        public var length: Double
        /// Largest height, m.
        public var height: Double
        /// Measured thickness, m (0 when the model has none).
        public var thickness: Double
        /// Area before openings, m².
        public var grossArea: Double
        /// Area of the openings in it (clipped to the wall), m².
        public var openingArea: Double
        /// Area net of openings, m².
        public var netArea: Double
    }

    /// Rooms, in model order.
    public var rooms: [Room]
    /// Walls, room after room (or the model's walls when no room lists walls).
    public var walls: [Wall]
    /// Per storey (ascending), how its floor plan (``FloorPlanSVG``) is turned on the page: the dominant
    /// wall direction in degrees, drawn horizontal (see ``PlanOrientation``).
    public var plans: [PlanOrientation]

    /// Measures a model.
    /// - Complexity: O(walls × hosted elements).
    public init(model: ExportModel) {
        var rooms: [Room] = []
        var walls: [Wall] = []
        func measure(_ wall: CapturedRoom.Surface, hosted: [CapturedRoom.Surface], room: String) -> (Wall, WallSolid) {
            let s = WallSolid(wall: wall, hosted: hosted)
            let w = Wall(
                identifier: wall.identifier, room: room, story: wall.story, length: s.length,
                height: Double(s.topY - s.bottomY), thickness: Double(wall.dimensions.z), grossArea: s.grossArea,
                openingArea: s.grossArea - s.netArea, netArea: s.netArea)
            return (w, s)
        }
        for r in model.rooms {
            let floorY = r.floorElevation
            var gross = 0.0, net = 0.0, length = 0.0
            var hMin = Double.infinity, hMax = -Double.infinity
            let byHost = ExportModel.group(r.embedded)
            for wall in r.walls {
                let hosted = byHost[wall.identifier] ?? []
                let (w, s) = measure(wall, hosted: hosted, room: r.name)
                walls.append(w)
                gross += w.grossArea
                net += w.netArea
                length += w.length
                let base = Double(floorY ?? wall.bottomElevation)
                let midY = (s.topY + s.bottomY) / 2
                for p in s.outline where p.y > midY {
                    let y = Double(wall.transform.apply(toPoint: s.localPoint(u: p.x, y: p.y, w: 0)).y) - base
                    hMin = min(hMin, y)
                    hMax = max(hMax, y)
                }
            }
            func count(_ pred: (CapturedRoom.Surface.Category) -> Bool) -> Int { r.embedded.filter { pred($0.category) }.count }
            rooms.append(Room(
                name: r.name, story: r.story, floorArea: r.floorArea, perimeter: r.perimeter,
                ceilingHeightMin: hMin.isFinite ? hMin : 0, ceilingHeightMax: hMax.isFinite ? hMax : 0,
                ceilingHeightMean: length > 0 ? gross / length : 0, wallAreaGross: gross, wallAreaNet: net,
                doorCount: count { if case .door = $0 { true } else { false } },
                windowCount: count { $0 == .window }, openingCount: count { $0 == .opening }))
        }
        if walls.isEmpty {
            for wall in model.walls { walls.append(measure(wall, hosted: model.embeddedSurfaces(inWall: wall), room: "").0) }
        }
        self.rooms = rooms
        self.walls = walls
        plans = (model.stories.isEmpty ? [0] : model.stories).map { PlanOrientation(model: model, story: $0) }
    }

    /// CSV, one quantity per line: `record,story,room,identifier,quantity,value,unit` (values to 3
    /// decimals; names quoted when they contain commas or quotes); the last lines are
    /// `plan,<storey>,,,rotation,<degrees>,deg` (``plans``).
    public var csv: String {
        var out = "record,story,room,identifier,quantity,value,unit\n"
        func q(_ s: String) -> String {
            s.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) ? "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : s
        }
        for r in rooms {
            let rows: [(String, Double, String)] = [
                ("floor_area", r.floorArea, "m2"), ("perimeter", r.perimeter, "m"),
                ("ceiling_height_min", r.ceilingHeightMin, "m"), ("ceiling_height_max", r.ceilingHeightMax, "m"),
                ("ceiling_height_mean", r.ceilingHeightMean, "m"), ("wall_area_gross", r.wallAreaGross, "m2"),
                ("wall_area_net", r.wallAreaNet, "m2"), ("doors", Double(r.doorCount), "count"),
                ("windows", Double(r.windowCount), "count"), ("openings", Double(r.openingCount), "count"),
            ]
            for (k, v, u) in rows {
                out += "room,\(r.story),\(q(r.name)),,\(k),\(u == "count" ? String(Int(v)) : DecimalText.text(v, 3)),\(u)\n"
            }
        }
        for w in walls {
            let rows: [(String, Double, String)] = [
                ("length", w.length, "m"), ("height", w.height, "m"), ("thickness", w.thickness, "m"),
                ("gross_area", w.grossArea, "m2"), ("opening_area", w.openingArea, "m2"), ("net_area", w.netArea, "m2"),
            ]
            for (k, v, u) in rows {
                out += "wall,\(w.story),\(q(w.room)),\(w.identifier.uuidString),\(k),\(DecimalText.text(v, 3)),\(u)\n"
            }
        }
        for p in plans { out += "plan,\(p.story),,,rotation,\(DecimalText.text(p.rotation, 3)),deg\n" }
        return out
    }

    /// Pretty-printed JSON with sorted keys (full `Double` precision).
    public func json() throws(ExportError) -> Data {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { return try e.encode(self) } catch { throw .fileError(path: "measurements", detail: "\(error)") }
    }

    /// Writes CSV, or JSON when the file name ends in `.json`.
    /// - Parameters:
    ///   - url: the output file.
    ///   - batch: when given, the file is staged in it and written when the caller commits it.
    public func write(to url: URL, batch: SafeFileBatch? = nil) throws(ExportError) {
        let data = url.pathExtension.lowercased() == "json" ? try json() : Data(csv.utf8)
        try USDZExporter.write(data, to: url, batch: batch)
    }
}
