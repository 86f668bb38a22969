import PlumbKernel

/// A vertical plane standing on a plan line of the local y-up frame (x, z in plan), and where the scanner's
/// sight lines (sensor to point, ``PointCloud/forEachSightLine(limit:_:)``) meet it: the one home of the
/// sight-line geometry of ``WallCandidates/lookedOver(ts:hull:top:line:behind:cloud:)``,
/// ``WallCandidates/isThinPanel(hull:lo:hi:line:behind:cloud:)`` and
/// ``WallCandidates/seenThrough(from:to:cloud:beyond:below:)``. Every member is O(1).
struct SightPlane {
    /// A point of the line (plan x, z), metres.
    let point: SIMD2<Double>
    /// Unit direction of the line in plan.
    let direction: SIMD2<Double>
    /// Unit plan normal the offsets are measured along: the direction turned a quarter counter-clockwise,
    /// times the `side` given at initialisation.
    let normal: SIMD2<Double>

    /// The plane over the line through `point` along unit `direction`; offsets grow towards `side` (±1) times
    /// the direction turned a quarter counter-clockwise.
    init(point: SIMD2<Double>, direction: SIMD2<Double>, side: Double = 1) {
        self.point = point
        self.direction = direction
        normal = SIMD2(-direction.y, direction.x) * side
    }

    /// Signed plan distance of `p` (local x, y, z) from the line, along ``normal``, metres.
    func offset(_ p: SIMD3<Double>) -> Double { (p.x - point.x) * normal.x + (p.z - point.y) * normal.y }

    /// Parameter of `p`'s plan position along the line from ``point``, metres.
    func along(_ p: SIMD3<Double>) -> Double { (p.x - point.x) * direction.x + (p.z - point.y) * direction.y }

    /// Where the sight line from `sensor` to `point` crosses the plane, given their offsets `ds` and `dp`
    /// (``offset(_:)``, of opposite signs): the parameter along the line and the height (local y), metres.
    func crossing(from sensor: SIMD3<Double>, to point: SIMD3<Double>, offsets ds: Double, _ dp: Double) -> (along: Double, height: Double) {
        let f = ds / (ds - dp)
        return ((sensor.x + f * (point.x - sensor.x) - self.point.x) * direction.x
                    + (sensor.z + f * (point.z - sensor.z) - self.point.y) * direction.y,
                sensor.y + f * (point.y - sensor.y))
    }
}
