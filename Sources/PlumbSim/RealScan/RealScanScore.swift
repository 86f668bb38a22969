import Foundation

/// Why a real-scan evaluation could not run. Each case names the input at fault.
public enum RealScanEvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The model is empty, too large or has a non-finite element.
    case invalidModel(EvaluationError)
    /// A room's `plumblineOrigin` is not three finite numbers.
    case badModelOrigin(String)
    /// The truth does not validate.
    case invalidTruth(RealScanTruthError)
    /// The point cloud is invalid (non-finite origin or coordinates, mismatched arrays).
    case invalidCloud(String)
    /// An option is out of range (`detail` names it).
    case invalidOptions(String)

    /// A one-line human-readable description.
    public var description: String {
        switch self {
        case let .invalidModel(e): "invalid model: \(e)"
        case let .badModelOrigin(d): "the model's plumblineOrigin is unusable: \(d)"
        case let .invalidTruth(e): "\(e)"
        case let .invalidCloud(d): "invalid scan cloud: \(d)"
        case let .invalidOptions(d): "invalid evaluation option: \(d)"
        }
    }
}

/// The score of a reconstruction against a real scan's measured truth (``RealScanEvaluation``). All
/// positions are in the scan's frame (see ``RealScanFrame``), lengths in metres, areas in m²; signed
/// errors are model minus truth.
public struct RealScanScore: Sendable, Codable, Equatable {
    /// Floor polygon agreement.
    public struct Floor: Sendable, Codable, Equatable {
        /// Intersection over union of the model's and the truth's floor polygons (after clipping).
        public var iou: Double
        /// Area of their intersection.
        public var intersectionArea: Double
        /// Model floor area after clipping to the observed extent (equal to ``modelAreaUnclipped`` when
        /// nothing was clipped).
        public var modelArea: Double
        /// Model floor area before clipping.
        public var modelAreaUnclipped: Double
        /// Truth floor area (after clipping, which leaves a convex truth polygon unchanged).
        public var truthArea: Double
        /// `modelArea - truthArea`.
        public var areaError: Double
        /// Whether open sides of incomplete truth rooms clipped the polygons.
        public var clipped: Bool
        /// What was clipped and why (nil when nothing was).
        public var clipNote: String?
    }

    /// One model wall.
    public struct Wall: Sendable, Codable, Equatable {
        /// Index of the model room and of the wall in its `walls`.
        public var room: Int, index: Int
        /// Plan end points in the scan frame (chord ends for a curved wall).
        public var start: SIMD2<Double>, end: SIMD2<Double>
        /// Length along the wall (arc length when curved).
        public var length: Double
        /// Height (top minus bottom).
        public var height: Double
        /// Whether the wall is curved.
        public var isCurved: Bool
        /// Number of stations sampled along the wall and how many had scan points near the wall.
        public var samples: Int, supportedSamples: Int
        /// `supportedSamples / samples`; nil without a cloud.
        public var support: Double?
        /// Support below ``RealScanEvaluation/Options/inventedBelow`` (nil without a cloud).
        public var isInvented: Bool?
        /// The nearest parallel truth wall (plane or complete-room side) and the wall's signed distance from
        /// it (positive: outside the truth room), when one is within the matching distance.
        public var nearestTruthWall: String?
        /// See ``nearestTruthWall``.
        public var truthWallDistance: Double?
    }

    /// One truth wall: a measured plane or a side of a complete truth room.
    public struct TruthWall: Sendable, Codable, Equatable {
        /// Where the truth wall comes from.
        public enum Source: String, Sendable, Codable, Equatable {
            /// A measured wall plane (`walls` in the truth file).
            case plane
            /// A side of a complete room's polygon that no plane covers.
            case polygonSide
        }
        /// Display name.
        public var name: String
        /// Where it comes from.
        public var source: Source
        /// Index into ``RealScanScore/walls`` of the nearest parallel model wall; nil when missing.
        public var modelWall: Int?
        /// Signed distance of that model wall from the truth wall at the wall's mid height, averaged along
        /// the part beside the truth wall (positive: outside the truth room).
        public var distance: Double?
        /// Plan angle between the two, degrees.
        public var angleDegrees: Double?
        /// No parallel model wall within the matching distance.
        public var isMissing: Bool
    }

