import PlumbKernel
import Foundation
import Plumbline

/// Builds the USDA text of an export: RoomPlan's hierarchy in one layer.
///
/// ```
/// /<Root>                                  kind = assembly (defaultPrim)
///   Materials/{Wall,Door,Window,Opening,Floor,Object}   UsdPreviewSurface materials
///   Section_grp/<label><i>                  section centres
///   Mesh_grp/Arch_grp/Wall_<i>_grp/Wall<i>, Door<j>, Window<k>, Opening<m>
///   Mesh_grp/Floor_grp/Floor<i>
///   Mesh_grp/Object_grp/<Category>_grp/<Category><n>
/// ```
/// Every element prim carries RoomPlan's `customData` (`Category`, `UUID`) and the custom attributes
/// `string plumb:identifier` and `string plumb:category`; its `xformOp:transform` is the element's
/// transform and its geometry is in the element's local frame (metres).
struct USDStageBuilder {
    let model: ExportModel
    let rootName: String
    let mode: USDExportOptions
    /// Model file URL → path inside the package (for `.model`).
    let modelPaths: [URL: String]
    let provider: ModelProvider?

    private(set) var text = ""
    /// Prim path → element identifier.
    private(set) var metadata: [String: String] = [:]
    private var indent = 0

    init(model: ExportModel, rootName: String, mode: USDExportOptions, provider: ModelProvider?, modelPaths: [URL: String]) {
        self.model = model
        self.rootName = rootName
        self.mode = mode
        self.provider = provider
        self.modelPaths = modelPaths
    }

    private mutating func line(_ s: String) {
        text += String(repeating: "    ", count: indent) + s + "\n"
    }

    private mutating func open(_ header: String, _ meta: [String] = []) {
        if meta.isEmpty {
            line(header)
        } else {
            line(header + " (")
            indent += 1
            for m in meta { line(m) }
            indent -= 1
            line(")")
        }
        line("{")
        indent += 1
    }

    private mutating func close() {
        indent -= 1
        line("}")
    }

    static let materialColors: [(String, SIMD3<Float>, Float)] = [
        ("Wall", SIMD3(0.92, 0.92, 0.90), 1), ("Door", SIMD3(0.55, 0.38, 0.22), 1),
        ("Window", SIMD3(0.55, 0.75, 0.90), 0.35), ("Opening", SIMD3(0.8, 0.8, 0.8), 1),
        ("Floor", SIMD3(0.70, 0.62, 0.52), 1), ("Object", SIMD3(0.40, 0.52, 0.70), 1),
    ]

