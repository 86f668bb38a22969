import PlumbKernel

/// Why points present in a file are missing from the cloud that was read.
public enum PointDropReason: String, Sendable, Equatable, Hashable, Codable {
    /// NaN/Inf cell of an organised (`HEIGHT > 1`) PCD grid: the sensor had no return there.
    case noReturnInOrganisedCloud
    /// NaN/Inf coordinate in an unorganised cloud, dropped because
    /// ``PointCloudReadOptions/nonFiniteCoordinates`` is ``PointCloudReadOptions/NonFinitePolicy/drop``.
    case nonFiniteCoordinate
    /// LAS point with the "withheld" classification flag (marked deleted by the producer).
    case withheld
    /// E57 point whose `cartesianInvalidState` / `sphericalInvalidState` is not 0 (no measured position:
    /// direction only, or no return).
    case invalidState
}

/// How many points were dropped for one reason.
public struct PointDrop: Sendable, Equatable, Hashable, Codable {
    /// Why they were dropped.
    public var reason: PointDropReason
    /// How many points.
    public var count: Int
    /// A drop record.
    public init(reason: PointDropReason, count: Int) {
        self.reason = reason
        self.count = count
    }
}

/// What a reader found in a file, beside the points themselves.
public struct PointCloudReadReport: Sendable, Equatable, Codable {
    /// The format that was parsed.
    public var format: PointCloudFormat
    /// The encoding of the point records.
    public var encoding: PointCloudEncoding
    /// Point count stated by the header (PLY vertex count, PCD `POINTS`, LAS point count, E57 sum of the
    /// scans' `recordCount`); `nil` for XYZ, which has none.
    public var declaredPointCount: Int?
    /// Point records decoded from the file (equals the declared count when the file is consistent).
    public var recordsRead: Int
    /// Points in the returned cloud: `recordsRead - droppedCount`.
    public var pointCount: Int
    /// Dropped points by reason (empty when nothing was dropped).
    public var drops: [PointDrop]
    /// Grid width and height for an organised PCD cloud (`HEIGHT > 1`), else `nil`.
    public var gridWidth: Int?
    /// Grid height for an organised PCD cloud, else `nil`.
    public var gridHeight: Int?
    /// Names of per-point properties/fields/columns present but not carried into the cloud.
    public var skippedProperties: [String]
    /// Names of non-point PLY elements (faces, edges …) or E57 sections (`images2D`) that were skipped.
    public var skippedElements: [String]
    /// Bytes after the last declared binary record that were not read (0 for text formats).
    public var trailingByteCount: Int
    /// PCD `VIEWPOINT` (tx ty tz qw qx qy qz) when the header has one; the points are not transformed by it.
    public var viewpoint: [Double]?
    /// True when the file carried a `plumbline_origin` comment that was added to the coordinates.
    public var originFromFile: Bool
    /// Number of sensor positions attached to the cloud (`plumbline_sensor` comments, 1 for a PCD
    /// `VIEWPOINT` other than PCL's default, one per E57 scan); 0 when none were read or they were ignored.
    public var sensorCount: Int

    /// Total number of dropped points over all reasons.
    public var droppedCount: Int { drops.reduce(0) { $0 + $1.count } }

    /// A report with the given basics and nothing skipped or dropped.
    public init(format: PointCloudFormat, encoding: PointCloudEncoding, declaredPointCount: Int?) {
        self.format = format
        self.encoding = encoding
        self.declaredPointCount = declaredPointCount
        self.recordsRead = 0
        self.pointCount = 0
        self.drops = []
        self.skippedProperties = []
        self.skippedElements = []
        self.trailingByteCount = 0
        self.originFromFile = false
        self.sensorCount = 0
    }
}

/// A cloud read from a file together with the report describing what was read.
public struct PointCloudReadResult: Sendable, Equatable, Codable {
    /// The points, in local `Float` coordinates about `PointCloud.origin` (chosen near the data).
    public var cloud: PointCloud
    /// What the reader found.
    public var report: PointCloudReadReport
    /// Bundles a cloud and its report.
    public init(cloud: PointCloud, report: PointCloudReadReport) {
        self.cloud = cloud
        self.report = report
    }
}
