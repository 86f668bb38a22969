import Foundation
import PlumbKernel
import Plumbline

/// A scan's points in a model's frame (metres, y up), for drawing the scan against the model
/// (``HTMLReport``) and measuring how well it backs the walls.
///
/// The model frame is `RoomBuilder`'s: the cloud turned y-up (`(x, y, z) → (x, z, −y)` for a z-up
/// scan, identity for a y-up one), minus the model's recorded origin (``ExportModel/origin``).
public struct ReportScan: Sendable, Equatable {
    /// Point coordinates in the model frame, metres (`x[i], y[i], z[i]` is point `i`).
    public var x: [Float], y: [Float], z: [Float]
    /// The scan's up axis used for the turn (`.y` or `.z`).
    public let upAxis: UpAxis

    /// Number of points.
    public var count: Int { x.count }

    /// Points given in the model frame already.
    public init(x: [Float], y: [Float], z: [Float]) {
        precondition(x.count == y.count && y.count == z.count, "coordinate arrays of different lengths")
        self.x = x
        self.y = y
        self.z = z
        upAxis = .y
    }

    /// `cloud`'s points in the frame of a model built from it with up axis `upAxis` (`.automatic` is
    /// taken as `.y`; resolve it first with ``likelyUpAxis(of:for:)``) and recorded origin `modelOrigin`.
    /// The offset between the cloud's origin and the model's is applied in `Double`, so georeferenced
    /// clouds keep millimetres. `levelling` (``ExportModel/levelling``) turns the points as the model was
    /// turned level.
    /// - Complexity: O(points).
    public init(cloud: PointCloud, upAxis: UpAxis, modelOrigin: SIMD3<Double>, levelling: RigidTransform? = nil) {
        let up: UpAxis = upAxis == .z ? .z : .y
        self.upAxis = up
        let shift = SIMD3<Float>(up.toYUp(cloud.origin) - modelOrigin)
        if up == .z {
            x = cloud.x.map { $0 + shift.x }
            y = cloud.z.map { $0 + shift.y }
            z = cloud.y.map { -$0 + shift.z }
        } else {
            x = cloud.x.map { $0 + shift.x }
            y = cloud.y.map { $0 + shift.y }
            z = cloud.z.map { $0 + shift.z }
        }
        levelling?.rotate(x: &x, y: &y, z: &z)
    }

    /// The up axis under which more of `cloud`'s points (a sample of at most 20 000, every k-th) fall
    /// inside `model`'s bounds grown by 0.25 m; `.y` on a tie. For a model whose up axis is not known
    /// (`plumb report` without `--up`).
    /// - Complexity: O(sample + model elements).
    public static func likelyUpAxis(of cloud: PointCloud, for model: ExportModel) -> UpAxis {
        guard let b = model.bounds, cloud.count > 0 else { return .y }
        let lo = b.min - 0.25, hi = b.max + 0.25
        let step = max(1, cloud.count / 20_000)
        var inside: [UpAxis: Int] = [.y: 0, .z: 0]
        for up in [UpAxis.y, .z] {
            let shift = up.toYUp(cloud.origin) - model.origin
            var n = 0
            var i = 0
            while i < cloud.count {
                let p = up.toYUp(SIMD3(Double(cloud.x[i]), Double(cloud.y[i]), Double(cloud.z[i]))) + shift
                if all(p .>= lo) && all(p .<= hi) { n += 1 }
                i += step
            }
            inside[up] = n
        }
        return inside[.z]! > inside[.y]! ? .z : .y
    }

    /// At most `limit` points (every k-th, k = ⌈count / limit⌉), as indices. Deterministic.
    func decimated(to limit: Int) -> StrideTo<Int> {
        stride(from: 0, to: count, by: max(1, (count + max(limit, 1) - 1) / max(limit, 1)))
    }
}

extension ExportModel {
    /// World bounds of the walls, floors, doors, windows, openings and objects (metres, model frame);
    /// `nil` for an empty model. O(elements).
    public var bounds: (min: SIMD3<Double>, max: SIMD3<Double>)? {
        var lo = SIMD3<Double>(repeating: .infinity), hi = SIMD3<Double>(repeating: -.infinity)
        func add(_ p: SIMD3<Float>) {
            let d = SIMD3<Double>(p)
            lo = pointwiseMin(lo, d)
            hi = pointwiseMax(hi, d)
        }
        for s in walls + floors + doors + windows + openings { s.worldOutline.forEach(add) }
        for o in objects { o.worldCorners.forEach(add) }
        return lo.x <= hi.x ? (lo, hi) : nil
    }

    /// Floor elevation of storey `story`: the mean height of its floors, else the lowest wall bottom,
    /// else 0 (metres, model frame).
    func floorElevation(story: Int) -> Double {
        if let e = floors.filter({ $0.story == story }).meanOutlineElevation { return Double(e) }
        if let w = walls.filter({ $0.story == story }).map(\.bottomElevation).min() { return Double(w) }
        return 0
    }
}
