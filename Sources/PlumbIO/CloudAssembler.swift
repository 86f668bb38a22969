import PlumbKernel

/// Collects decoded points into a ``PointCloud``: chooses the origin, converts coordinates to local
/// `Float` offsets, applies the non-finite policy and counts what was dropped.
///
/// Origin rule: when the file's coordinates are `float32` they are stored unchanged (they cannot be
/// more precise than `Float`), so the cloud origin is the file origin. Otherwise (double or integer
/// coordinates, text) the first finite point, rounded to whole metres, becomes the local origin if any
/// of its components is 1024 m or more from zero; local offsets are then computed in `Double` before
/// rounding to `Float`, keeping sub-millimetre precision at 1e6 m offsets.
struct CloudAssembler {
    let attributes: AttributePresence
    let coordinatesAreFloat32: Bool
    let organised: Bool
    let policy: PointCloudReadOptions.NonFinitePolicy
    private(set) var shift: SIMD3<Double> = .zero
    private(set) var shiftChosen = false
    var recordsSeen = 0
    var droppedNoReturn = 0
    var droppedNonFinite = 0
    var droppedWithheld = 0
    var droppedInvalidState = 0
    var x: [Float] = [], y: [Float] = [], z: [Float] = []
    var nx: [Float] = [], ny: [Float] = [], nz: [Float] = []
    var r: [UInt8] = [], g: [UInt8] = [], b: [UInt8] = []
    var intensity: [Float] = []
    var frameIndex: [UInt32] = []

    /// An assembler with storage reserved for `capacity` points. Callers bound `capacity` by the bytes
    /// actually present, never by a header count alone.
    init(capacity: Int, attributes: AttributePresence, coordinatesAreFloat32: Bool, organised: Bool,
         policy: PointCloudReadOptions.NonFinitePolicy) {
        self.attributes = attributes
        self.coordinatesAreFloat32 = coordinatesAreFloat32
        self.organised = organised
        self.policy = policy
        if coordinatesAreFloat32 { shiftChosen = true }
        x.reserveCapacity(capacity); y.reserveCapacity(capacity); z.reserveCapacity(capacity)
        if attributes.normals { nx.reserveCapacity(capacity); ny.reserveCapacity(capacity); nz.reserveCapacity(capacity) }
        if attributes.colors { r.reserveCapacity(capacity); g.reserveCapacity(capacity); b.reserveCapacity(capacity) }
        if attributes.intensity { intensity.reserveCapacity(capacity) }
        if attributes.frameIndex { frameIndex.reserveCapacity(capacity) }
    }

    /// Adds one record. Non-finite coordinates are dropped (organised clouds, or policy `drop`) or
    /// rejected with the record index and `location`.
    @inline(__always)
    mutating func add(_ p: PointRecord, location: @autoclosure () -> SourceLocation) throws(PointCloudFormatError) {
        let index = recordsSeen
        recordsSeen += 1
        guard p.x.isFinite, p.y.isFinite, p.z.isFinite else {
            if organised {
                droppedNoReturn += 1
                return
            }
            if policy == .drop {
                droppedNonFinite += 1
                return
            }
            throw .nonFiniteCoordinate(pointIndex: index, at: location())
        }
        if !shiftChosen { chooseShift(firstFinitePoint: SIMD3(p.x, p.y, p.z)) }
        let lx = Float(p.x - shift.x), ly = Float(p.y - shift.y), lz = Float(p.z - shift.z)
        guard lx.isFinite, ly.isFinite, lz.isFinite else {
            throw .valueOutOfRange(property: "coordinate", value: "(\(p.x), \(p.y), \(p.z))", at: location())
        }
        x.append(lx)
        y.append(ly)
        z.append(lz)
        if attributes.normals { nx.append(p.nx); ny.append(p.ny); nz.append(p.nz) }
        if attributes.colors { r.append(p.r); g.append(p.g); b.append(p.b) }
        if attributes.intensity { intensity.append(p.intensity) }
        if attributes.frameIndex { frameIndex.append(p.frameIndex) }
    }

    /// Counts a record the file itself marks as not a point (LAS withheld, E57 invalid state): it is read
    /// (``recordsSeen``) but not added.
    mutating func skipFlagged(_ reason: PointDropReason) {
        recordsSeen += 1
        if reason == .withheld { droppedWithheld += 1 } else { droppedInvalidState += 1 }
    }

    /// Fixes the local origin from the first finite point (see the type's documentation). No effect
    /// once chosen, or for `float32` coordinates.
    mutating func chooseShift(firstFinitePoint first: SIMD3<Double>) {
        guard !shiftChosen else { return }
        shiftChosen = true
        if abs(first.x) >= 1024 || abs(first.y) >= 1024 || abs(first.z) >= 1024 {
            shift = first.rounded(.toNearestOrEven)
        }
    }

    /// The finished cloud; `fileOrigin` is the offset the file stated (zero when none).
    func makeCloud(fileOrigin: SIMD3<Double>) -> PointCloud {
        var c = PointCloud(origin: fileOrigin + shift)
        c.x = x
        c.y = y
        c.z = z
        if attributes.normals { c.normals = NormalField(x: nx, y: ny, z: nz) }
        if attributes.colors { c.colors = ColorField(r: r, g: g, b: b) }
        if attributes.intensity { c.intensity = intensity }
        if attributes.frameIndex { c.frameIndex = frameIndex }
        return c
    }

    /// Fills the counting fields of `report`.
    func fill(_ report: inout PointCloudReadReport) {
        report.recordsRead = recordsSeen
        report.pointCount = x.count
        var drops: [PointDrop] = []
        if droppedNoReturn > 0 { drops.append(PointDrop(reason: .noReturnInOrganisedCloud, count: droppedNoReturn)) }
        if droppedNonFinite > 0 { drops.append(PointDrop(reason: .nonFiniteCoordinate, count: droppedNonFinite)) }
        if droppedWithheld > 0 { drops.append(PointDrop(reason: .withheld, count: droppedWithheld)) }
        if droppedInvalidState > 0 { drops.append(PointDrop(reason: .invalidState, count: droppedInvalidState)) }
        report.drops = drops
    }
}
