import Foundation
import PlumbExport
import PlumbSim
import Plumbline
import Testing

// RoomPlan-style sample code, written as Apple's RoomPlan documentation writes it, compiled against the
// public API only (no `@testable` import in this file) and run on small real inputs. It differs from
// RoomPlan code only where the session is an actor: calls on it take `try await`, and the delegate is set
// with `setDelegate(_:)`.

// MARK: - Sample code

/// The app's capture controller: receives the session's callbacks and, when the run ends, builds the
/// final room from the captured data (RoomPlan's `captureSession(_:didEndWith:error:)` pattern).
actor RoomCaptureController: RoomCaptureSessionDelegate {
    let roomBuilder = RoomBuilder(options: [.beautifyObjects])
    private(set) var startedWith: RoomCaptureSession.Configuration?
    private(set) var liveUpdates = 0
    private(set) var instructions: [RoomCaptureSession.Instruction] = []
    private(set) var capturedData: CapturedRoomData?
    private(set) var finalRoom: CapturedRoom?
    private(set) var failure: (any Error)?

    func captureSession(_ session: RoomCaptureSession, didStartWith configuration: RoomCaptureSession.Configuration) {
        startedWith = configuration
    }

    func captureSession(_ session: RoomCaptureSession, didUpdate room: CapturedRoom) {
        liveUpdates += 1
    }

    func captureSession(_ session: RoomCaptureSession, didProvide instruction: RoomCaptureSession.Instruction) {
        instructions.append(instruction)
    }

    func captureSession(_ session: RoomCaptureSession, didEndWith data: CapturedRoomData, error: (any Error)?) async {
        if let error {
            failure = error
            return
        }
        capturedData = data
        do {
            finalRoom = try await roomBuilder.capturedRoom(from: data)
        } catch {
            failure = error
        }
    }
}

/// One line per wall, door and object, reading what RoomPlan sample code reads: category, dimensions
/// (metres), position (the transform's translation; RoomPlan's `transform.columns.3`), curve angles in
/// degrees, typed attributes.
func describe(_ room: CapturedRoom) -> [String] {
    var lines: [String] = []
    for wall in room.walls {
        let p = wall.transform.translation
        var line = "wall \(wall.dimensions.x) x \(wall.dimensions.y) m at (\(p.x), \(p.y), \(p.z))"
        if let curve = wall.curve {
            let start = curve.startAngleMeasurement.converted(to: .degrees).value
            let end = curve.endAngleMeasurement.converted(to: .degrees).value
            line += ", arc radius \(curve.radius) m from \(start)° to \(end)°"
        }
        lines.append(line)
    }
    for door in room.doors {
        if case .door(let isOpen) = door.category {
            lines.append("door \(door.dimensions.x) m wide, \(isOpen ? "open" : "closed")")
        }
    }
    for object in room.objects {
        switch object.category {
        case .chair:
            lines.append("chair \(object.attribute(of: ChairType.self)?.rawValue ?? "-")")
        case .sofa:
            lines.append("sofa \(object.attribute(of: SofaType.self)?.rawValue ?? "-")")
        case .table:
            let type = object.attribute(of: TableType.self)?.rawValue ?? "-"
            let shape = object.attribute(of: TableShapeType.self)?.rawValue ?? "-"
            lines.append("table \(type) \(shape)")
        case .storage:
            lines.append("storage \(object.attribute(of: StorageType.self)?.rawValue ?? "-")")
        default:
            lines.append("\(object.category) \(object.dimensions)")
        }
    }
    return lines
}

/// Exports as RoomPlan sample code does.
func exportParametric(_ room: CapturedRoom, to url: URL) throws {
    try room.export(to: url, exportOptions: .parametric)
}

#if compiler(>=6.3)
/// RoomPlan spells the options `CapturedRoom.USDExportOptions`.
typealias SampleExportOptions = CapturedRoom.USDExportOptions
/// RoomPlan spells the provider `CapturedRoom.ModelProvider`.
typealias SampleModelProvider = CapturedRoom.ModelProvider
#else
typealias SampleExportOptions = USDExportOptions
typealias SampleModelProvider = ModelProvider
#endif

