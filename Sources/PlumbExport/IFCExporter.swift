import Foundation
import Plumbline
import PlumbKernel

/// Writes an ``ExportModel`` as IFC4 (ISO 10303-21 STEP text, schema `IFC4`).
///
/// Contents: `IfcProject` (SI units: metre, square metre, cubic metre, radian) → `IfcSite` →
/// `IfcBuilding` → one `IfcBuildingStorey` per storey (elevation = the storey's floor height). Per
/// wall an `IfcWall` (`Tag` = the RoomPlan identifier) whose body is an `IfcExtrudedAreaSolid`: the
/// wall outline extruded across the wall by its thickness (``WallSolid``; curved walls: the plan arc
/// band extruded up by the height), an `IfcMaterialLayerSet` with that thickness and
/// `Qto_WallBaseQuantities`, and ``thicknessSet`` saying whether that thickness was measured or assumed
/// (also in the wall's description). Per door, window or opening an `IfcOpeningElement` through the wall
/// (`IfcRelVoidsElement`), and for doors and windows an `IfcDoor` / `IfcWindow` in it
/// (`IfcRelFillsElement`, `OverallWidth`/`OverallHeight`); a door's open state is its description
/// (`open` / `closed`) and ``doorSet``, its leaves its `OperationType` (`USERDEFINED` `SINGLE_SWING`: the
/// hinge side is not measured; `DOUBLE_DOOR_SINGLE_SWING`; `NOTDEFINED` for passages). Floors become `IfcSlab` (`.FLOOR.`,
/// ``slabThickness`` below the floor), rooms `IfcSpace` (name, floor polygon extruded to the ceiling,
/// `Qto_SpaceBaseQuantities.NetFloorArea`), objects `IfcFurniture` boxes.
///
/// Frames: IFC is +Z up; IFC (X, Y, Z) = RoomPlan world (x, −z, y), a proper rotation. Every element's
/// `IfcLocalPlacement` is its RoomPlan transform (local x, y, z axes unchanged) relative to its storey.
/// GlobalIds are the RoomPlan identifiers in IFC's 22-character base-64 form, or derived from them for
/// entities without one, so the output is byte-identical for identical input.
public enum IFCExporter {
    /// Thickness of floor slabs (below the floor surface), metres.
    public static let slabThickness: Double = 0.2
    /// Height given to spaces whose room has no walls, metres.
    public static let defaultSpaceHeight: Double = 2.5
    /// Property set on every `IfcWall`: `Thickness` (the thickness written, m), `ThicknessMeasured`
    /// (`IfcBoolean`: false when the model had no thickness and ``WallSolid/defaultThickness`` was
    /// assumed) and `ThicknessSource` (`measured` / `assumed`).
    public static let thicknessSet = "Plumbline_WallThickness"
    /// Property set on every `IfcDoor`: `IsOpen` (`IfcBoolean`, RoomPlan's door state), `LeafCount` (1,
    /// 2, or 0 for passages wider than a double door, as the floor plan draws them) and `SwingSource`.
    public static let doorSet = "Plumbline_DoorState"

