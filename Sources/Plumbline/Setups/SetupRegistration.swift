import Foundation
import PlumbKernel

/// Registers one setup (one scanner position's cloud) of a room onto another setup of the same room when
/// the two are in unrelated coordinate frames, like two terrestrial-scanner stations saved without poses.
///
/// Both clouds must be gravity-aligned and y up (``SetupFusion`` rotates them). The method is the
/// ``Relocalizer``'s, with an ambiguity test added:
/// 1. Both clouds are decimated to ``Options/cellSize`` voxels; the reference becomes a ``WorldMap``
///    (points with normals and its large planes), the setup's planes are found the same way.
/// 2. Coarse poses (a heading and a translation): every pair of non-parallel setup walls matched to a pair
///    of reference walls, the height from matched floors and ceilings, scored by the area of setup planes
///    landing on reference planes (`Relocalizer.hypotheses(scanPlanes:mapPlanes:)`).
/// 3. Of the 32 best distinct coarse poses (3° or 15 cm apart), the best ``Options/candidates`` (by the share of setup points within 10 cm of the reference)
///    are refined by point-to-plane ICP (`PointToPlaneICP`, all six degrees of freedom, `Double`, about
///    the moved setup's centroid). The refined pose leaving the largest share of the setup on the
///    reference wins; it is polished with more points at shorter pairing distances.
/// 4. It is refused when the overlap is below ``Options/minimumOverlap`` (different rooms, too little
///    overlap), when another, different refined pose (more than 2° or 10 cm away) does almost as well
///    (within ``Options/ambiguityMargin``: a symmetric room seen from two places) or when the residual is
///    above ``Options/maximumRMS``, checked in that order. The overlap is symmetric: the smaller of the share of the setup's points on
///    the reference's surfaces and the share of the reference's points on the setup's (paired within
///    10 cm, within 3 cm along the surface normal), so a small room placed inside a large one, whose
///    floor lands on the large one's floor, still overlaps poorly.
public enum SetupRegistration {
    /// Settings of a registration.
    public struct Options: Sendable, Equatable {
        /// Decimation voxel of both clouds, metres (default 5 cm).
        public var cellSize = 0.05
        /// Setup points within this distance of the reference after ICP are inliers, metres (default 4 cm).
        public var inlierDistance = 0.04
        /// Smallest symmetric overlap (type documentation, step 4) of an accepted pose (default 0.5).
        public var minimumOverlap = 0.5
        /// A different pose whose inlier share is within this of the best makes the registration
        /// ambiguous (default 0.05).
        public var ambiguityMargin = 0.05
        /// Largest RMS point-to-plane residual of the inliers, metres (default 2 cm).
        public var maximumRMS = 0.02
        /// Coarse poses refined by ICP (default 8).
        public var candidates = 8

        /// The defaults.
        public init() {}
    }

    /// A registration that passed every check.
    public struct Result: Sendable, Equatable {
        /// Maps the setup's (y-up) coordinates into the reference's (y-up) coordinates.
        public var transform: RigidTransform
        /// Share of the setup's decimated points within ``Options/inlierDistance`` of the reference.
        public var inlierFraction: Double
        /// RMS point-to-plane residual of those inliers, metres.
        public var rms: Double
        /// Share of the setup's points on the reference's surfaces once placed.
        public var setupOnReference: Double
        /// Share of the reference's points on the setup's surfaces once placed.
        public var referenceOnSetup: Double
        /// Inlier share of the best different pose (nil when every refined pose converged to the same one).
        public var runnerUpInlierFraction: Double?
        /// Coarse poses generated.
        public var hypotheses: Int
    }

    /// A reference setup prepared once for registering several setups onto it.
    public struct Reference: Sendable {
        /// The decimated reference with its planes.
        let map: WorldMap
        /// ICP onto the decimated reference.
        let icp: PointToPlaneICP
        /// The options it was prepared with.
        let options: Options
        /// Seed of plane segmentation and subsampling.
        let seed: UInt64
        /// At most 16 000 of the decimated reference's points.
        let sample: [SIMD3<Double>]

        /// Decimates `cloud` (y up) and finds its normals and planes.
        /// - Throws: ``SetupRegistrationError/tooFewPoints(points:required:)`` or
        ///   ``SetupRegistrationError/invalidCloud(_:)``.
        public init(cloud: PointCloud, options: Options = .init(), seed: UInt64 = 0) throws(SetupRegistrationError) {
            let d = SetupRegistration.decimated(cloud, cellSize: options.cellSize)
            guard d.count >= WorldMap.minimumPoints else { throw .tooFewPoints(points: d.count, required: WorldMap.minimumPoints) }
            do {
                map = try WorldMap(cloud: d, cellSize: options.cellSize, seed: seed)
                icp = try PointToPlaneICP(target: map.pointCloud())
            } catch {
                throw .invalidCloud("\(error)")
            }
            self.options = options
            self.seed = seed
            sample = Relocalizer.subsample(d, max: 16000, seed: seed)
        }