// MARK: - Tests

@Suite("RoomPlan sample code")
struct RoomPlanSampleCodeTests {
    static func loadPlan(_ path: String) throws -> FloorPlan {
        try JSONDecoder().decode(FloorPlan.self, from: Data(contentsOf: TestPaths.packageRoot.appendingPathComponent(path)))
    }

    static func livingRoom() throws -> CapturedRoom {
        try RoomPlanJSON.decode(
            CapturedRoom.self, contentsOf: TestPaths.data.appendingPathComponent("roomplan/Livingroom.capturedRoom.json"))
    }

    /// A simulated capture of the closet fixture (16 depth frames) through a RoomPlan-style delegate: the
    /// delegate sees the configuration, every live snapshot and instruction the event stream carries, and
    /// the same data `stop` returns; its room is the builder's room of that data byte for byte.
    @Test func delegateReceivesTheDataAndBuildsTheRoom() async throws {
        let plan = try Self.loadPlan("Data/fixtures/tiny_closet.json")
        let frames = try ScanSimulator(plan: plan).simulate(preset: .clean, seed: 1).frames.map(\.frame)
        #expect(RoomCaptureSession.isSupported)

        let session = RoomCaptureSession()
        let events = Task { var out: [CaptureEvent] = []; for await e in session.events { out.append(e) }; return out }
        let controller = RoomCaptureController()
        await session.setDelegate(controller)
        var configuration = RoomCaptureSession.Configuration()
        configuration.seed = 7
        configuration.liveUpdateInterval = 0
        try await session.run(configuration: configuration)
        for frame in frames { try await session.ingest(frame) }
        let data = try await session.stop(pauseARSession: false)
        await session.finish()
        let log = await events.value

        #expect(await controller.failure == nil)
        #expect(await controller.startedWith == configuration)
        #expect(await controller.capturedData == data)
        let updates = log.filter { if case .roomUpdated = $0 { true } else { false } }.count
        #expect(updates > 0)
        #expect(await controller.liveUpdates == updates)
        let instructions = log.compactMap { e -> CaptureInstruction? in if case let .instruction(i) = e { i } else { nil } }
        #expect(await controller.instructions == instructions)

        let room = try #require(await controller.finalRoom)
        var options = RoomBuilder.Options()
        options.beautifyObjects = true
        let reference = try RoomBuilder(options: options).build(data).room
        #expect(try RoomPlanJSON.encode(room) == RoomPlanJSON.encode(reference))
        #expect(room.identifier == data.roomIdentifier)
        #expect(!room.walls.isEmpty)
        #expect(describe(room).count == room.walls.count + room.doors.count + room.objects.count)
    }

    /// RoomPlan's option set maps onto ``RoomBuilder/Options``: `[.beautifyObjects]` is the default
    /// options, `[]` the default options without beautification; the structure builder keeps its defaults.
    @Test func configurationOptionsMapOntoOptions() {
        var beautified = RoomBuilder.Options()
        beautified.beautifyObjects = true
        var plain = RoomBuilder.Options()
        plain.beautifyObjects = false
        #expect(RoomBuilder(options: [.beautifyObjects]).options == beautified)
        #expect(RoomBuilder(options: []).options == plain)
        #expect(RoomBuilder(options: RoomBuilder.ConfigurationOptions(rawValue: 1)).options == beautified)
        #expect(StructureBuilder(options: [.beautifyObjects]).options == StructureBuilder.Options())
        #expect(StructureBuilder(options: []).options == StructureBuilder.Options())
    }

