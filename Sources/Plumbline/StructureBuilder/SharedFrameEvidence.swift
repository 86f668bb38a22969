import Foundation
import PlumbKernel

/// Decides whether two rooms whose floors overlap were captured in one coordinate frame (a room open to
/// its neighbour, whose capture takes in part of the neighbour's floor) or not (a misplaced room).
///
/// The evidence is the walls both captures saw: in one frame the two captures of one physical wall
/// coincide to within the scanner's error. Coincident faces along one wall
/// direction leave a shift along that direction free; coincident faces along two directions at least
/// ``minimumAngleBetween`` apart pin the relative placement (translation from the two lines, rotation
/// from their parallelism), so they prove one frame. Rooms shifted or turned against each other by more
/// than ``tolerance`` have no such pair of directions.
///
/// A room open to its neighbour may see a thin wall from behind — its far face, through the gap past the
/// end of another wall — where the neighbour sees the near face: the two captures of that wall are
/// parallel but a wall's thickness apart. So the second direction (never the first) may also be held by
/// such a pair: parallel, offset evenly by at most ``tolerance`` + ``maximumWallThickness``. That leaves a
/// shift of at most that much across those faces unresolved, well below any shift that could make two
/// rooms' floors overlap by half; shifts beyond it and turns beyond ``maximumAngle`` are still refused.
///
/// All geometry in plan (x, z), world metres, `Double`.
struct SharedFrameEvidence {
    /// Largest distance of a face from the other room's coincident face (both ends), metres.
    var tolerance: Double = 0.05
    /// Largest angle between two coincident faces, radians.
    var maximumAngle: Double = 3 * Double.pi / 180
    /// Smallest total coincident length along one direction, metres.
    var minimumLength: Double = 0.5
    /// Smallest angle between the two wall directions, radians.
    var minimumAngleBetween: Double = 30 * Double.pi / 180
    /// Thickest wall whose two faces (one seen by each room) may hold the second direction, metres.
    var maximumWallThickness: Double = 0.10

    /// One stretch of two parallel faces: its plan direction (radians, in [0, π)), common length, and
    /// whether the faces coincide (within ``tolerance``) or may be the two faces of one thin wall.
    struct Match: Equatable {
        var angle: Double
        var length: Double
        var coincident: Bool = true
    }

    /// The stretches where a face of `a` coincides with a face of `b` (parallel within ``maximumAngle``,
    /// both ends of the common stretch within ``tolerance`` of the other face's line), and, marked not
    /// coincident, those where the two may be the faces of one thin wall (both ends offset to the same side
    /// by at most ``tolerance`` + ``maximumWallThickness``, the two offsets within ``tolerance`` of each
    /// other). Which way the faces look is not required to agree: it adds nothing to pinning the placement,
    /// and on built rooms it is unreliable for a wall with floor on both sides or on neither (its side then
    /// comes from the room centre) and for a wall a room saw from behind.
    /// - Complexity: O(|a| · |b|).
    func matches(_ a: [WallFace], _ b: [WallFace]) -> [Match] {
        let sinMax = sin(maximumAngle)
        let wallReach = tolerance + maximumWallThickness
        var out: [Match] = []
        for fa in a {
            for fb in b {
                let cross = fa.direction.x * fb.direction.y - fa.direction.y * fb.direction.x
                guard abs(cross) <= sinMax else { continue }
                // Common stretch along fb, then both of its ends checked against both lines.
                let u0 = fb.along(fa.start), u1 = fb.along(fa.end)
                let lo = max(min(u0, u1), 0), hi = min(max(u0, u1), fb.length)
                guard hi - lo > 0.01 else { continue }
                let p0 = fb.start + fb.direction * lo, p1 = fb.start + fb.direction * hi
                // Points of fa's line at those stretch ends (fa is parallel within maximumAngle).
                let q0 = fa.start + fa.direction * fa.along(p0), q1 = fa.start + fa.direction * fa.along(p1)
                // Offsets of fa's line from fb's at the stretch ends, signed by the side of fb they lie on.
                let across = SIMD2(-fb.direction.y, fb.direction.x)
                func offset(_ q: SIMD2<Double>, _ p: SIMD2<Double>) -> Double {
                    ((q - p) * across).sum() < 0 ? -planLength(q - p) : planLength(q - p)
                }
                let d0 = offset(q0, p0), d1 = offset(q1, p1)
                let coincident = abs(d0) <= tolerance && abs(d1) <= tolerance
                let thinWall = abs(d0) <= wallReach && abs(d1) <= wallReach && d0 * d1 > 0 && abs(d0 - d1) <= tolerance
                guard coincident || thinWall else { continue }
                var angle = atan2(fb.direction.y, fb.direction.x)
                if angle < 0 { angle += .pi }
                if angle >= .pi { angle -= .pi }
                out.append(Match(angle: angle, length: hi - lo, coincident: coincident))
            }
        }
        return out
    }