        /// Share of `cloud`'s decimated points (moved by `transform`) on the reference's surfaces (within 10 cm
        /// of a reference point and 3 cm along its normal): how much of it the reference saw too.
        public func overlap(of cloud: PointCloud, transform: RigidTransform = .identity) -> Double {
            let d = SetupRegistration.decimated(cloud, cellSize: options.cellSize)
            return icp.surfaceInlierFraction(Relocalizer.subsample(d, max: 16000, seed: seed), transform, pairing: 0.1, residual: 0.03)
        }
    }

    /// Registers `setup` (y up) onto `reference` (y up).
    /// - Throws: ``SetupRegistrationError`` saying what was missing, what competed or how poor the best
    ///   pose was.
    /// - Complexity: O(hypotheses × planes² + candidates × ICP iterations × 4 000 × log reference points).
    public static func register(_ setup: PointCloud, onto reference: PointCloud, options: Options = .init(),
                                seed: UInt64 = 0) throws(SetupRegistrationError) -> Result {
        try register(setup, onto: Reference(cloud: reference, options: options, seed: seed))
    }

    /// Registers `setup` (y up) onto a prepared reference.
    /// - Throws: ``SetupRegistrationError``.
    public static func register(_ setup: PointCloud, onto ref: Reference) throws(SetupRegistrationError) -> Result {
        let options = ref.options
        let src = decimated(setup, cellSize: options.cellSize)
        guard src.count >= Relocalizer.minimumScanPoints else {
            throw .tooFewPoints(points: src.count, required: Relocalizer.minimumScanPoints)
        }
        let setupMap: WorldMap
        let back: PointToPlaneICP
        do {
            setupMap = try WorldMap(cloud: src, cellSize: options.cellSize, seed: ref.seed)
            back = try PointToPlaneICP(target: setupMap.pointCloud())
        } catch {
            throw .invalidCloud("\(error)")
        }
        let hyps: [(score: Double, t: RigidTransform)]
        do { hyps = try Relocalizer.hypotheses(scanPlanes: setupMap.planes, mapPlanes: ref.map.planes) } catch {
            if case let .tooFewPlanes(s, m) = error { throw .tooFewWalls(setup: s, reference: m) }
            throw .noConsistentHypothesis
        }
        let sample = Relocalizer.subsample(src, max: 4000, seed: ref.seed)
        var centre = SIMD3<Double>.zero
        for p in sample { centre += p }
        centre /= Double(max(1, sample.count))
        // The 32 best distinct coarse poses by plane score (near-copies of one pose, a degree or a few
        // centimetres apart, would otherwise crowd out the other placements of a symmetric room).
        var distinct: [(score: Double, t: RigidTransform)] = []
        for h in hyps where !distinct.contains(where: { !differ($0.t, h.t, at: centre, turn: 3, shift: 0.15) }) {
            distinct.append(h)
            if distinct.count >= 32 { break }
        }
        // Coarse poses ranked by point support (ties: plane score order).
        var ranked = distinct.enumerated().map { (k, h) in (ref.icp.inlierFraction(sample, h.t, distance: 0.1), k, h.t) }
        ranked.sort { $0.0 != $1.0 ? $0.0 > $1.0 : $0.1 < $1.1 }
        let aligned = ranked.prefix(max(1, options.candidates)).map {
            ref.icp.align(source: sample, initial: $0.2, inlierDistance: options.inlierDistance)
        }
        let order = aligned.indices.sorted {
            aligned[$0].inlierFraction != aligned[$1].inlierFraction ? aligned[$0].inlierFraction > aligned[$1].inlierFraction : $0 < $1
        }
        guard let first = order.first else { throw .noConsistentHypothesis }
        let best = aligned[first]
        let rival = order.dropFirst().map { aligned[$0] }.first { differ($0.transform, best.transform, at: centre) }
        // Polish with more points at shorter pairing distances.
        let all = Relocalizer.subsample(src, max: 16000, seed: ref.seed)
        let polished = ref.icp.align(source: all, initial: best.transform, startDistance: 0.1, endDistance: 0.03,
                                     inlierDistance: options.inlierDistance)
        let t = polished.transform
        let forward = ref.icp.surfaceInlierFraction(all, t, pairing: 0.1, residual: 0.03)
        let reverse = back.surfaceInlierFraction(ref.sample, t.inverse, pairing: 0.1, residual: 0.03)
        guard min(forward, reverse) >= options.minimumOverlap else {
            throw .poorOverlap(setupOnReference: forward, referenceOnSetup: reverse, required: options.minimumOverlap)
        }
        // Checked after the overlap, so that clouds of different rooms (where every pose fits poorly, and about
        // as poorly) are reported as not overlapping rather than as ambiguous.
        if let rival, rival.inlierFraction > best.inlierFraction - options.ambiguityMargin {
            let (turn, shift) = difference(rival.transform, best.transform, at: centre)
            throw .ambiguous(inlierFraction: best.inlierFraction, runnerUp: rival.inlierFraction, turnDegrees: turn, shift: shift)
        }
        guard polished.rms <= options.maximumRMS else { throw .poorResidual(rms: polished.rms, limit: options.maximumRMS) }
        return Result(transform: t, inlierFraction: polished.inlierFraction, rms: polished.rms, setupOnReference: forward,
                      referenceOnSetup: reverse, runnerUpInlierFraction: rival?.inlierFraction, hypotheses: hyps.count)
    }