    mutating func build() -> String {
        text = "#usda 1.0\n(\n    defaultPrim = \"\(rootName)\"\n    doc = \"Plumbline export\"\n    metersPerUnit = 1\n    upAxis = \"Y\"\n)\n\n"
        let root = "/" + rootName
        open("def Xform \"\(rootName)\"", ["kind = \"assembly\""])
        open("def Scope \"Materials\"")
        for (name, color, opacity) in Self.materialColors {
            open("def Material \"\(name)\"")
            line("token outputs:surface.connect = <\(root)/Materials/\(name)/Shader.outputs:surface>")
            open("def Shader \"Shader\"")
            line("uniform token info:id = \"UsdPreviewSurface\"")
            line("color3f inputs:diffuseColor = \(USDAText.tuple(color))")
            line("float inputs:opacity = \(USDAText.number(opacity))")
            line("float inputs:roughness = 0.8")
            line("token outputs:surface")
            close()
            close()
        }
        close()
        // Sections.
        open("def Xform \"Section_grp\"", ["kind = \"group\""])
        var labelCount: [String: Int] = [:]
        for s in model.sections {
            let l = s.label.rawValue
            let i = labelCount[l, default: 0]
            labelCount[l] = i + 1
            open("def Xform \"\(l)\(i)\"", ["customData = {\n        string Label = \(USDAText.string(l))\n        int Story = \(s.story)\n    }"])
            line("double3 xformOp:translate = \(USDAText.tuple(s.center))")
            line("uniform token[] xformOpOrder = [\"xformOp:translate\"]")
            close()
        }
        close()
        open("def Xform \"Mesh_grp\"", ["kind = \"group\""])
        // Walls with their hosted elements.
        open("def Xform \"Arch_grp\"", ["kind = \"group\""])
        var counters: [String: Int] = [:]
        func next(_ k: String) -> Int { let i = counters[k, default: 0]; counters[k] = i + 1; return i }
        let hostIDs = Set(model.walls.map(\.identifier))
        for (wi, wall) in model.walls.enumerated() {
            let grp = "Wall_\(wi)_grp"
            open("def Xform \"\(grp)\"", ["kind = \"group\""])
            let hosted = model.embeddedSurfaces(inWall: wall)
            let solid = WallSolid(wall: wall, hosted: hosted)
            let base = "\(root)/Mesh_grp/Arch_grp/\(grp)"
            surfacePrim("Wall\(wi)", wall, path: base, category: "Wall", material: "Wall", geometry: wallGeometry(solid))
            for s in hosted {
                let (kind, mat) = Self.names(s.category)
                surfacePrim("\(kind)\(next(kind))", s, path: base, category: Self.roomPlanCategory(s.category), material: mat,
                            geometry: insetGeometry(s, solid: solid))
            }
            close()
        }
        let orphans = (model.doors + model.windows + model.openings).filter { s in s.parentIdentifier.map { !hostIDs.contains($0) } ?? true }
        if !orphans.isEmpty {
            open("def Xform \"Unhosted_grp\"", ["kind = \"group\""])
            for s in orphans {
                let (kind, mat) = Self.names(s.category)
                surfacePrim("\(kind)\(next(kind))", s, path: "\(root)/Mesh_grp/Arch_grp/Unhosted_grp",
                            category: Self.roomPlanCategory(s.category), material: mat, geometry: insetGeometry(s, solid: nil))
            }
            close()
        }
        close()
        // Floors.
        open("def Xform \"Floor_grp\"", ["kind = \"group\""])
        for (i, f) in model.floors.enumerated() {
            surfacePrim("Floor\(i)", f, path: "\(root)/Mesh_grp/Floor_grp", category: "Floor", material: "Floor",
                        geometry: .mesh(Self.floorMesh(f), doubleSided: true))
        }
        close()
        // Objects, grouped by category.
        open("def Xform \"Object_grp\"", ["kind = \"group\""])
        for cat in CapturedRoom.Object.Category.allCases {
            let objs = model.objects.filter { $0.category == cat }
            guard !objs.isEmpty else { continue }
            let cap = Self.capitalized(cat.name)
            open("def Xform \"\(cap)_grp\"", ["kind = \"group\""])
            for (i, o) in objs.enumerated() {
                objectPrim("\(cap)\(i)", o, path: "\(root)/Mesh_grp/Object_grp/\(cap)_grp")
            }
            close()
        }
        close()
        close()  // Mesh_grp
        close()  // root
        return text
    }

    enum Geometry {
        case mesh(MeshBuffer, doubleSided: Bool)
        /// A unit cube scaled by `scale` after a translation `offset` (local frame).
        case cube(scale: SIMD3<Float>, offset: SIMD3<Float>)
        case none
    }

    static func names(_ c: CapturedRoom.Surface.Category) -> (String, String) {
        switch c {
        case .door: return ("Door", "Door")
        case .window: return ("Window", "Window")
        case .opening: return ("Opening", "Opening")
        case .wall: return ("Wall", "Wall")
        case .floor: return ("Floor", "Floor")
        }
    }

    /// RoomPlan's `customData` category spelling (`"Door(Isopen: False)"`).
    static func roomPlanCategory(_ c: CapturedRoom.Surface.Category) -> String {
        switch c {
        case .door(let open): return "Door(Isopen: \(open ? "True" : "False"))"
        default: return capitalized(c.name)
        }
    }

    static func capitalized(_ s: String) -> String { s.prefix(1).uppercased() + s.dropFirst() }

    func wallGeometry(_ s: WallSolid) -> Geometry {
        if mode.contains(.mesh) || mode.contains(.model) || s.curve != nil {
            return .mesh(WallMesher.mesh(s), doubleSided: false)
        }
        let zc = (s.depth.lowerBound + s.depth.upperBound) / 2
        let yc = (s.topY + s.bottomY) / 2
        let uc = ((s.outline.map(\.x).max() ?? 0) + (s.outline.map(\.x).min() ?? 0)) / 2
        return .cube(scale: SIMD3(Float(s.length), s.topY - s.bottomY, s.thickness), offset: SIMD3(uc, yc, zc))
    }

    /// Door leaves (4 cm) and window panes (1 cm) centred in the wall; openings carry no geometry in
    /// `.mesh`; in `.parametric` every element is a cube.
    func insetGeometry(_ s: CapturedRoom.Surface, solid: WallSolid?) -> Geometry {
        let zc: Float = solid.map { s.dimensions.z > 0 ? 0 : ($0.depth.lowerBound + $0.depth.upperBound) / 2 } ?? 0
        let leaf: Float
        switch s.category {
        case .door: leaf = max(s.dimensions.z, 0.04)
        case .window: leaf = 0.01
        default: leaf = solid?.thickness ?? WallSolid.defaultThickness
        }
        if mode.contains(.mesh) || mode.contains(.model) {
            if case .opening = s.category { return .none }
            return .mesh(WallMesher.box(size: SIMD3(s.dimensions.x, s.dimensions.y, leaf), center: SIMD3(0, 0, zc)), doubleSided: false)
        }
        return .cube(scale: SIMD3(s.dimensions.x, s.dimensions.y, leaf), offset: SIMD3(0, 0, zc))
    }