    /// Whether `matches` hold at least ``minimumLength`` of coincident faces along one direction and at
    /// least ``minimumLength`` of coincident or thin-wall faces along another at least ``minimumAngleBetween``
    /// away (lengths summed over matches within ``maximumAngle`` of a direction, directions taken modulo π).
    /// - Complexity: O(m log m) for m matches: the sums are windows over the matches sorted by direction
    ///   (two rooms of 2,000 parallel walls give 4,000,000 matches; summing each one's neighbours in turn,
    ///   as 6792c92 did, was O(m²) and did not finish).
    func pinsPlacement(_ matches: [Match]) -> Bool {
        guard !matches.isEmpty else { return false }
        let sorted = matches.sorted { $0.angle < $1.angle }
        let angle = sorted.map(\.angle)
        // Prefix sums of the lengths in direction order: all matches, and coincident ones only.
        var all = [Double](repeating: 0, count: sorted.count + 1), firm = all
        for (k, m) in sorted.enumerated() {
            all[k + 1] = all[k] + m.length
            firm[k + 1] = firm[k] + (m.coincident ? m.length : 0)
        }
        /// First index of ascending `a` whose value is ≥ `x` (`above: false`) or > `x` (`above: true`).
        func firstIndex(_ a: [Double], _ x: Double, above: Bool) -> Int {
            var lo = 0, hi = a.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if above ? a[mid] <= x : a[mid] < x { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        /// How many of ascending `a` (directions in [0, π)) lie in [θ − r, θ + r] (`closed`) or in
        /// (θ − r, θ + r) modulo π, as an index range count, with `sums` summing them when given (r < π/2,
        /// so the window wraps past 0 or π at most on one side).
        func inWindow(_ a: [Double], _ theta: Double, _ r: Double, closed: Bool, _ sums: [Double]? = nil) -> Double {
            func span(_ lo: Double, _ hi: Double) -> Double {
                let i = firstIndex(a, lo, above: !closed), j = firstIndex(a, hi, above: closed)
                guard j > i else { return 0 }
                return sums.map { $0[j] - $0[i] } ?? Double(j - i)
            }
            var total = span(theta - r, theta + r)
            if theta - r < 0 { total += span(theta - r + .pi, .pi) }
            if theta + r >= .pi { total += span(-1, theta + r - .pi) }
            return total
        }
        let held = sorted.filter { inWindow(angle, $0.angle, maximumAngle, closed: true, all) >= minimumLength }.map(\.angle)
        guard !held.isEmpty else { return false }
        // A coincident direction pins the placement with a held direction at least minimumAngleBetween
        // away: there is one unless every held direction lies strictly closer than that.
        return sorted.contains { x in
            x.coincident && inWindow(angle, x.angle, maximumAngle, closed: true, firm) >= minimumLength
                && inWindow(held, x.angle, minimumAngleBetween, closed: false) < Double(held.count)
        }
    }

    /// The straight upright wall faces of `room` (input index `index`), turned into the room as the
    /// structure's wall merge turns them.
    static func faces(of room: CapturedRoom, index: Int) -> [WallFace] {
        let floors = room.floorPolygons
        let centre = room.floors.isEmpty ? nil : floors.compactMap(\.centroid).first.map { SIMD2<Double>($0) }
        return room.walls.enumerated().compactMap { w, wall in
            WallFace(wall, room: index, wall: w, floors: floors, roomCentre: centre)
        }
    }

    /// Whether rooms `a` and `b` (their straight upright wall faces) demonstrably share one frame.
    func shareFrame(_ a: [WallFace], _ b: [WallFace]) -> Bool { pinsPlacement(matches(a, b)) }
}

extension StructureBuilder.Options {
    /// The open-room test these options ask for (`nil` when open rooms are not accepted).
    var openRoomEvidence: SharedFrameEvidence? { acceptsOpenRooms ? SharedFrameEvidence() : nil }
}