    /// Curve angles as `Measurement<UnitAngle>` are the stored radians: in degrees radians·180/π within
    /// 1e-9, on every curved wall of the curved-wall plan's truth model; setting one stores radians.
    @Test func curveAnglesAsMeasurements() throws {
        let structure = try TruthModel.structure(of: Self.loadPlan("Data/plans/curved_wall_room.json"))
        let curves = (structure.walls + structure.rooms.flatMap(\.walls)).compactMap(\.curve)
        #expect(curves.count >= 2)
        for c in curves {
            let start = c.startAngleMeasurement.converted(to: .degrees).value
            let end = c.endAngleMeasurement.converted(to: .degrees).value
            #expect(abs(start - Double(c.startAngle) * 180 / .pi) < 1e-9, "\(c)")
            #expect(abs(end - Double(c.endAngle) * 180 / .pi) < 1e-9, "\(c)")
            #expect(c.startAngleMeasurement.unit == .radians)
            var copy = c
            copy.startAngleMeasurement = c.startAngleMeasurement
            copy.endAngleMeasurement = c.endAngleMeasurement
            #expect(copy == c)
        }
        let lines = describe(CapturedRoom(walls: structure.walls))
        #expect(lines.filter { $0.contains("arc radius") }.count == structure.walls.filter { $0.curve != nil }.count)
        var c = try #require(curves.first)
        c.startAngleMeasurement = Measurement(value: 90, unit: .degrees)
        c.endAngleMeasurement = Measurement(value: -0.25, unit: .revolutions)
        #expect(c.startAngle == Float(Double.pi / 2))
        #expect(c.endAngle == Float(-Double.pi / 2))
    }

    /// Typed attributes read the real Living room export's `[String: String]` attributes: every entry is
    /// one typed value of a type its category supports, and the sample's description names them.
    @Test func typedAttributesOnARealExport() throws {
        let room = try Self.livingRoom()
        var typedCount = 0
        for object in room.objects {
            let typed = object.typedAttributes
            #expect(typed.count == object.attributes.count, "\(object.attributes)")
            let supported = object.category.supportedAttributeTypes.map { $0.typeName }
            for a in typed {
                let t = type(of: a)
                #expect(object.attributes[t.typeName] == a.rawValue)
                #expect(t.parentCategory == object.category)
                #expect(supported.contains(t.typeName))
            }
            typedCount += typed.count
        }
        #expect(typedCount >= 10)
        let sofas = room.objects.filter { $0.category == .sofa }
        #expect(!sofas.isEmpty)
        for sofa in sofas { #expect(sofa.attribute(of: SofaType.self)?.rawValue == sofa.attributes["SofaType"]) }
        #expect(describe(room).contains("sofa lShaped"))
        #expect(describe(room).contains("table coffee circularElliptic"))
        #expect(CapturedRoom.Object.Category.chair.supportedAttributeTypes.map { $0.typeName }
                == ["ChairType", "ChairLegType", "ChairArmType", "ChairBackType"])
        #expect(CapturedRoom.Object.Category.table.supportedAttributeTypes.map { $0.typeName } == ["TableType", "TableShapeType"])
        #expect(CapturedRoom.Object.Category.sofa.supportedAttributeTypes.map { $0.typeName } == ["SofaType"])
        #expect(CapturedRoom.Object.Category.storage.supportedAttributeTypes.map { $0.typeName } == ["StorageType"])
        #expect(CapturedRoom.Object.Category.bed.supportedAttributeTypes.isEmpty)
    }

