import PlumbKernel
import PlumbSim
import Plumbline
import Testing

/// The two thresholds that name a hole found in a wall are options of the builder
/// (`RoomBuilder.Options.floorReachTolerance`, `closedDoorLintel`), not constants of the assembly.
@Suite("Opening classification options")
struct OpeningClassificationOptionTests {
    @Test("plain_bedroom (a door and a window): the defaults find both; with no bottom counted as reaching the floor every hole is a window, and nothing else changes")
    func floorReachNamesDoorsAndWindows() throws {
        let plan = try PlanFixtures.load("plain_bedroom")
        let scan = try ScanSimulator(plan: plan).simulate(preset: .phone, seed: 1)
        let cloud = try #require(scan.roomClouds.first?.cloud)
        let standard = try RoomBuilder().build(cloud).room
        #expect(standard.doors.count == 1 && standard.windows.count == 1, "doors \(standard.doors.count), windows \(standard.windows.count)")
        var options = RoomBuilder.Options()
        options.floorReachTolerance = -1  // no hole's bottom lies 1 m below the floor
        let windowsOnly = try RoomBuilder(options: options).build(cloud).room
        #expect(windowsOnly.doors.isEmpty && windowsOnly.openings.isEmpty)
        #expect(windowsOnly.windows.count == standard.windows.count + standard.doors.count + standard.openings.count)
        // The door became a window of the same size at the same place; walls, floor and objects are the same.
        let door = try #require(standard.doors.first)
        #expect(windowsOnly.windows.contains { $0.dimensions == door.dimensions && $0.transform == door.transform })
        #expect(windowsOnly.walls == standard.walls && windowsOnly.floors == standard.floors && windowsOnly.objects == standard.objects)
    }
}
