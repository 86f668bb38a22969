/// Why a scan could not be placed in a saved ``WorldMap``.
public enum RelocalizationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scan so far has too few points (`points`, at least `required`).
    case tooFewScanPoints(points: Int, required: Int)
    /// The scan or the map has too few large vertical planes (walls) to fix the heading and position.
    case tooFewPlanes(scanWalls: Int, mapWalls: Int)
    /// No pose hypothesis put the scan's planes onto the map's planes.
    case noConsistentHypothesis
    /// The best alignment leaves too few scan points on the map (`inlierFraction`, at least `required`).
    case poorAlignment(inlierFraction: Double, required: Double)
    /// The map itself is unusable.
    case invalidMap(WorldMapError)

    /// A one-line description.
    public var description: String {
        switch self {
        case let .tooFewScanPoints(p, r): "the scan has \(p) points so far, at least \(r) are needed"
        case let .tooFewPlanes(s, m): "too few walls to align: \(s) in the scan, \(m) in the map (2 non-parallel needed)"
        case .noConsistentHypothesis: "no placement puts the scan's walls and floor onto the map's"
        case let .poorAlignment(f, r):
            "best alignment leaves only \(Int((f * 100).rounded())) % of the scan on the map (need \(Int((r * 100).rounded())) %)"
        case let .invalidMap(e): "\(e)"
        }
    }
}
