import ArgumentParser
import Foundation
import PlumbKernel
import Plumbline

/// `plumb merge`: several RoomPlan CapturedRoom JSON files (one world frame, or any frames with `--align`) in,
/// one CapturedStructure out.
struct MergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge rooms (RoomPlan CapturedRoom JSON, one coordinate frame or --align) into one CapturedStructure.",
        discussion: """
            Walls seen from both sides become one centred wall with its measured thickness; doors, windows, \
            openings and objects seen from two rooms become one; rooms are grouped into storeys by floor \
            height. Prints per-room areas, the total area and each interior wall's thickness. With --align the \
            rooms may come from different capture sessions: each is placed into the first room's frame by \
            matching shared walls, doors and openings (heading and plan shift, then a joint point-to-plane \
            refinement); a room that cannot be placed unambiguously is reported as an invalid room location. \
            Each room is named after its file (Bedroom2.json, or the folder for Bedroom2/capturedRoom.json; \
            recorded as plumblineRoomName unless the file has one), and exports keep that name.
            """)

    @Argument(help: "Room JSON files (RoomPlan CapturedRoom).")
    var rooms: [String]

    @Option(name: [.customShort("o"), .long], help: "Where to write the structure JSON (- for standard output).")
    var output: String?

    @Flag(help: "The rooms have different coordinate frames: place each into the first room's frame by the walls, doors and openings they share.")
    var align = false

    @Option(help: "With --align: thickness assumed for a wall between two rooms when nothing else fixes it, metres.")
    var assumedWallThickness: Double = 0.12

    @Option(help: "Floor elevations farther apart than this start a new storey, metres.")
    var storeyGap: Double = 1.5

    @Option(help: "Largest floor overlap of two rooms at one height, as a fraction of the smaller (1 disables the check).")
    var maxFloorOverlap: Double = 0.5

    /// Checks that there is a room to merge (no file is read).
    func validate() throws {
        guard !rooms.isEmpty else { throw ValidationError("give at least one room JSON file") }
    }

    func run() async throws {
        let console = Console(output: output)
        // A target that would be refused (a device, pipe, link or directory) is refused before the work.
        if let output { try SafeFile.checkTarget(output) }
        var input: [CapturedRoom] = []
        // Each room keeps the name its file gives it (unless the file records one): exports show "Bedroom2"
        // for Bedroom2/capturedRoom.json, not a renumbered "Bedroom 1".
        // Each file's lists are counted before it is parsed: an input the structure builder would refuse
        // costs one pass over its bytes, not a parse (seconds and hundreds of megabytes at tens of megabytes).
        var elements = 0
        for (r, (path, name)) in zip(rooms, RoomName.names(forPaths: rooms)).enumerated() {
            do {
                let data = try RoomPlanJSON.readInput(URL(fileURLWithPath: path))
                let counts = try RoomPlanJSON.elementCounts(in: data)
                try StructureBuilder.precheck(counts, roomIndex: r, total: &elements)
                input.append(RoomName.naming(try RoomPlanJSON.decode(CapturedRoom.self, from: data, counted: counts), name))
            } catch {
                throw InputFileError(path: path, error: error)
            }
        }
        var options = StructureBuilder.Options()
        options.storeyGap = storeyGap
        options.maximumFloorOverlap = maxFloorOverlap
        if align {
            options.alignment = .automatic
            options.assumedWallThickness = assumedWallThickness
        }
        let clock = ContinuousClock(), start = clock.now
        let result = try StructureBuilder(options: options).build(input)
        let elapsed = clock.now - start
        if align {
            console.say(PlacementSummary(placements: result.placements, names: Self.names(rooms)).text)
            console.say(String(format: "aligned and merged in %.0f ms", Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15))
        }
        console.say(StructureSummary(result: result, names: Self.names(rooms)).text)
        if let output {
            try SafeFile.write(RoomPlanJSON.encode(result.structure), toOutput: output)
            console.wrote(output)
        }
    }

    /// Short labels for the input files: the file name, or parent folder/file name when file names repeat.
    static func names(_ paths: [String]) -> [String] {
        let files = paths.map { ($0 as NSString).lastPathComponent }
        guard Set(files).count < files.count else { return files }
        return paths.map { p in
            let parent = ((p as NSString).deletingLastPathComponent as NSString).lastPathComponent
            return parent.isEmpty ? (p as NSString).lastPathComponent : parent + "/" + (p as NSString).lastPathComponent
        }
    }
}

/// An error reading one of several input files: the file's path, then the error (which names the element).
struct InputFileError: Error, CustomStringConvertible {
    /// The input file.
    var path: String
    /// What went wrong in it.
    var error: any Error
    var description: String { "\(path): \(error)" }
}
