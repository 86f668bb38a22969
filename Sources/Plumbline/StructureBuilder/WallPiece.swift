import Foundation

/// One wall of the structure and where it came from.
struct WallPiece {
    /// The structure wall.
    var surface: CapturedRoom.Surface
    /// Face indices (into the builder's face list) that contributed; a single face for walls seen from
    /// one side.
    var faces: [Int]
    /// For walls made from a cluster of linked faces: the cluster and the stretch along it.
    var cluster: Int?
    var interval: ClosedRange<Double>?
    /// For walls seen from both sides with a measurable gap: the measured thickness, metres.
    var thickness: Double?
    /// Rooms (input indices) whose faces the wall was made from (two for a wall between two rooms).
    var rooms: [Int]
}
