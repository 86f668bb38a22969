import ArgumentParser
import Foundation
import PlumbKernel
import Plumbline

extension BuildCommand {
    /// Room segmentation of one scan: when the cloud holds more than one room, builds every room, merges them
    /// into a CapturedStructure, prints its summary, writes it to `-o` and returns true. Returns false (build one
    /// room as before) when the segmentation finds one room or none, only one of its rooms builds, or it fails
    /// (a note on standard error says why).
    func buildSegmented(_ cloud: PointCloud, options room: RoomBuilder.Options, console: Console) throws -> Bool {
        var o = RoomSegmentation.Options()
        o.upAxis = room.upAxis
        o.room = room
        let segmenter = RoomSegmentation(options: o)
        let clock = ContinuousClock()
        let t0 = clock.now
        let seg: RoomSegmentation.Segmentation
        do { seg = try segmenter.segment(cloud) } catch {
            // No room or no storey is what many scans of one room give (a room that is not closed, a partial
            // scan): building it as one room is then the expected course, not news.
            switch error {
            case .noRoom, .noStorey: break
            case .upAxisNotFound: progress("note: room segmentation: \(error) (--up y or --up z); building one room")
            default: progress("note: room segmentation: \(error); building one room")
            }
            return false
        }
        guard seg.rooms.count > 1 else { return false }
        if report != nil {
            throw ValidationError("--report works with one room; this cloud holds \(seg.rooms.count) rooms (--single-room builds it as one)")
        }
        progress("room segmentation: \(seg.rooms.count) rooms on \(seg.storeys.count) storey(s) in \(Self.format(clock.now - t0)) (--single-room builds one room)")
        let result = try segmenter.build(seg, of: cloud)
        // The left-out rooms are listed in the JSON only when the structure is what gets written.
        let written = result.structure.structure.rooms.count > 1
        let listed = written ? " (listed under \(RoomSegmentation.SkippedRoom.key) in the JSON)" : ""
        for s in result.skipped { progress("note: found room \(s.room) left out\(listed): \(s.reason)") }
        guard written else {
            progress("note: only one of the rooms found could be built; building the scan as one room")
            return false
        }
        let names = result.roomIndices.map { "room \($0)" }
        console.say(StructureSummary(result: result.structure, names: names).text)
        console.say("segmented, built and merged in \(Self.format(clock.now - t0))")
        if let output {
            try SafeFile.write(RoomPlanJSON.encode(result.structure.structure), toOutput: output)
            console.wrote(output)
        }
        return true
    }
}
