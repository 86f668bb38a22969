import Plumbline
import PlumbKernel

/// A realism perturbation applied on top of a noise preset (``ScanPreset``) by
/// ``ScanSimulator/simulate(preset:seed:realism:rooms:)``.
public enum RealismPreset: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// The noise preset alone.
    case none
    /// Floor tilt 0–2°: the whole capture rotated about a random horizontal axis through the plan origin.
    case tilt
    /// 0.1 % of the returns replaced by far strays at random directions, 60–600 m from the sensor.
    case strays
    /// Pose drift: in every room, from a random frame on, frames are shifted by 1–3 cm horizontally and
    /// turned by up to 0.3° about the vertical through that frame's camera, so a wall appears doubled
    /// 1–3 cm apart; the sensor positions drift with them (as a SLAM pose would).
    case drift
    /// Partial coverage: one or two walls per room seen only above ~1.2 m over the room floor (returns
    /// below are dropped as if hidden or unscanned).
    case partial
    /// Dense cloud: depth frames at twice the resolution and stations at 0.7 of the spacing (about 5.5× the
    /// points: ~10 M per bedroom-sized room).
    case dense
    /// The whole case in a random rigid frame: a random rotation about up and a random shift up to 50 m.
    case frame
    /// Georeferenced: z up, a random yaw and a +500 km offset in x and y.
    case georef
    /// tilt + strays + drift + partial + frame (not dense, not georef).
    case all
}

/// The concrete parameters of a ``RealismPreset``, drawn deterministically from `(preset, seed)`.
///
/// Every parameter is drawn for every preset (so `all` uses the same tilt, drift … as the single presets
/// with the same seed); the ones the preset does not use are then set to their neutral value. Angles are
/// degrees, lengths metres; directions and positions are in the plan's world frame (y up, ``FloorPlan``
/// x and y on the world x and z axes) unless a field says otherwise.
public struct ScanRealism: Sendable, Equatable, Hashable, Codable {
    /// The preset the parameters were drawn for.
    public var preset: RealismPreset
    /// The seed they were drawn from.
    public var seed: UInt64
    /// Tilt of the whole capture, degrees, in [0, 2] (0 = none).
    public var tiltDegrees: Double
    /// Direction of the horizontal tilt axis, radians from world +x towards +z. The rotation axis is
    /// `(cos a, 0, sin a)` through the world origin, right-handed by ``tiltDegrees``.
    public var tiltAxisAngle: Double
    /// Share of returns replaced by a stray (0.001, or 0 = none).
    public var strayFraction: Double
    /// Smallest distance of a stray from its sensor, metres.
    public var strayMinimumRange: Double
    /// Largest distance of a stray from its sensor, metres.
    public var strayMaximumRange: Double
    /// Where drift starts in each room, as a fraction of the room's frames in [0.3, 0.7]: frames from
    /// index `Int(fraction × count)` (at least 1, at most count − 1) drift.
    public var driftStartFraction: Double
    /// Horizontal drift translation, metres, length in [0.01, 0.03] (zero = no drift).
    public var driftShift: SIMD3<Double>
    /// Drift turn about the vertical through the camera of the first drifted frame, degrees, in [-0.3, 0.3].
    public var driftYawDegrees: Double
    /// Walls per room seen only above ``partialHeight`` (1 or 2, or 0 = none).
    public var partialWallsPerRoom: Int
    /// Height over the room floor below which the partial walls return nothing, metres, in [1.1, 1.3].
    public var partialHeight: Double
    /// Depth image size factor (2 for ``RealismPreset/dense``, else 1): width, height and intrinsics scale.
    public var resolutionScale: Int
    /// Factor on the station spacing of the capture path (0.7 for ``RealismPreset/dense``, else 1).
    public var stationSpacingScale: Double
    /// Rotation of the output frame about up, radians in [0, 2π) (``RealismPreset/frame``; else 0).
    public var frameYaw: Double
    /// Shift of the output frame, metres, length up to 50 (``RealismPreset/frame``; else zero).
    public var frameShift: SIMD3<Double>
    /// True for ``RealismPreset/georef``: z-up output, turned by ``georefYaw`` and offset by ``georefOffset``.
    public var georeferenced: Bool
    /// Yaw about the output z axis, radians in [0, 2π) (georeferenced only).
    public var georefYaw: Double
    /// Offset added to the output x and y, metres (georeferenced only; 500 km).
    public var georefOffset: Double

