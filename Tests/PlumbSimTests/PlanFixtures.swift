import Foundation
import PlumbSim

/// Loading the bundled plans for tests.
enum PlanFixtures {
    static let directory = TestPaths.data.appendingPathComponent("plans")

    static func all() throws -> [(String, FloorPlan)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        return try files.map { ($0, try load(url: directory.appendingPathComponent($0))) }
    }

    static func load(_ name: String) throws -> FloorPlan {
        try load(url: directory.appendingPathComponent(name + ".json"))
    }

    static func load(url: URL) throws -> FloorPlan {
        try JSONDecoder().decode(FloorPlan.self, from: Data(contentsOf: url))
    }
}
