/// Finds model walls that coincide with another model wall: parallel within 5°, the shorter one's
/// plan midpoint within 10 cm of the longer one's line, and more than half of the shorter one's length
/// overlapping the longer one in projection (and overlapping vertically).
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

    /// Number of walls that coincide with an earlier wall of the list (the surplus copies).
    /// - Complexity: O(n²).
    public static func count(_ walls: [UprightSurfaceGeometry]) -> Int {
        var n = 0
        for j in walls.indices where (0..<j).contains(where: { coincide(walls[$0], walls[j]) }) { n += 1 }
        return n
    }
}
