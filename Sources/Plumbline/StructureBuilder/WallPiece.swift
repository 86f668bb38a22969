import Foundation

/// One wall of the structure and where it came from.
struct WallPiece {
    /// The structure wall.
    var surface: CapturedRoom.Surface
    /// Face indices (into the builder's face list) that contributed; a single face for walls seen from
    /// one side.
    var faces: [Int]
    /// For walls seen from both sides: the cluster, the stretch along it and the measured thickness.
    var cluster: Int?
    var interval: ClosedRange<Double>?
    var thickness: Double?
    /// Rooms (input indices) the wall separates (two for a wall seen from both sides).
    var rooms: [Int]
}
