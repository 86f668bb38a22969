import PlumbKernel

/// Fuses several setups (scanner positions) of one room, or of one space, into one cloud in the first
/// setup's frame, ready for ``RoomBuilder`` (or ``RoomSegmentation`` when it spans several rooms).
///
/// - **Registered setups** (``Options/register`` false): the clouds are already in one frame (E57 poses
///   applied by the reader, PCD `VIEWPOINT`s or sensor comments in one frame, or clouds exported from a
///   registration tool); they are concatenated as they are. How much of each setup lies within 10 cm of the
///   first (``Result/overlaps``) tells whether that was true.
/// - **Unregistered setups** (``Options/register`` true): each cloud is in its own frame. Every setup is
///   registered onto the first (``SetupRegistration``: coarse heading and translation from matched walls,
///   floor and ceiling, then point-to-plane ICP) and moved into its frame; a setup that cannot be
///   registered, or only ambiguously, is refused with ``SetupFusionError/notRegistered(setup:reference:reason:)``.
///
/// The fused cloud keeps the first setup's origin. Sensor positions and frame indices are kept (moved with
/// their setup, frame indices renumbered setup after setup) when every setup has them, and dropped
/// otherwise; colours, intensities and normals likewise only when every setup has them.
public enum SetupFusion {
    /// One setup: its cloud and a name for messages (the file).
    public struct Setup: Sendable {
        /// Name used in errors and reports, e.g. the file path.
        public var name: String
        /// The setup's points, in its own frame (or the common frame when registered).
        public var cloud: PointCloud

        /// A setup from its parts.
        public init(name: String, cloud: PointCloud) {
            self.name = name
            self.cloud = cloud
        }
    }

    /// Settings of a fusion.
    public struct Options: Sendable, Equatable {
        /// Register every setup onto the first (each cloud is in its own frame); false: the clouds already
        /// share one frame.
        public var register = false
        /// Up axis of every setup (`.automatic`: detected on the first setup, as ``RoomSegmentation`` does).
        public var upAxis: UpAxis = .automatic
        /// Registration settings.
        public var registration = SetupRegistration.Options()
        /// Seed of plane segmentation and subsampling.
        public var seed: UInt64 = 0

        /// The defaults.
        public init() {}
    }

    /// The fused setups.
    public struct Result: Sendable {
        /// All setups' points in the first setup's frame.
        public var cloud: PointCloud
        /// The up axis used (resolved when ``Options/upAxis`` was `.automatic`).
        public var upAxis: UpAxis
        /// Per setup: maps its input coordinates into the first setup's input coordinates (identity for the
        /// first, and for every setup when not registering).
        public var transforms: [RigidTransform]
        /// Per setup: its registration (nil for the first setup and when not registering).
        public var registrations: [SetupRegistration.Result?]
        /// Per setup: share of its decimated points within 10 cm of the first setup once placed (1 for the first).
        public var overlaps: [Double]
        /// Whether the fused cloud keeps sensor positions (every setup had them).
        public var keepsSensors: Bool
    }

    /// Fuses `setups` (at least 2).
    /// - Throws: ``SetupFusionError``: too few setups, an unusable setup, or a setup that cannot be
    ///   registered onto the first (naming both).
    /// - Complexity: O(total points) plus one ``SetupRegistration`` per further setup when registering.
    public static func fuse(_ setups: [Setup], options: Options = .init()) throws(SetupFusionError) -> Result {
        guard setups.count >= 2 else { throw .tooFewSetups(setups.count) }
        for s in setups {
            do { try s.cloud.validate() } catch { throw .invalidSetup(name: s.name, reason: "\(error)") }
        }
        var up = options.upAxis
        if up == .automatic {
            var o = RoomSegmentation.Options()
            o.upAxis = .automatic
            do { up = try RoomSegmentation(options: o).upAxis(of: setups[0].cloud) } catch {
                throw .invalidSetup(name: setups[0].name, reason: "\(error)")
            }
        }
        let u = upRotation(up)
        let reference: SetupRegistration.Reference
        do {
            reference = try SetupRegistration.Reference(cloud: RoomBuilder.rotated(setups[0].cloud, up),
                                                        options: options.registration, seed: options.seed)
        } catch {
            throw .notRegistered(setup: setups[1].name, reference: setups[0].name, reason: error)
        }
        var transforms = [RigidTransform.identity]
        var registrations: [SetupRegistration.Result?] = [nil]
        var overlaps = [1.0]
        for s in setups.dropFirst() {
            let local = RoomBuilder.rotated(s.cloud, up)
            if options.register {
                let r: SetupRegistration.Result
                do { r = try SetupRegistration.register(local, onto: reference) } catch {
                    throw .notRegistered(setup: s.name, reference: setups[0].name, reason: error)
                }
                registrations.append(r)
                transforms.append(u.inverse * r.transform * u)
                overlaps.append(reference.overlap(of: local, transform: r.transform))
            } else {
                registrations.append(nil)
                transforms.append(.identity)
                overlaps.append(reference.overlap(of: local))
            }
        }
        let (cloud, sensors) = combine(setups.map(\.cloud), transforms: transforms)
        return Result(cloud: cloud, upAxis: up, transforms: transforms, registrations: registrations,
                      overlaps: overlaps, keepsSensors: sensors)
    }