    /// A floor polygon (local x-y, normal +z) triangulated.
    static func floorMesh(_ f: CapturedRoom.Surface) -> MeshBuffer {
        var m = MeshBuffer()
        let outline = f.localOutline
        let tris = Plan2D.triangulate(outline.map { SIMD2($0.x, $0.y) })
        for (a, b, c) in tris { m.addFace([outline[a], outline[b], outline[c]]) }
        return m
    }

    private mutating func elementHeader(_ name: String, category: String, uuid: UUID, kind: String, extra: [String] = []) {
        open("def Xform \"\(name)\"", [
            "customData = {\n        string Category = \(USDAText.string(category))\n        string UUID = \"\(uuid.uuidString)\"\n    }",
            "kind = \"\(kind)\"",
        ] + extra)
        line("custom string plumb:category = \(USDAText.string(category))")
        line("custom string plumb:identifier = \"\(uuid.uuidString)\"")
    }

    private mutating func surfacePrim(
        _ name: String, _ s: CapturedRoom.Surface, path: String, category: String, material: String, geometry: Geometry
    ) {
        elementHeader(name, category: category, uuid: s.identifier, kind: "component")
        metadata["\(path)/\(name)"] = s.identifier.uuidString
        line("matrix4d xformOp:transform = \(USDAText.matrix(s.transform))")
        line("uniform token[] xformOpOrder = [\"xformOp:transform\"]")
        writeGeometry(geometry, material: material)
        close()
    }

    private mutating func objectPrim(_ name: String, _ o: CapturedRoom.Object, path: String) {
        let category = Self.capitalized(o.category.name)
        metadata["\(path)/\(name)"] = o.identifier.uuidString
        if mode.contains(.model), let url = provider?.modelFileURL(for: o), let inPackage = modelPaths[url.standardizedFileURL] {
            elementHeader(name, category: category, uuid: o.identifier, kind: "group")
            line("matrix4d xformOp:transform = \(USDAText.matrix(o.transform))")
            line("uniform token[] xformOpOrder = [\"xformOp:transform\"]")
            open("def Xform \"Model\"", ["prepend references = @./\(inPackage)@"])
            close()
            close()
            return
        }
        elementHeader(name, category: category, uuid: o.identifier, kind: "component")
        line("matrix4d xformOp:transform = \(USDAText.matrix(o.transform))")
        line("uniform token[] xformOpOrder = [\"xformOp:transform\"]")
        if mode.contains(.mesh) || mode.contains(.model) {
            writeGeometry(.mesh(WallMesher.box(size: o.dimensions), doubleSided: false), material: "Object")
        } else {
            writeGeometry(.cube(scale: o.dimensions, offset: .zero), material: "Object")
        }
        close()
    }

    private mutating func writeGeometry(_ g: Geometry, material: String) {
        let bind = "rel material:binding = </\(rootName)/Materials/\(material)>"
        switch g {
        case .none:
            return
        case .mesh(let m, let doubleSided):
            guard !m.faceVertexCounts.isEmpty else { return }
            open("def Mesh \"Geometry\"", ["prepend apiSchemas = [\"MaterialBindingAPI\"]"])
            let e = m.extent
            if doubleSided { line("uniform bool doubleSided = 1") }
            line("float3[] extent = [\(USDAText.tuple(e.min)), \(USDAText.tuple(e.max))]")
            line("int[] faceVertexCounts = \(USDAText.ints(m.faceVertexCounts))")
            line("int[] faceVertexIndices = \(USDAText.ints(m.faceVertexIndices))")
            line(bind)
            line("point3f[] points = \(USDAText.points(m.points))")
            line("uniform token subdivisionScheme = \"none\"")
            close()
        case .cube(let scale, let offset):
            open("def Cube \"Geometry\"", ["prepend apiSchemas = [\"MaterialBindingAPI\"]"])
            line("float3[] extent = [(-0.5, -0.5, -0.5), (0.5, 0.5, 0.5)]")
            line(bind)
            line("double size = 1")
            line("double3 xformOp:translate = \(USDAText.tuple(offset))")
            line("float3 xformOp:scale = \(USDAText.tuple(scale))")
            line("uniform token[] xformOpOrder = [\"xformOp:translate\", \"xformOp:scale\"]")
            close()
        }
    }
}