    /// `export(to:exportOptions:)` writes the same bytes as `export(to:options:)` (same file name, so the
    /// same root layer name), for each option, with metadata and with a model catalog.
    @Test func exportMatchesTheExistingExport() throws {
        let room = try Self.livingRoom()
        let dir = try ExportFixtures.temporaryDirectory("roomplan-sample")
        defer { try? FileManager.default.removeItem(at: dir) }
        let catalog = dir.appendingPathComponent("catalog")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let model = "#usda 1.0\n(\n    metersPerUnit = 1\n    upAxis = \"Y\"\n)\n\ndef Cube \"Box\"\n{\n    double size = 0.5\n}\n"
        for name in ["sofa.usda", "sofa+SofaType=lShaped.usda", "table.usda"] {
            try model.write(to: catalog.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let provider: SampleModelProvider = try ModelProvider(catalog: catalog)

        func files(_ tag: String) throws -> (usdz: URL, metadata: URL) {
            let d = dir.appendingPathComponent(tag)
            try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
            return (d.appendingPathComponent("Room.usdz"), d.appendingPathComponent("Room.json"))
        }
        let cases: [SampleExportOptions] = [.parametric, .mesh, .model]
        for (k, options) in cases.enumerated() {
            let a = try files("sample\(k)"), b = try files("existing\(k)")
            try room.export(to: a.usdz, metadataURL: a.metadata, modelProvider: provider, exportOptions: options)
            try room.export(to: b.usdz, metadataURL: b.metadata, modelProvider: provider, options: options)
            let bytes = try Data(contentsOf: a.usdz), expected = try Data(contentsOf: b.usdz)
            #expect(bytes.count > 1000)
            #expect(bytes == expected, "\(options)")
            let metadata = try Data(contentsOf: a.metadata), expectedMetadata = try Data(contentsOf: b.metadata)
            #expect(!metadata.isEmpty)
            #expect(metadata == expectedMetadata, "\(options)")
        }
        let sample = try files("sample-parametric"), existing = try files("existing-parametric")
        try exportParametric(room, to: sample.usdz)
        try room.export(to: existing.usdz, options: .parametric)
        let sampleBytes = try Data(contentsOf: sample.usdz), existingBytes = try Data(contentsOf: existing.usdz)
        #expect(sampleBytes == existingBytes)
        // A structure (with curved walls) too.
        let structure = try TruthModel.structure(of: Self.loadPlan("Data/plans/curved_wall_room.json"))
        let s = try files("structure-sample"), t = try files("structure-existing")
        try structure.export(to: s.usdz, exportOptions: .mesh)
        try structure.export(to: t.usdz, options: .mesh)
        let structureBytes = try Data(contentsOf: s.usdz), expectedStructure = try Data(contentsOf: t.usdz)
        #expect(structureBytes.count > 1000)
        #expect(structureBytes == expectedStructure)
    }

    /// RoomPlan's two look-ups: by category (the category's own model) and by a list of typed attributes
    /// (the model of exactly that combination, in any order; `nil` for unknown, empty or mixed lists).
    @Test func modelProviderLookUps() throws {
        let dir = try ExportFixtures.temporaryDirectory("roomplan-provider")
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["chair.usda", "chair+ChairType=dining.usda", "chair+ChairType=dining+ChairLegType=four.usda"] {
            try "#usda 1.0\n".write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let provider = try ModelProvider(catalog: dir)
        #expect(provider.modelFileURL(for: .chair)?.lastPathComponent == "chair.usda")
        #expect(provider.modelFileURL(for: .sofa) == nil)
        #expect(provider.modelFileURL(for: [ChairType.dining])?.lastPathComponent == "chair+ChairType=dining.usda")
        #expect(provider.modelFileURL(for: [ChairLegType.four, ChairType.dining])?.lastPathComponent
                == "chair+ChairType=dining+ChairLegType=four.usda")
        #expect(provider.modelFileURL(for: [ChairType.stool]) == nil)
        #expect(provider.modelFileURL(for: [ChairType.dining, ChairLegType.star]) == nil)
        #expect(provider.modelFileURL(for: []) == nil)
        #expect(provider.modelFileURL(for: [ChairType.dining, SofaType.rectangular]) == nil)
        #expect(provider.modelFileURL(for: [ChairType.dining, ChairType.stool]) == nil)
        // Setting a model for typed attributes through the storage form is found by the typed look-up.
        var edited = provider
        let sofa = dir.appendingPathComponent("chair.usda")
        var object = try #require(try Self.livingRoom().objects.first { $0.category == .sofa })
        object.setAttribute(SofaType.singleSeat)
        try edited.setModelFileURL(sofa, for: object.attributes, category: object.category)
        #expect(edited.modelFileURL(for: object.typedAttributes) == edited.modelFileURL(for: object))
        #expect(edited.modelFileURL(for: [SofaType.singleSeat])?.lastPathComponent == "chair.usda")
    }
}
