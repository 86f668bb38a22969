import PlumbKernel

/// A bounded-memory voxel map that fuses depth frames incrementally.
///
/// Every accepted depth pixel is unprojected into the world frame and falls into one cubic voxel of edge
/// ``voxelSize``; the voxel keeps the running mean of its points (as an offset from the voxel centre,
/// quantised to 1/65534 of the voxel: 0.3 µm at 2 cm), the number of points fused into it (saturating
/// at 65535) and the low 16 bits of the number of the last frame that touched it.
///
/// Storage: one open-addressing hash table (linear probing) of 16-byte slots, four per cache line, allocated
/// up front (``reserveCapacity(_:)``) and doubled only when it would pass half full. The slot of a voxel is
/// the hash of its 2 x 2 x 2 block followed by its position inside the block, so neighbouring pixels
/// often touch the same cache line. Fusion (``integrate(_:frameNumber:minimumConfidence:depthRange:)``)
/// touches only the voxels a frame hits: O(pixels) per frame, independent of the map's size.
///
/// Memory bound and eviction: after a frame, if the map holds more than ``capacity`` voxels, it drops
/// voxels until it holds 90 % of ``capacity``: first voxels seen by a single point (mostly noise and
/// outliers), least recently touched first, then the least recently touched of the rest. The table
/// never exceeds `2 × nextPowerOfTwo(capacity + pixels of one frame)` slots (16 bytes each).
///
/// Coordinates: world positions are `origin + local`; voxel indices are kept within ±32766 of the origin
/// (±655 m at 2 cm); farther points are not fused and are counted in `FrameFusionStatistics`.
package struct FusedVoxelMap: Sendable {
    /// Voxel edge, metres.
    public let voxelSize: Double
    /// Most voxels kept after any frame.
    public let capacity: Int
    /// World position of the map's local zero, metres. Settable only while the map is empty
    /// (``rebased(at:)``), so a table allocated ahead of the first frame can take that frame's origin.
    public private(set) var origin: SIMD3<Double>

    /// Low 48 bits of an empty slot's word (no voxel packs to it: coordinates stay below 65535).
    static let empty: UInt64 = 0xFFFF_FFFF_FFFF
    static let keyMask: UInt64 = 0xFFFF_FFFF_FFFF
    static let bias = 1 << 15
    static let limit = 32766
    static let quantum: Float = 65534

    /// One hash-table slot (16 bytes): voxel key (low 48 bits) and last frame (high 16 bits), points fused,
    /// quantised running-mean offset from the voxel centre.
    struct Slot: Sendable {
        var word: UInt64 = FusedVoxelMap.empty
        var count: UInt16 = 0
        var ox: Int16 = 0, oy: Int16 = 0, oz: Int16 = 0
        @inline(__always) var key: UInt64 { word & FusedVoxelMap.keyMask }
        @inline(__always) var lastSeen: UInt16 { UInt16(truncatingIfNeeded: word >> 48) }
    }

    var slots: [Slot]
    /// Number of occupied voxels.
    public internal(set) var count: Int = 0
    /// Voxels dropped by eviction since the map was made.
    public private(set) var evicted: Int = 0
    /// Latest frame number seen (for ages in eviction).
    var latestFrame: UInt16 = 0
    /// Cached pixel rays of the last frame's intrinsics.
    var rays = PixelRays()
    /// Per-row scratch of the fusion kernel.
    var scratch = FusionScratch()
    var histogram = DepthHistogram()
    /// Sink for the touch loads of the first pass (keeps them from being optimised away).
    var touchSink: UInt64 = 0

    /// An empty map.
    /// - Parameters:
    ///   - voxelSize: voxel edge, metres (positive).
    ///   - capacity: most voxels kept after a frame.
    ///   - origin: world position of the local zero; choose it near the scan (e.g. the first camera position).
    public init(voxelSize: Double, capacity: Int, origin: SIMD3<Double>) {
        self.voxelSize = voxelSize
        self.capacity = max(capacity, 1)
        self.origin = origin
        slots = Self.makeSlots(1 << 16)
    }

    /// This empty map with its local zero moved to `origin` (same table, nothing re-allocated), or `nil`
    /// when the map already holds voxels (their local coordinates would change meaning).
    public func rebased(at origin: SIMD3<Double>) -> FusedVoxelMap? {
        guard count == 0 else { return nil }
        var m = self
        m.origin = origin
        return m
    }

    /// Number of hash-table slots (memory is 16 bytes per slot).
    public var slotCount: Int { slots.count }

    /// Grows the table now, so that `voxels` voxels fit without a later growth (the table stays at most
    /// half full: `2 × nextPowerOfTwo(voxels)` slots of 16 bytes). Frames also need room for their own
    /// pixels, so reserve the expected map size plus one frame.
    /// - Complexity: O(slots) when the table grows, else O(1).
    public mutating func reserveCapacity(_ voxels: Int) {
        reserveForInsertions(max(0, voxels - count))
    }

    @inline(__always)
    static func pack(_ ix: Int, _ iy: Int, _ iz: Int) -> UInt64 {
        UInt64(ix &+ bias) << 32 | UInt64(iy &+ bias) << 16 | UInt64(iz &+ bias)
    }

    @inline(__always)
    static func unpack(_ k: UInt64) -> SIMD3<Int> {
        SIMD3(Int((k >> 32) & 0xFFFF) - bias, Int((k >> 16) & 0xFFFF) - bias, Int(k & 0xFFFF) - bias)
    }

    /// Home slot of a voxel from its biased coordinates (`index + bias`): the voxel's 2 x 2 x 2 block is
    /// hashed (32-bit multiply-xorshift), the position inside the block is the low 3 bits, so a block's
    /// eight voxels share two cache lines. ``FusionRowKernel/home(_:_:_:mask:)`` computes the same for eight
    /// voxels at once.
    @inline(__always)
    static func home(bx: UInt32, by: UInt32, bz: UInt32, mask: UInt32) -> UInt32 {
        var h = ((bx >> 1) &* 0x9E37_79B1) ^ ((by >> 1) &* 0x85EB_CA77) ^ ((bz >> 1) &* 0xC2B2_AE3D)
        h ^= h >> 15
        h &*= 0x2C1B_3C6D
        h ^= h >> 13
        return ((h << 3) | ((bx & 1) << 2) | ((by & 1) << 1) | (bz & 1)) & mask
    }

    /// Home slot of the voxel with key `k` in a table of `mask + 1` slots.
    @inline(__always)
    static func home(key k: UInt64, mask: Int) -> Int {
        Int(home(bx: UInt32(truncatingIfNeeded: k >> 32) & 0xFFFF, by: UInt32(truncatingIfNeeded: k >> 16) & 0xFFFF,
                 bz: UInt32(truncatingIfNeeded: k) & 0xFFFF, mask: UInt32(truncatingIfNeeded: mask)))
    }

    /// Folds `weight` points whose quantised offsets sum to `sum` into voxel `v` (running mean, rounded to
    /// the nearest quantum; count saturates at 65535) and stamps it with `frame`.
    @inline(__always)
    static func accumulate(_ v: inout Slot, sum: SIMD4<Float>, weight: UInt32, frame: UInt16) {
        let n = UInt32(v.count) + weight
        let m = SIMD4<Float>(Float(v.ox), Float(v.oy), Float(v.oz), 0)
        let r = m + (sum - m * Float(weight)) / Float(n)
        // Round to nearest (ties to even) and convert: |r| < 2^22, so the magic-number sum holds the integer.
        let s = unsafeBitCast(r + FusionRowKernel.magic, to: SIMD4<Int32>.self) &- FusionRowKernel.magicBits
        v.ox = Int16(truncatingIfNeeded: max(-32767, min(32767, s.x)))
        v.oy = Int16(truncatingIfNeeded: max(-32767, min(32767, s.y)))
        v.oz = Int16(truncatingIfNeeded: max(-32767, min(32767, s.z)))
        v.count = UInt16(min(n, 65535))
        v.word = v.word & keyMask | UInt64(frame) << 48
    }

    /// Fuses one already-averaged point (world frame) carrying `weight` depth points, e.g. a voxel of a
    /// finer map being folded into a coarser one. Points too far from the origin are ignored.
    /// Call ``finishInsertions()`` after a batch to apply the capacity bound.
    public mutating func insert(world p: SIMD3<Double>, weight: UInt32, frameNumber: UInt32) {
        guard weight > 0 else { return }
        reserveForInsertions(1)
        let q = (p - origin) / voxelSize
        let limit = Double(Self.limit)
        guard abs(q.x) < limit, abs(q.y) < limit, abs(q.z) < limit else { return }
        let f = q.rounded(.down)
        let ix = Int(f.x), iy = Int(f.y), iz = Int(f.z)
        let off = SIMD3<Float>((q - f - 0.5) * Double(Self.quantum))
        let key = Self.pack(ix, iy, iz), mask = slots.count - 1
        var slot = Self.home(key: key, mask: mask)
        while slots[slot].key != key {
            if slots[slot].key == Self.empty {
                slots[slot] = Slot(word: key)
                count += 1
                break
            }
            slot = (slot + 1) & mask
        }
        let f16 = UInt16(truncatingIfNeeded: frameNumber)
        let newer = slots[slot].count == 0 || Int16(bitPattern: f16 &- slots[slot].lastSeen) > 0
        Self.accumulate(&slots[slot], sum: SIMD4(off.x, off.y, off.z, 0) * Float(weight), weight: weight, frame: newer ? f16 : slots[slot].lastSeen)
        if Int16(bitPattern: f16 &- latestFrame) > 0 { latestFrame = f16 }
    }

    /// Applies the capacity bound after a batch of ``insert(world:weight:frameNumber:)``.
    public mutating func finishInsertions() {
        if count > capacity { evict(keeping: capacity * 9 / 10) }
    }

    /// Folds every voxel of `other` into this map (weights = their counts).
    public mutating func fold(_ other: FusedVoxelMap, transform: RigidTransform = .identity) {
        other.forEachVoxelWithAge { p, n, age in insert(world: transform.apply(other.origin + SIMD3<Double>(p)), weight: n, frameNumber: age) }
        finishInsertions()
    }

    /// Folds a cloud of voxel means (world frame; weights in `intensity`, 1 when absent).
    public mutating func fold(points c: PointCloud) {
        for i in 0..<c.count {
            let w = c.intensity.map { UInt32(max(1, min($0[i], 4e9))) } ?? 1
            insert(world: c.worldPoint(i), weight: w, frameNumber: 0)
        }
        finishInsertions()
    }

    /// Like ``forEachVoxel(minimumCount:divisor:_:)`` for all voxels, also passing the last frame number.
    func forEachVoxelWithAge(_ body: (SIMD3<Float>, UInt32, UInt32) -> Void) {
        for e in slots where e.key != Self.empty { body(mean(e), UInt32(e.count), UInt32(e.lastSeen)) }
    }

    /// Local mean position of the voxel in slot `e`.
    @inline(__always)
    func mean(_ e: Slot) -> SIMD3<Float> {
        let v = Self.unpack(e.key)
        let o = SIMD3<Float>(Float(e.ox), Float(e.oy), Float(e.oz)) / Self.quantum
        return (SIMD3<Float>(Float(v.x), Float(v.y), Float(v.z)) + 0.5 + o) * Float(voxelSize)
    }

    /// Grows the table so that `n` more insertions keep it at most half full.
    mutating func reserveForInsertions(_ n: Int) {
        var n2 = slots.count
        while (count + n) * 2 > n2 { n2 *= 2 }
        if n2 != slots.count { rehash(slots: n2) }
    }

    /// Re-inserts every occupied voxel into a table of `slots` slots (a power of two), in slot order.
    mutating func rehash(slots n2: Int, keep: ((Int) -> Bool)? = nil) {
        let old = slots
        slots = Self.makeSlots(n2)
        let mask = n2 - 1
        var n = 0
        for i in 0..<old.count where old[i].key != Self.empty && (keep?(i) ?? true) {
            var s = Self.home(key: old[i].key, mask: mask)
            while slots[s].word & Self.keyMask != Self.empty { s = (s + 1) & mask }
            slots[s] = old[i]
            n += 1
        }
        count = n
    }

    /// Drops voxels until `target` remain: single-point voxels first (least recently touched first),
    /// then the least recently touched of the rest. Deterministic.
    mutating func evict(keeping target: Int) {
        guard count > target else { return }
        // Priority: (seen more than once, recency); evict the lowest priorities. Recency is 65535 minus
        // the age in frames (16-bit frame numbers, so ages wrap after 65536 frames).
        let now = latestFrame
        func priority(_ e: Slot) -> UInt32 {
            (e.count > 1 ? 1 << 16 : 0) | UInt32(65535 - (now &- e.lastSeen))
        }
        var histogram = [Int](repeating: 0, count: 1 << 17)
        for e in slots where e.key != Self.empty { histogram[Int(priority(e))] += 1 }
        let drop = count - target
        var cut = 0, below = 0
        while below + histogram[cut] < drop { below += histogram[cut]; cut += 1 }
        // Everything below the cut goes; at the cut, the first `drop - below` in slot order.
        var atCut = drop - below
        var remove = [Bool](repeating: false, count: slots.count)
        for i in 0..<slots.count where slots[i].key != Self.empty {
            let p = Int(priority(slots[i]))
            if p < cut { remove[i] = true } else if p == cut && atCut > 0 { remove[i] = true; atCut -= 1 }
        }
        let before = count
        rehash(slots: slots.count, keep: { !remove[$0] })
        evicted += before - count
    }

    /// Visits every voxel with at least `minimumCount` points whose sampling hash is divisible by
    /// `divisor` (1 = all), in ascending voxel order (x, then y, then z: independent of the table layout):
    /// `body(localMean, count)` with the mean in local coordinates.
    /// - Complexity: O(slots + v log v) for v visited voxels.
    public func forEachVoxel(minimumCount: UInt32 = 1, divisor: Int = 1, _ body: (SIMD3<Float>, UInt32) -> Void) {
        let d = UInt64(max(divisor, 1))
        var order: [(UInt64, Int32)] = []
        order.reserveCapacity(divisor > 1 ? count / divisor + 16 : count)
        for (i, e) in slots.enumerated() {
            let k = e.key
            guard k != Self.empty, UInt32(e.count) >= minimumCount else { continue }
            if d > 1 {
                var z = k &* 0xBF58_476D_1CE4_E5B9
                z ^= z >> 31
                guard z % d == 0 else { continue }
            }
            order.append((k, Int32(i)))
        }
        order.sort { $0.0 < $1.0 }
        for (_, i) in order { body(mean(slots[Int(i)]), UInt32(slots[Int(i)].count)) }
    }

    /// The voxel means as a point cloud (origin = the map origin; `intensity` = points per voxel).
    /// - Complexity: O(slots).
    public func pointCloud(minimumCount: UInt32 = 1, divisor: Int = 1) -> PointCloud {
        var cloud = PointCloud(origin: origin)
        cloud.reserveCapacity(divisor > 1 ? count / divisor + 16 : count)
        var weights: [Float] = []
        weights.reserveCapacity(divisor > 1 ? count / divisor + 16 : count)
        forEachVoxel(minimumCount: minimumCount, divisor: divisor) { p, n in
            cloud.append(local: p)
            weights.append(Float(n))
        }
        cloud.intensity = weights
        return cloud
    }
}
