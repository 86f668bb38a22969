// plumb-peer-room: writes a deterministic simulated room scan and its true planes for the Open3D
// comparison.
//
//   plumb-peer-room PLAN.json --points N -o OUT.ply [--room ID] [--scale S] [--seed K]
//   plumb-peer-room PLAN.json --points N -o OUT.ply --all-rooms [--seed K]
//
// With --all-rooms the plan is simulated once and every room, subsampled to N points, is written to
// OUT-<room>.ply (binary PLY, float32 x y z relative to the room cloud's origin, which goes into the header
// comment as `plumb simulate` writes it; BenchmarkApartment), without true planes: the input of the
// multi-room structure benchmark (`plumb build OUT-*.ply --structure`).
//
// Writes OUT.ply (binary little-endian, float32 x y z, world metres, y up) and OUT.planes.json (true planes
// with at least max(100, N/1000) points and 0.25 m² observed area, plus every plane under "all_planes";
// see BenchmarkRoom.truthJSON). Same arguments give byte-identical files.
import Foundation
import BenchmarkSupport

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("plumb-peer-room: \(message)\nusage: plumb-peer-room PLAN.json --points N -o OUT.ply [--room ID | --all-rooms] [--scale S] [--seed K]\n".utf8))
    exit(2)
}

var plan: String?, output: String?, room: String?
var points = 0, scale = 1.0, seed: UInt64 = 1, allRooms = false
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    func value() -> String {
        guard !args.isEmpty else { fail("\(a) needs a value") }
        return args.removeFirst()
    }
    switch a {
    case "--points": guard let v = Int(value()) else { fail("--points needs an integer") }; points = v
    case "-o", "--output": output = value()
    case "--room": room = value()
    case "--all-rooms": allRooms = true
    case "--scale": guard let v = Double(value()) else { fail("--scale needs a number") }; scale = v
    case "--seed": guard let v = UInt64(value()) else { fail("--seed needs a non-negative integer") }; seed = v
    default:
        guard plan == nil, !a.hasPrefix("-") else { fail("unexpected argument \(a)") }
        plan = a
    }
}
guard let plan, let output else { fail("missing the plan or -o") }
if allRooms {
    do {
        let (apt, t) = try Stopwatch.measure {
            try BenchmarkApartment.make(planURL: URL(fileURLWithPath: plan), pointsPerRoom: points, seed: seed)
        }
        let urls = try apt.writePLYs(stem: URL(fileURLWithPath: output).deletingPathExtension().path)
        for (r, url) in zip(apt.rooms, urls) {
            print("\(apt.name)/\(r.id): \(r.cloud.count) of \(r.capturedPoints) simulated points -> \(url.path)")
        }
        print("\(apt.rooms.count) rooms, \(apt.pointCount) points, simulated in \(String(format: "%.1f", t.wall)) s")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("plumb-peer-room: \(error)\n".utf8))
        exit(1)
    }
}
do {
    let (r, t) = try Stopwatch.measure {
        try BenchmarkRoom.make(planURL: URL(fileURLWithPath: plan), roomID: room, points: points,
                               resolutionScale: scale, seed: seed)
    }
    let out = URL(fileURLWithPath: output)
    try r.writePLY(to: out)
    let minPoints = max(100, points / 1000)
    let truthURL = out.deletingPathExtension().appendingPathExtension("planes.json")
    try r.truthJSON(minPoints: minPoints).write(to: truthURL)
    let truth = r.truthPlanes(minPoints: minPoints)
    print("\(r.name): \(r.cloud.count) of \(r.capturedPoints) simulated points in \(String(format: "%.1f", t.wall)) s; "
        + "\(truth.count) true planes (>= \(minPoints) points, >= 0.25 m²) of \(r.allPlanes.count)")
    print("wrote \(out.path) and \(truthURL.path)")
} catch {
    FileHandle.standardError.write(Data("plumb-peer-room: \(error)\n".utf8))
    exit(1)
}