    /// The rotation taking input coordinates to y up (``UpAxis/toYUp(_:)`` as a transform).
    static func upRotation(_ up: UpAxis) -> RigidTransform {
        RigidTransform(column0: up.toYUp(SIMD3(1, 0, 0)), column1: up.toYUp(SIMD3(0, 1, 0)),
                       column2: up.toYUp(SIMD3(0, 0, 1)), translation: .zero)
    }

    /// `clouds` moved by `transforms` into one cloud about the first cloud's origin, and whether the sensor
    /// positions were kept (type documentation).
    /// - Complexity: O(total points).
    static func combine(_ clouds: [PointCloud], transforms: [RigidTransform]) -> (PointCloud, Bool) {
        let origin = clouds[0].origin
        var out = PointCloud(origin: origin)
        let total = clouds.reduce(0) { $0 + $1.count }
        out.reserveCapacity(total)
        let withColors = clouds.allSatisfy { $0.colors != nil }
        let withIntensity = clouds.allSatisfy { $0.intensity != nil }
        let withNormals = clouds.allSatisfy { $0.normals != nil }
        let withSensors = clouds.allSatisfy { $0.sensorOrigins != nil && $0.frameIndex != nil }
        var colors = ColorField(r: [], g: [], b: [])
        var intensity: [Float] = []
        var normals = NormalField(x: [], y: [], z: [])
        var frames: [UInt32] = []
        var sensors: [SIMD3<Double>] = []
        for (c, t) in zip(clouds, transforms) {
            let identity = t == .identity && c.origin == origin
            for i in 0..<c.count {
                if identity {
                    out.append(local: c.localPoint(i))
                } else {
                    out.append(local: SIMD3<Float>(t.apply(c.worldPoint(i)) - origin))
                }
            }
            if withColors, let k = c.colors {
                colors.r += k.r
                colors.g += k.g
                colors.b += k.b
            }
            if withIntensity, let v = c.intensity { intensity += v }
            if withNormals, let n = c.normals {
                if t == .identity {
                    normals.x += n.x
                    normals.y += n.y
                    normals.z += n.z
                } else {
                    for i in 0..<c.count {
                        let v = SIMD3<Float>(t.applyToDirection(SIMD3(Double(n.x[i]), Double(n.y[i]), Double(n.z[i]))))
                        normals.x.append(v.x)
                        normals.y.append(v.y)
                        normals.z.append(v.z)
                    }
                }
            }
            if withSensors, let f = c.frameIndex, let s = c.sensorOrigins {
                let base = UInt32(sensors.count)
                frames += f.map { $0 + base }
                sensors += s.map { t.apply($0) }
            }
        }
        if withColors { out.colors = colors }
        if withIntensity { out.intensity = intensity }
        if withNormals { out.normals = normals }
        if withSensors {
            out.frameIndex = frames
            out.sensorOrigins = sensors
        }
        return (out, withSensors)
    }
}

/// Why setups could not be fused (``SetupFusion``).
public enum SetupFusionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer than two setups were given.
    case tooFewSetups(Int)
    /// A setup's cloud is unusable (its name and why).
    case invalidSetup(name: String, reason: String)
    /// `setup` could not be registered onto `reference` (the first setup).
    case notRegistered(setup: String, reference: String, reason: SetupRegistrationError)

    /// A one-line description with what to try.
    public var description: String {
        switch self {
        case let .tooFewSetups(n): "fusing setups needs at least 2 clouds, got \(n)"
        case let .invalidSetup(name, reason): "\(name): \(reason)"
        case let .notRegistered(s, r, reason):
            "cannot register \(s) onto \(r): \(reason). Give the setups' poses instead (clouds in one frame: "
                + "E57 poses, PCD VIEWPOINT or plumbline_sensor comments; fused without registration), "
                + "or scan with more overlap between the setups (both should see most of the same walls)."
        }
    }
}