    /// The IFC text. `name` becomes the project name and the `FILE_NAME`.
    /// - Complexity: O(elements × hosted elements).
    public static func render(_ model: ExportModel, name: String) -> String {
        var w = STEPWriter()
        typealias S = STEPWriter
        let modelID = IFCGlobalId.derived(
            model.walls.first?.identifier ?? model.floors.first?.identifier ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
            "project:" + name)
        func gid(_ salt: String) -> String { S.string(IFCGlobalId.compress(IFCGlobalId.derived(modelID, salt))) }
        func point3(_ p: SIMD3<Double>) -> Int { w.add("IFCCARTESIANPOINT", S.reals([p.x, p.y, p.z])) }
        func point2(_ p: SIMD2<Double>) -> Int { w.add("IFCCARTESIANPOINT", S.reals([p.x, p.y])) }
        func dir3(_ d: SIMD3<Double>) -> Int { w.add("IFCDIRECTION", S.reals([d.x, d.y, d.z])) }
        func axis(_ o: SIMD3<Double>, _ z: SIMD3<Double>? = nil, _ x: SIMD3<Double>? = nil) -> Int {
            let p = point3(o)
            guard let z, let x else { return w.add("IFCAXIS2PLACEMENT3D", S.ref(p), "$", "$") }
            return w.add("IFCAXIS2PLACEMENT3D", S.ref(p), S.ref(dir3(z)), S.ref(dir3(x)))
        }
        func ifc(_ v: SIMD3<Float>) -> SIMD3<Double> { SIMD3(Double(v.x), -Double(v.z), Double(v.y)) }
        func unit(_ v: SIMD3<Double>) -> SIMD3<Double> { v / max((v * v).sum().squareRoot(), 1e-12) }

        // Context, units, project.
        let worldAxis = axis(.zero, SIMD3(0, 0, 1), SIMD3(1, 0, 0))
        let context = w.add("IFCGEOMETRICREPRESENTATIONCONTEXT", "$", "'Model'", "3", "1.E-05", S.ref(worldAxis), "$")
        let body = w.add("IFCGEOMETRICREPRESENTATIONSUBCONTEXT", "'Body'", "'Model'", "*", "*", "*", "*", S.ref(context), "$", ".MODEL_VIEW.", "$")
        let units = [
            w.add("IFCSIUNIT", "*", ".LENGTHUNIT.", "$", ".METRE."),
            w.add("IFCSIUNIT", "*", ".AREAUNIT.", "$", ".SQUARE_METRE."),
            w.add("IFCSIUNIT", "*", ".VOLUMEUNIT.", "$", ".CUBIC_METRE."),
            w.add("IFCSIUNIT", "*", ".PLANEANGLEUNIT.", "$", ".RADIAN."),
        ]
        let unitAssignment = w.add("IFCUNITASSIGNMENT", S.refs(units))
        let project = w.add("IFCPROJECT", gid("project"), "$", S.string(name), "$", "$", "$", "$", S.refs([context]), S.ref(unitAssignment))
        let sitePlacement = w.add("IFCLOCALPLACEMENT", "$", S.ref(axis(.zero)))
        let site = w.add("IFCSITE", gid("site"), "$", "'Site'", "$", "$", S.ref(sitePlacement), "$", "$", ".ELEMENT.", "$", "$", "$", "$", "$")
        let buildingPlacement = w.add("IFCLOCALPLACEMENT", S.ref(sitePlacement), S.ref(axis(.zero)))
        let building = w.add("IFCBUILDING", gid("building"), "$", "'Building'", "$", "$", S.ref(buildingPlacement), "$", "$", ".ELEMENT.", "$", "$", "$")
        _ = w.add("IFCRELAGGREGATES", gid("rel:project"), "$", "$", "$", S.ref(project), S.refs([site]))
        _ = w.add("IFCRELAGGREGATES", gid("rel:site"), "$", "$", "$", S.ref(site), S.refs([building]))

        // Storeys.
        var storeyEntity: [Int: Int] = [:], storeyPlacement: [Int: Int] = [:], storeyElevation: [Int: Double] = [:]
        var contained: [Int: [Int]] = [:], spacesOf: [Int: [Int]] = [:]
        let stories = model.stories.isEmpty ? [0] : model.stories
        for s in stories {
            let floorYs = model.floors.filter { $0.story == s }.flatMap(\.worldOutline).map { Double($0.y) }
            let wallYs = model.walls.filter { $0.story == s }.map { Double($0.bottomElevation) }
            let elev = floorYs.isEmpty ? (wallYs.min() ?? 0) : floorYs.reduce(0, +) / Double(floorYs.count)
            storeyElevation[s] = elev
            let pl = w.add("IFCLOCALPLACEMENT", S.ref(buildingPlacement), S.ref(axis(SIMD3(0, 0, elev))))
            storeyPlacement[s] = pl
            storeyEntity[s] = w.add(
                "IFCBUILDINGSTOREY", gid("storey:\(s)"), "$", S.string("Storey \(s)"), "$", "$", S.ref(pl), "$", "$",
                ".ELEMENT.", S.real(elev))
        }
        _ = w.add("IFCRELAGGREGATES", gid("rel:building"), "$", "$", "$", S.ref(building), S.refs(stories.map { storeyEntity[$0]! }))

        func placement(_ t: Transform4x4, story: Int) -> Int {
            let o = ifc(t.translation) - SIMD3(0, 0, storeyElevation[story] ?? 0)
            let a = axis(o, unit(ifc(t.zAxis)), unit(ifc(t.xAxis)))
            return w.add("IFCLOCALPLACEMENT", S.ref(storeyPlacement[story] ?? buildingPlacement), S.ref(a))
        }
        func closedPolyline(_ pts: [SIMD2<Double>]) -> Int {
            w.add("IFCPOLYLINE", S.refs((pts + [pts[0]]).map(point2)))
        }
        func shape(_ solid: Int) -> Int {
            let rep = w.add("IFCSHAPEREPRESENTATION", S.ref(body), "'Body'", "'SweptSolid'", S.refs([solid]))
            return w.add("IFCPRODUCTDEFINITIONSHAPE", "$", "$", S.refs([rep]))
        }
        /// A profile in local x-y extruded along local z from `z0` by `depth`.
        func extrusion(_ profile: Int, z0: Double, depth: Double) -> Int {
            let pos = axis(SIMD3(0, 0, z0), SIMD3(0, 0, 1), SIMD3(1, 0, 0))
            return w.add("IFCEXTRUDEDAREASOLID", S.ref(profile), S.ref(pos), S.ref(dir3(SIMD3(0, 0, 1))), S.real(depth))
        }
        func rectangle(center: SIMD2<Double>, size: SIMD2<Double>) -> Int {
            let p2 = w.add("IFCAXIS2PLACEMENT2D", S.ref(point2(center)), "$")
            return w.add("IFCRECTANGLEPROFILEDEF", ".AREA.", "$", S.ref(p2), S.real(size.x), S.real(size.y))
        }
        func quantities(_ element: Int, _ setName: String, _ salt: String, _ q: [(String, String, Double)]) {
            let items = q.map { (kind, name, v) -> Int in
                kind == "AREA" ? w.add("IFCQUANTITYAREA", S.string(name), "$", "$", S.real(v), "$")
                    : w.add("IFCQUANTITYLENGTH", S.string(name), "$", "$", S.real(v), "$")
            }
            let set = w.add("IFCELEMENTQUANTITY", gid("qto:" + salt), "$", S.string(setName), "$", "$", S.refs(items))
            _ = w.add("IFCRELDEFINESBYPROPERTIES", gid("rel:qto:" + salt), "$", "$", "$", S.refs([element]), S.ref(set))
        }
        /// A property set of single values (`values`: name, typed STEP value such as `IFCBOOLEAN(.T.)`).
        func properties(_ element: Int, _ setName: String, _ salt: String, _ values: [(String, String)]) {
            let items = values.map { w.add("IFCPROPERTYSINGLEVALUE", S.string($0.0), "$", $0.1, "$") }
            let set = w.add("IFCPROPERTYSET", gid("pset:" + salt), "$", S.string(setName), "$", S.refs(items))
            _ = w.add("IFCRELDEFINESBYPROPERTIES", gid("rel:pset:" + salt), "$", "$", "$", S.refs([element]), S.ref(set))
        }
        func label(_ t: String) -> String { "IFCLABEL(\(S.string(t)))" }
        func boolean(_ b: Bool) -> String { b ? "IFCBOOLEAN(.T.)" : "IFCBOOLEAN(.F.)" }
        let drawing = FloorPlanSVG.Style()

        // Walls, openings, doors, windows.
        var materialSets: [String: Int] = [:]
        var materialUsers: [String: [Int]] = [:]
        for (i, wall) in model.walls.enumerated() {
            let hosted = model.embeddedSurfaces(inWall: wall)
            let solid = WallSolid(wall: wall, hosted: hosted)
            let story = wall.story
            let wp = placement(wall.transform, story: story)
            let solidEntity: Int
            if solid.curve != nil {
                // Plan arc band in local x-z, extruded up local y. Profile (p, q) = local (x, −z).
                let us = solid.outline.map(\.x)
                let lo = us.min() ?? 0, hi = us.max() ?? 0
                let n = max(2, ArcBudget.steps(Double(((hi - lo) / (2 * .pi / 180)).rounded(.up)), radius: solid.curve!.radius, span: hi - lo))
                var pts: [SIMD2<Double>] = []
                for k in 0...n {
                    let u = lo + (hi - lo) * Float(k) / Float(n)
                    let p = solid.localPoint(u: u, y: 0, w: solid.depth.upperBound)
                    pts.append(SIMD2(Double(p.x), -Double(p.z)))
                }
                for k in (0...n).reversed() {
                    let u = lo + (hi - lo) * Float(k) / Float(n)
                    let p = solid.localPoint(u: u, y: 0, w: solid.depth.lowerBound)
                    pts.append(SIMD2(Double(p.x), -Double(p.z)))
                }
                let profile = w.add("IFCARBITRARYCLOSEDPROFILEDEF", ".AREA.", "$", S.ref(closedPolyline(pts)))
                let pos = axis(SIMD3(0, Double(solid.bottomY), 0), SIMD3(0, 1, 0), SIMD3(1, 0, 0))
                solidEntity = w.add(
                    "IFCEXTRUDEDAREASOLID", S.ref(profile), S.ref(pos), S.ref(dir3(SIMD3(0, 0, 1))),
                    S.real(Double(solid.topY - solid.bottomY)))
            } else {
                let profile: Int
                if wall.polygonCorners.isEmpty {
                    profile = rectangle(center: .zero, size: SIMD2(Double(wall.dimensions.x), Double(wall.dimensions.y)))
                } else {
                    let pts = solid.outline.map { SIMD2(Double($0.x), Double($0.y)) }
                    profile = w.add("IFCARBITRARYCLOSEDPROFILEDEF", ".AREA.", "$", S.ref(closedPolyline(pts)))
                }
                solidEntity = extrusion(profile, z0: Double(solid.depth.lowerBound), depth: Double(solid.thickness))
            }
            let wallEntity = w.add(
                "IFCWALL", S.string(IFCGlobalId.compress(wall.identifier)), "$", S.string("Wall \(i)"),
                S.string(solid.hasMeasuredThickness
                    ? "measured thickness \(DecimalText.text(Double(solid.thickness), 3)) m"
                    : "assumed thickness \(DecimalText.text(Double(solid.thickness), 3)) m (not measured: the model has none)"),
                "$", S.ref(wp), S.ref(shape(solidEntity)), S.string(wall.identifier.uuidString), ".NOTDEFINED.")
            contained[story, default: []].append(wallEntity)
            let key = DecimalText.text(Double(solid.thickness), 4)
            if materialSets[key] == nil {
                let mat = w.add("IFCMATERIAL", "'Wall'", "$", "'Wall'")
                let layer = w.add("IFCMATERIALLAYER", S.ref(mat), S.real(Double(solid.thickness)), "$", "'Core'", "$", "$", "$")
                materialSets[key] = w.add("IFCMATERIALLAYERSET", S.refs([layer]), S.string("Wall \(key) m"), "$")
            }
            materialUsers[key, default: []].append(wallEntity)
            properties(wallEntity, thicknessSet, "wall:\(wall.identifier)", [
                ("Thickness", "IFCPOSITIVELENGTHMEASURE(\(S.real(Double(solid.thickness))))"),
                ("ThicknessMeasured", boolean(solid.hasMeasuredThickness)),
                ("ThicknessSource", label(solid.hasMeasuredThickness ? "measured" : "assumed")),
            ])
            quantities(wallEntity, "Qto_WallBaseQuantities", "wall:\(wall.identifier)", [
                ("LENGTH", "Length", solid.length), ("LENGTH", "Width", Double(solid.thickness)),
                ("LENGTH", "Height", Double(solid.topY - solid.bottomY)), ("AREA", "GrossSideArea", solid.grossArea),
                ("AREA", "NetSideArea", solid.netArea),
            ])
            // Openings.
            let margin = 0.05
            for h in solid.holes {
                guard let s = hosted.first(where: { $0.identifier == h.identifier }) else { continue }
                let op: Int, opSolid: Int
                let width: Double, height: Double
                if solid.curve != nil {
                    op = placement(s.transform, story: story)
                    width = Double(s.dimensions.x)
                    height = Double(s.dimensions.y)
                    let r = Double(solid.curve!.radius)
                    let sag = r - (max(r * r - width * width / 4, 0)).squareRoot()
                    let depth = Double(solid.thickness) + 2 * sag + 2 * margin
                    opSolid = extrusion(rectangle(center: .zero, size: SIMD2(width, height)), z0: -depth / 2, depth: depth)
                } else {
                    width = Double(h.u.upperBound - h.u.lowerBound)
                    height = Double(h.y.upperBound - h.y.lowerBound)
                    let c = SIMD3<Double>(
                        Double(h.u.lowerBound + h.u.upperBound) / 2, Double(h.y.lowerBound + h.y.upperBound) / 2,
                        Double(solid.depth.lowerBound + solid.depth.upperBound) / 2)
                    op = w.add("IFCLOCALPLACEMENT", S.ref(wp), S.ref(axis(c, SIMD3(0, 0, 1), SIMD3(1, 0, 0))))
                    let depth = Double(solid.thickness) + 2 * margin
                    opSolid = extrusion(rectangle(center: .zero, size: SIMD2(width, height)), z0: -depth / 2, depth: depth)
                }
                let kind = StructureNames.kind(s.category)
                let opening = w.add(
                    "IFCOPENINGELEMENT", gid("opening:\(s.identifier)"), "$", S.string("Opening for \(kind) \(s.identifier.uuidString)"),
                    "$", "$", S.ref(op), S.ref(shape(opSolid)), "$", ".OPENING.")
                _ = w.add("IFCRELVOIDSELEMENT", gid("voids:\(s.identifier)"), "$", "$", "$", S.ref(wallEntity), S.ref(opening))
                let leaf: Double
                switch s.category {
                case .door: leaf = max(Double(s.dimensions.z), 0.04)
                case .window: leaf = 0.02
                default: continue
                }
                let fp = w.add("IFCLOCALPLACEMENT", S.ref(op), S.ref(axis(.zero)))
                let fill = extrusion(rectangle(center: .zero, size: SIMD2(width, height)), z0: -leaf / 2, depth: leaf)
                let element: Int
                if case let .door(isOpen) = s.category {
                    // Leaves as the plan draws them (FloorPlanSVG.Style): one up to 1.2 m, two up to 2.4 m,
                    // wider "doors" are passages. The hinge side is never measured, so a single leaf is
                    // written as a user-defined SINGLE_SWING rather than a handed IFC value.
                    let leaves = width <= drawing.maximumSingleLeafDoor + 1e-6 ? 1 : width <= drawing.maximumDoubleLeafDoor + 1e-6 ? 2 : 0
                    let operation = leaves == 1 ? (".USERDEFINED.", S.string("SINGLE_SWING")) : leaves == 2 ? (".DOUBLE_DOOR_SINGLE_SWING.", "$") : (".NOTDEFINED.", "$")
                    element = w.add(
                        "IFCDOOR", S.string(IFCGlobalId.compress(s.identifier)), "$", S.string("Door"), S.string(isOpen ? "open" : "closed"), "$",
                        S.ref(fp), S.ref(shape(fill)), S.string(s.identifier.uuidString), S.real(height), S.real(width), ".DOOR.",
                        operation.0, operation.1)
                    properties(element, doorSet, "door:\(s.identifier)", [
                        ("IsOpen", boolean(isOpen)), ("LeafCount", "IFCCOUNTMEASURE(\(leaves))"),
                        ("SwingSource", label(leaves == 0 ? "none: wider than a double door, a passage" : "leaf count from the width; hinge side not measured")),
                    ])
                } else {
                    element = w.add(
                        "IFCWINDOW", S.string(IFCGlobalId.compress(s.identifier)), "$", S.string("Window"), "$", "$", S.ref(fp),
                        S.ref(shape(fill)), S.string(s.identifier.uuidString), S.real(height), S.real(width), ".WINDOW.", "$", "$")
                }
                _ = w.add("IFCRELFILLSELEMENT", gid("fills:\(s.identifier)"), "$", "$", "$", S.ref(opening), S.ref(element))
                contained[story, default: []].append(element)
            }
        }
        for key in materialSets.keys.sorted() {
            _ = w.add("IFCRELASSOCIATESMATERIAL", gid("material:\(key)"), "$", "$", "$", S.refs(materialUsers[key]!), S.ref(materialSets[key]!))
        }

        // Slabs.
        for (i, f) in model.floors.enumerated() {
            let pts = f.localOutline.map { SIMD2(Double($0.x), Double($0.y)) }
            guard pts.count >= 3 else { continue }
            let profile = w.add("IFCARBITRARYCLOSEDPROFILEDEF", ".AREA.", "$", S.ref(closedPolyline(pts)))
            let slab = w.add(
                "IFCSLAB", S.string(IFCGlobalId.compress(f.identifier)), "$", S.string("Floor \(i)"), "$", "$",
                S.ref(placement(f.transform, story: f.story)), S.ref(shape(extrusion(profile, z0: -slabThickness, depth: slabThickness))),
                S.string(f.identifier.uuidString), ".FLOOR.")
            contained[f.story, default: []].append(slab)
        }

        // Spaces.
        let measured = Measurements(model: model)
        for (ri, r) in model.rooms.enumerated() {
            let height = measured.rooms[ri].ceilingHeightMax > 0 ? measured.rooms[ri].ceilingHeightMax : defaultSpaceHeight
            for (fi, f) in r.floors.enumerated() {
                let pts = f.localOutline.map { SIMD2(Double($0.x), Double($0.y)) }
                guard pts.count >= 3 else { continue }
                let profile = w.add("IFCARBITRARYCLOSEDPROFILEDEF", ".AREA.", "$", S.ref(closedPolyline(pts)))
                let salt = "space:\(ri):\(fi):\(f.identifier)"
                let space = w.add(
                    "IFCSPACE", gid(salt), "$", S.string(r.name), S.string("\(DecimalText.text(f.planOutline.area, 2)) m²"), "$",
                    S.ref(placement(f.transform, story: r.story)), S.ref(shape(extrusion(profile, z0: 0, depth: height))),
                    S.string(r.name), ".ELEMENT.", ".INTERNAL.", "$")
                spacesOf[r.story, default: []].append(space)
                quantities(space, "Qto_SpaceBaseQuantities", salt, [
                    ("AREA", "NetFloorArea", f.planOutline.area), ("LENGTH", "Height", height),
                    ("LENGTH", "GrossPerimeter", f.planOutline.perimeter),
                ])
            }
        }

        // Furniture.
        for (i, o) in model.objects.enumerated() {
            let d = o.dimensions
            let solid = extrusion(rectangle(center: .zero, size: SIMD2(Double(d.x), Double(d.y))), z0: -Double(d.z) / 2, depth: Double(max(d.z, 1e-3)))
            let e = w.add(
                "IFCFURNITURE", S.string(IFCGlobalId.compress(o.identifier)), "$", S.string("\(o.category.name) \(i)"), "$",
                S.string(o.category.name), S.ref(placement(o.transform, story: o.story)), S.ref(shape(solid)),
                S.string(o.identifier.uuidString), ".NOTDEFINED.")
            contained[o.story, default: []].append(e)
        }

        for s in stories {
            if let c = contained[s], !c.isEmpty {
                _ = w.add("IFCRELCONTAINEDINSPATIALSTRUCTURE", gid("contains:\(s)"), "$", "$", "$", S.refs(c), S.ref(storeyEntity[s]!))
            }
            if let sp = spacesOf[s], !sp.isEmpty {
                _ = w.add("IFCRELAGGREGATES", gid("spaces:\(s)"), "$", "$", "$", S.ref(storeyEntity[s]!), S.refs(sp))
            }
        }

        var out = "ISO-10303-21;\nHEADER;\n"
        out += "FILE_DESCRIPTION(('ViewDefinition [DesignTransferView]'),'2;1');\n"
        out += "FILE_NAME(\(S.string(name + ".ifc")),'1970-01-01T00:00:00',('Plumbline'),('Plumbline'),'Plumbline PlumbExport','Plumbline','');\n"
        out += "FILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\n"
        out += w.lines.joined(separator: "\n")
        out += "\nENDSEC;\nEND-ISO-10303-21;\n"
        return out
    }

    /// Writes the IFC text to `url` (the project name is the file name without extension).
    /// - Parameters:
    ///   - model: the model to write.
    ///   - url: the output file.
    ///   - batch: when given, the file is staged in it and written when the caller commits it.
    /// - Throws: ``ExportError/fileError(path:detail:)``.
    public static func write(_ model: ExportModel, to url: URL, batch: SafeFileBatch? = nil) throws(ExportError) {
        try USDZExporter.write(Data(render(model, name: url.deletingPathExtension().lastPathComponent).utf8), to: url, batch: batch)
    }
}

/// Short names of surface categories for labels.
enum StructureNames {
    static func kind(_ c: CapturedRoom.Surface.Category) -> String {
        switch c {
        case .door: return "door"
        case .window: return "window"
        case .opening: return "opening"
        case .wall: return "wall"
        case .floor: return "floor"
        }
    }
}