    /// Draws the parameters of `preset` from `seed`. - Complexity: O(1).
    public init(preset: RealismPreset, seed: UInt64) {
        self.preset = preset
        self.seed = seed
        var g = SeededGenerator(seed: seed ^ 0x7EA1_15E0_0000_0000)
        _ = g.next()
        let tilt = 2 * g.nextUnitDouble()
        let tiltAxis = 2 * Double.pi * g.nextUnitDouble()
        let driftStart = 0.3 + 0.4 * g.nextUnitDouble()
        let driftLength = 0.01 + 0.02 * g.nextUnitDouble()
        let driftDir = 2 * Double.pi * g.nextUnitDouble()
        let driftYaw = 0.3 * (2 * g.nextUnitDouble() - 1)
        let partialCount = 1 + Int(g.next() & 1)
        let partialHeight = 1.1 + 0.2 * g.nextUnitDouble()
        let frameYaw = 2 * Double.pi * g.nextUnitDouble()
        let frameShift = g.nextUnitVector(fallback: SIMD3(1, 0, 0)) * (50 * g.nextUnitDouble())
        let georefYaw = 2 * Double.pi * g.nextUnitDouble()

        let p = preset
        let has = { (q: RealismPreset) in p == q || (p == .all && q != .dense && q != .georef) }
        tiltDegrees = has(.tilt) ? tilt : 0
        tiltAxisAngle = has(.tilt) ? tiltAxis : 0
        strayFraction = has(.strays) ? 0.001 : 0
        strayMinimumRange = 60
        strayMaximumRange = 600
        driftStartFraction = has(.drift) ? driftStart : 0
        driftShift = has(.drift) ? SIMD3(_cos(driftDir), 0, _sin(driftDir)) * driftLength : .zero
        driftYawDegrees = has(.drift) ? driftYaw : 0
        partialWallsPerRoom = has(.partial) ? partialCount : 0
        self.partialHeight = has(.partial) ? partialHeight : 0
        resolutionScale = p == .dense ? 2 : 1
        stationSpacingScale = p == .dense ? 0.7 : 1
        self.frameYaw = has(.frame) ? frameYaw : 0
        self.frameShift = has(.frame) ? frameShift : .zero
        georeferenced = p == .georef
        self.georefYaw = p == .georef ? georefYaw : 0
        georefOffset = p == .georef ? 500_000 : 0
    }

    /// True when drift is applied.
    public var hasDrift: Bool { driftShift != .zero }

    /// The rigid map from the plan's world frame to the output clouds' frame: tilt, then the random frame,
    /// then (georeferenced) y-up to z-up, the yaw about z and the offset. Identity for ``RealismPreset/none``.
    public var outputTransform: RigidTransform {
        var t = RigidTransform.identity
        if tiltDegrees != 0 {
            t = RigidTransform(axis: SIMD3(_cos(tiltAxisAngle), 0, _sin(tiltAxisAngle)), angle: tiltDegrees * .pi / 180)
        }
        if frameYaw != 0 || frameShift != .zero {
            t = RigidTransform(axis: SIMD3(0, 1, 0), angle: frameYaw, translation: frameShift) * t
        }
        if georeferenced {
            let yUpToZUp = RigidTransform(column0: SIMD3(1, 0, 0), column1: SIMD3(0, 0, 1), column2: SIMD3(0, -1, 0),
                                          translation: .zero)
            let yaw = RigidTransform(axis: SIMD3(0, 0, 1), angle: georefYaw, translation: SIMD3(georefOffset, georefOffset, 0))
            t = yaw * yUpToZUp * t
        }
        return t
    }

    /// Which axis of the output frame points up: z when georeferenced, else y.
    public var upAxis: UpAxis { georeferenced ? .z : .y }

    /// The drift applied to frames from the first drifted one on, whose camera is at `pivot` (plan world
    /// frame): a turn by ``driftYawDegrees`` about the vertical through `pivot`, then ``driftShift``.
    public func driftTransform(pivot: SIMD3<Double>) -> RigidTransform {
        RigidTransform(translation: pivot + driftShift)
            * RigidTransform(axis: SIMD3(0, 1, 0), angle: driftYawDegrees * .pi / 180)
            * RigidTransform(translation: -pivot)
    }

    /// The options of a capture under this realism: `base` with the image ``resolutionScale`` times larger
    /// (intrinsics scaled alike) and the station spacing times ``stationSpacingScale``.
    public func scanOptions(_ base: ScanOptions) -> ScanOptions {
        guard resolutionScale != 1 || stationSpacingScale != 1 else { return base }
        var o = base
        let s = Double(resolutionScale)
        o.width = base.width * resolutionScale
        o.height = base.height * resolutionScale
        o.intrinsics = CameraIntrinsics(fx: base.intrinsics.fx * s, fy: base.intrinsics.fy * s,
                                        cx: base.intrinsics.cx * s, cy: base.intrinsics.cy * s)
        o.stationSpacing = max(0.05, base.stationSpacing * stationSpacingScale)
        return o
    }
}

extension SeededGenerator {
    /// A direction uniform on the unit sphere: three Gaussians, normalised (`fallback` if all are zero).
    mutating func nextUnitVector(fallback: SIMD3<Double>) -> SIMD3<Double> {
        let d = SIMD3(nextGaussian(), nextGaussian(), nextGaussian())
        let l = (d * d).sum().squareRoot()
        return l > 0 ? d / l : fallback
    }
}

/// A wall of a room that realism ``RealismPreset/partial`` shows only above a height.
public struct PartialWall: Sendable, Equatable, Hashable, Codable {
    /// The wall's plan id.
    public var wallID: String
    /// The room it was chosen for.
    public var roomID: String
    /// World elevation (plan frame y, metres) below which the wall returns nothing.
    public var minimumElevation: Double
    /// A partial-wall record.
    public init(wallID: String, roomID: String, minimumElevation: Double) {
        self.wallID = wallID
        self.roomID = roomID
        self.minimumElevation = minimumElevation
    }
}