    /// `cloud` decimated to `cellSize` voxel means (positions only), in its own frame.
    /// - Complexity: O(points).
    static func decimated(_ cloud: PointCloud, cellSize: Double) -> PointCloud {
        var bare = PointCloud(origin: cloud.origin)
        bare.x = cloud.x
        bare.y = cloud.y
        bare.z = cloud.z
        var m = FusedVoxelMap(voxelSize: cellSize, capacity: 4_000_000, origin: cloud.origin)
        m.fold(points: bare)
        var out = m.pointCloud()
        out.intensity = nil
        return out
    }

    /// Rotation angle (degrees) between two poses and the distance between where they put `p`, metres.
    package static func difference(_ a: RigidTransform, _ b: RigidTransform, at p: SIMD3<Double>) -> (Double, Double) {
        let r = a.inverse * b
        let trace = r.column0.x + r.column1.y + r.column2.z
        let angle = acos(max(-1, min(1, (trace - 1) / 2))) * 180 / .pi
        return (angle, length(a.apply(p) - b.apply(p)))
    }

    /// Whether two poses are different placements: more than `turn` degrees or `shift` metres apart at `p`.
    static func differ(_ a: RigidTransform, _ b: RigidTransform, at p: SIMD3<Double>, turn: Double = 2, shift: Double = 0.1) -> Bool {
        let (t, s) = difference(a, b, at: p)
        return t > turn || s > shift
    }
}

/// Why one setup could not be registered onto another (``SetupRegistration``).
public enum SetupRegistrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A setup has too few points once decimated (`points`, at least `required`).
    case tooFewPoints(points: Int, required: Int)
    /// Too few large walls (at least 2 non-parallel in each) to fix the heading and the position.
    case tooFewWalls(setup: Int, reference: Int)
    /// No coarse pose put the setup's walls and floor onto the reference's.
    case noConsistentHypothesis
    /// Two different poses fit about equally well (inlier shares, the rotation in degrees and the shift in
    /// metres between them).
    case ambiguous(inlierFraction: Double, runnerUp: Double, turnDegrees: Double, shift: Double)
    /// The best pose overlaps too little: shares of the setup on the reference's surfaces and of the
    /// reference on the setup's; the smaller must reach `required`.
    case poorOverlap(setupOnReference: Double, referenceOnSetup: Double, required: Double)
    /// The best pose's residual is too large, metres.
    case poorResidual(rms: Double, limit: Double)
    /// A cloud cannot be decimated, indexed or segmented (the underlying message).
    case invalidCloud(String)

    /// A one-line description.
    public var description: String {
        func pct(_ f: Double) -> String { "\(Int((f * 100).rounded())) %" }
        switch self {
        case let .tooFewPoints(p, r): return "a setup has only \(p) points at 5 cm spacing, at least \(r) are needed"
        case let .tooFewWalls(s, r): return "too few walls to register: \(s) in the setup, \(r) in the reference (2 non-parallel needed in each)"
        case .noConsistentHypothesis: return "no pose puts the setup's walls and floor onto the reference's"
        case let .ambiguous(f, r, t, s):
            return "ambiguous: two poses \(String(format: "%.0f", t))° and \(String(format: "%.2f", s)) m apart fit about equally well "
                + "(\(pct(f)) and \(pct(r)) of the setup on the reference)"
        case let .poorOverlap(f, b, r):
            return "the best pose overlaps too little: \(pct(f)) of the setup lies on the reference's surfaces and \(pct(b)) "
                + "of the reference on the setup's (need \(pct(r)) both ways)"
        case let .poorResidual(rms, l):
            return "the best pose's residual is \(String(format: "%.1f", rms * 1000)) mm (at most \(String(format: "%.0f", l * 1000)) mm)"
        case let .invalidCloud(m): return "unusable cloud: \(m)"
        }
    }
}
