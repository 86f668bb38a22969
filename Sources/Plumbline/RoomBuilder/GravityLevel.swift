import Foundation
import PlumbKernel

/// Gravity read from the scan's own structure, for clouds that are not levelled (a terrestrial scan
/// registered without its inclinometer, a SLAM cloud whose first pose was tilted).
///
/// Floors, ceilings and furniture tops are perpendicular to gravity and walls contain it, so the up
/// direction `u` minimises `Σ_h a_h (1 − (n_h·u)²) + Σ_v a_v (n_v·u)²` over the near-horizontal planes `h` and
/// the near-vertical planes `v` (normals `n`, weights `a` their inlier counts): the eigenvector of the smallest
/// eigenvalue of `Σ_v a_v n_v n_vᵀ + Σ_h a_h (I − n_h n_hᵀ)`. Walls alone fix the tilt across them, floor and
/// ceiling both axes, so a corridor whose walls all run one way is still levelled. Planes count as
/// horizontal or vertical within 10°, then 3°, then 1° of the current estimate, so tilts up to about 8°
/// are read and a ceiling sloped a few degrees does not pull the result. Sloped ceilings (10-70°) and roof slopes take no part.
///
/// The builder levels the cloud with ``rotation(planes:)`` (about the local origin), builds, and turns the
/// model back, so the model stays in the scan's frame: a rigid motion of the input (a tilt included) moves
/// the model with it, and its floor lies on the scan's floor instead of a level plane through its middle.
enum GravityLevel {
    /// Smallest tilt acted on, degrees, however well the planes agree: a phone's gravity (ARKit) is good to
    /// about 0.1°. 0.15° over a 10 m room is 2.6 cm of floor height. A tilt must also exceed twice the
    /// planes' scatter (``scatterDegrees(planes:up:)``): a simulated phone scan of a kitchen, level, has its
    /// floor and counters leaning 0.17-0.28° and its ceiling 0.01°, and read 0.22°.
    static let minimumTiltDegrees = 0.15
    /// Largest tilt acted on, degrees: beyond it the 10° windows no longer hold walls and floors apart.
    static let maximumTiltDegrees = 8.0

    /// The measured up direction (unit, +y side) from `planes` (y-up local frame), or nil when fewer than
    /// 2,000 points of horizontal planes and fewer than two wall directions back it.
    ///
    /// Each plane weighs its inlier count (a plane's area estimate is inflated for a sparse layer of noise
    /// that one sample happened to span). The windows narrow from 10° to 3° to 1° around the estimate, so a
    /// ceiling sloped a few degrees or a ramp, which pull the first estimate, take no part in the last.
    /// - Complexity: O(p) per refinement for p planes.
    static func up(planes: [DetectedPlane]) -> SIMD3<Double>? {
        var u = SIMD3<Double>(0, 1, 0)
        for windowDegrees in [10.0, 3.0, 1.0] {
            let window = sin(windowDegrees * .pi / 180)
            // `m` gathers both kinds of plane, `walls` the walls alone.
            var m = SymmetricMatrix3.zero, walls = SymmetricMatrix3.zero
            func addOuter(_ s: inout SymmetricMatrix3, _ a: Double, _ n: SIMD3<Double>) {
                s.xx += a * n.x * n.x; s.xy += a * n.x * n.y; s.xz += a * n.x * n.z
                s.yy += a * n.y * n.y; s.yz += a * n.y * n.z; s.zz += a * n.z * n.z
            }
            var horizontalPoints = 0.0
            for p in planes {
                let n = p.normal, a = Double(p.inliers.count)
                let along = abs(dot(n, u))
                if along >= (1 - window * window).squareRoot() {
                    // a (I − n nᵀ)
                    m.xx += a; m.yy += a; m.zz += a
                    addOuter(&m, -a, n)
                    horizontalPoints += a
                } else if along <= window {
                    addOuter(&m, a, n)
                    addOuter(&walls, a, n)
                }
            }
            // Two wall directions: the walls' normal scatter has a second sizeable eigenvalue.
            let wallEigen = SymmetricEigen3(walls)
            let twoDirections = wallEigen.values[1] >= Swift.max(0.1 * wallEigen.values[2], 2000)
            guard horizontalPoints >= 2000 || twoDirections else { return nil }
            var v = SymmetricEigen3(m).vector0
            if v.y < 0 { v = -v }
            guard v.y > 0.9 else { return nil }
            u = v
        }
        return u
    }

    /// How far the planes that decided `u` scatter about it, degrees: the point-weighted root mean square of
    /// each plane's angle from its ideal (a horizontal plane's normal from `u`, a wall's from the plane
    /// perpendicular to `u`), over the planes within 1° of it. A laser scan's planes agree to a few hundredths
    /// of a degree; a phone's floor and counters lean by tenths (depth errors grow with range), so a "tilt"
    /// of that size is noise.
    static func scatterDegrees(planes: [DetectedPlane], up u: SIMD3<Double>) -> Double {
        let window = sin(1.0 * .pi / 180)
        var sum = 0.0, weight = 0.0
        for p in planes {
            let along = abs(dot(p.normal, u)), a = Double(p.inliers.count)
            let angle: Double
            if along >= (1 - window * window).squareRoot() {
                angle = acos(Swift.min(1, along))
            } else if along <= window {
                angle = asin(along)
            } else {
                continue
            }
            sum += a * angle * angle
            weight += a
        }
        guard weight > 0 else { return 0 }
        return (sum / weight).squareRoot() * 180 / .pi
    }

    /// The rotation (about the local origin, no translation) that turns the measured up direction onto +y
    /// by the shortest arc, or nil when the scan is level within ``minimumTiltDegrees`` or within twice the
    /// scatter of the planes that measured it (``scatterDegrees(planes:up:)``), tilted more than
    /// ``maximumTiltDegrees``, or the planes do not tell.
    static func rotation(planes: [DetectedPlane]) -> RigidTransform? {
        guard let u = up(planes: planes) else { return nil }
        let axis = cross(u, SIMD3(0, 1, 0))
        let s = length(axis)
        let angle = atan2(s, u.y)
        let degrees = angle * 180 / .pi
        let floor = Swift.max(minimumTiltDegrees, 2 * scatterDegrees(planes: planes, up: u))
        guard degrees >= floor, degrees <= maximumTiltDegrees, s > 0 else { return nil }
        return RigidTransform(axis: axis / s, angle: angle)
    }

    /// `cloud` turned by `r` about its local origin: points, normals and sensor positions (the latter about
    /// the world position of the local origin, ``PointCloud/origin``).
    /// - Complexity: O(n).
    static func rotated(_ cloud: PointCloud, by r: RigidTransform) -> PointCloud {
        var out = cloud
        r.rotate(x: &out.x, y: &out.y, z: &out.z)
        if var n = cloud.normals {
            r.rotate(x: &n.x, y: &n.y, z: &n.z)
            out.normals = n
        }
        if let s = cloud.sensorOrigins {
            out.sensorOrigins = s.map { cloud.origin + r.applyToDirection($0 - cloud.origin) }
        }
        return out
    }

    /// `plane` turned by `r` about the local origin (the offset is unchanged by a rotation about the origin).
    static func rotated(_ plane: DetectedPlane, by r: RigidTransform) -> DetectedPlane {
        var p = plane
        p.normal = r.applyToDirection(plane.normal)
        p.centroid = r.applyToDirection(plane.centroid)
        return p
    }
}
