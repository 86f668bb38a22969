/// Finds model walls that coincide with another model wall: parallel within 5°, the shorter one's
/// plan midpoint within 10 cm of the longer one's line, and more than half of the shorter one's length
/// overlapping the longer one in projection (and overlapping vertically).
///
/// The evaluation counts a duplicate only when the wall is not matched to a truth wall: a truth plan
/// may itself hold coinciding walls (two rooms' walls on either side of a thin partition), and a model
/// reproducing them is not duplicating anything.
public enum DuplicateWallDetector {
    /// Largest angle between duplicates, radians (5°).
    public static let maximumAngle = 5 * Double.pi / 180
    /// Largest line distance between duplicates, metres.
    public static let maximumDistance = 0.10
    /// Smallest overlap, as a fraction of the shorter wall.
    public static let minimumOverlap = 0.5

    /// Whether two walls coincide (see the type's documentation).
    public static func coincide(_ a: UprightSurfaceGeometry, _ b: UprightSurfaceGeometry) -> Bool {
        let (short, long) = a.length <= b.length ? (a, b) : (b, a)
        guard short.length > 1e-6, a.angle(to: b) <= maximumAngle, a.verticalOverlap(b) > 0 else { return false }
        guard abs(long.signedDistance(short.midpoint)) <= maximumDistance else { return false }
        return long.projectedOverlap(short) > minimumOverlap * short.length
    }

    /// Number of walls not in `matched` that coincide with another wall of the list.
    /// - Complexity: O(n²).
    public static func count(_ walls: [UprightSurfaceGeometry], matched: Set<Int> = []) -> Int {
        var n = 0
        for j in walls.indices where !matched.contains(j) {
            if walls.indices.contains(where: { $0 != j && coincide(walls[$0], walls[j]) }) { n += 1 }
        }
        return n
    }
}