    /// Up axis of the scan frame.
    public var up: RealScanTruth.UpAxis
    /// The model origin that was applied (the first room's `plumblineOrigin`; zero when absent).
    public var modelOrigin: SIMD3<Double>
    /// Floor polygon agreement.
    public var floor: Floor
    /// Model floor height minus truth floor height under the model floor's centroid (area-weighted over
    /// rooms); nil when the model has no floor level.
    public var floorLevelError: Double?
    /// Model floor height (scan up coordinate), area-weighted over rooms.
    public var modelFloorLevel: Double?
    /// Angle between the scan's up axis and the truth's floor normal, degrees (0 without a floor plane).
    public var truthFloorTiltDegrees: Double
    /// Model ceiling height above its floor (median wall top), nil without walls.
    public var modelCeilingHeight: Double?
    /// Truth ceiling height.
    public var truthCeilingHeight: Double
    /// `modelCeilingHeight - truthCeilingHeight`.
    public var ceilingHeightError: Double?
    /// Every model wall.
    public var walls: [Wall]
    /// Every truth wall and its nearest model wall.
    public var truthWalls: [TruthWall]
    /// Model walls with support below the threshold (nil without a cloud).
    public var inventedWalls: Int?
    /// Smallest wall support (nil without a cloud or walls).
    public var minimumWallSupport: Double?
    /// Points of the cloud used (nil without a cloud).
    public var cloudPoints: Int?
    /// The options used.
    public var options: RealScanEvaluation.Options

    /// A short multi-line text rendering.
    public var text: String {
        func f(_ v: Double?, _ d: Int = 3, sign: Bool = false) -> String {
            guard let v else { return "-" }
            return String(format: sign ? "%+.\(d)f" : "%.\(d)f", v)
        }
        var lines: [String] = []
        lines.append("Real-scan score (scan frame, \(up.rawValue) up; model origin \(f(modelOrigin.x, 2)) \(f(modelOrigin.y, 2)) \(f(modelOrigin.z, 2)))")
        let pct = floor.truthArea > 0 ? 100 * floor.areaError / floor.truthArea : 0
        lines.append("floor    IoU \(f(floor.iou))  model \(f(floor.modelArea, 2)) m²  truth \(f(floor.truthArea, 2)) m²  area error \(f(floor.areaError, 2, sign: true)) m² (\(f(pct, 1, sign: true)) %)")
        if let n = floor.clipNote { lines.append("         clipped: \(n) (model area before clipping \(f(floor.modelAreaUnclipped, 2)) m²)") }
        lines.append("level    floor error \(f(floorLevelError, sign: true)) m (model floor \(f(modelFloorLevel)) m)  truth floor tilt \(f(truthFloorTiltDegrees, 1))°")
        lines.append("ceiling  model \(f(modelCeilingHeight)) m  truth \(f(truthCeilingHeight)) m  error \(f(ceilingHeightError, sign: true)) m")
        lines.append("walls    \(walls.count) model walls" + (inventedWalls.map { ", \($0) invented (support < \(Int(options.inventedBelow * 100)) %)" } ?? ", no cloud: support not measured"))
        for (k, w) in walls.enumerated() {
            let s = w.support.map { String(format: "%5.1f %%", 100 * $0) } ?? "    - "
            let t = w.nearestTruthWall.map { "\($0) \(f(w.truthWallDistance, sign: true)) m" } ?? "no parallel truth wall"
            lines.append(String(format: "  w%-3d room %d  (%7.2f, %7.2f) -> (%7.2f, %7.2f)  %6.2f m x %4.2f m%@  support %@%@  %@",
                                k, w.room, w.start.x, w.start.y, w.end.x, w.end.y, w.length, w.height, w.isCurved ? " arc" : "",
                                s, w.isInvented == true ? " INVENTED" : "", t))
        }
        if !truthWalls.isEmpty {
            lines.append("truth walls")
            for t in truthWalls {
                let m = t.modelWall.map { "w\($0)  distance \(f(t.distance, sign: true)) m  angle \(f(t.angleDegrees, 1))°" } ?? "MISSING"
                lines.append("  \(t.name) [\(t.source == .plane ? "plane" : "side")]: \(m)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
