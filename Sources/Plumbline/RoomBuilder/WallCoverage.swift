import PlumbKernel

/// How much of a wall's rectangle its scan points cover, on a 10 cm grid in wall coordinates; gives the
/// wall's confidence and which of its edges were fully observed (RoomPlan's `completedEdges`).
struct WallCoverage {
    var confidence: CapturedRoom.Confidence
    var completedEdges: Set<CapturedRoom.Surface.Edge>

    /// Coverage of the wall from corner `a` to `b` (plan x, z) by the inliers of `plane`.
    /// High confidence: 60 % of cells or more; medium: 30 %. An edge is complete when 70 % of the cells in
    /// the 20 cm strip along it have points.
    init(plane: DetectedPlane, cloud: PointCloud, a: SIMD2<Double>, b: SIMD2<Double>, floorY: Double, height: Double) {
        let cell = 0.1
        let len = planLength(b - a)
        let d = (b - a) / Swift.max(len, 1e-9)
        let nu = Swift.max(1, Int(len / cell)), nv = Swift.max(1, Int(height / cell))
        var grid = [Bool](repeating: false, count: nu * nv)
        for i in plane.inliers {
            let p = SIMD2(Double(cloud.x[Int(i)]), Double(cloud.z[Int(i)]))
            let u = planDot(p - a, d), v = Double(cloud.y[Int(i)]) - floorY
            guard u >= 0, u < len, v >= 0, v < height else { continue }
            grid[Swift.min(nv - 1, Int(v / cell)) * nu + Swift.min(nu - 1, Int(u / cell))] = true
        }
        let share = Double(grid.filter { $0 }.count) / Double(grid.count)
        confidence = share >= 0.6 ? .high : share >= 0.3 ? .medium : .low
        func strip(_ cells: [Int]) -> Bool { Double(cells.filter { grid[$0] }.count) >= 0.7 * Double(cells.count) }
        let band = Swift.min(2, Swift.max(1, Swift.min(nu, nv) / 2))
        var edges = Set<CapturedRoom.Surface.Edge>()
        if strip((0..<nv).flatMap { j in (0..<band).map { j * nu + $0 } }) { edges.insert(.left) }
        if strip((0..<nv).flatMap { j in (0..<band).map { j * nu + nu - 1 - $0 } }) { edges.insert(.right) }
        if strip((0..<band).flatMap { j in (0..<nu).map { j * nu + $0 } }) { edges.insert(.bottom) }
        if strip((0..<band).flatMap { j in (0..<nu).map { (nv - 1 - j) * nu + $0 } }) { edges.insert(.top) }
        completedEdges = edges
    }
}
