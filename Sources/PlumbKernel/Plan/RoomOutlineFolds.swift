import Foundation

extension RoomOutline {
    /// Two consecutive straight sides of an outline that run back along each other: a spike enclosing no
    /// floor. It is the traced footprint wrapping both sides of something thin that reaches into the room
    /// (the end of a thin wall, a wall candidate fitted to furniture); as two sides it would be two walls
    /// on one line facing opposite ways, where there is one.
    package struct Fold: Sendable, Equatable {
        /// Index of the longer side (ties: the first); it spans the whole fold.
        package var longer: Int
        /// Index of the side running back along it.
        package var shorter: Int
    }

    /// The folds of the outline: consecutive straight sides whose directions are within `maximumAngle`
    /// radians of opposite and where the shorter side's far end lies within `maximumWidth` metres of the
    /// longer side's line. Each side is in at most one fold (found in side order, including the pair of the
    /// last and the first side).
    /// - Complexity: O(n) in the number of sides.
    package func folds(maximumWidth: Double, maximumAngle: Double = 10 * Double.pi / 180) -> [Fold] {
        let n = corners.count
        guard n > 3 else { return [] }
        var used = [Bool](repeating: false, count: n)
        var out: [Fold] = []
        for k in 0..<n {
            let next = (k + 1) % n
            guard !used[k], !used[next], case .line = edges[k].wall, case .line = edges[next].wall else { continue }
            let p = corners[k], t = corners[next], q = corners[(next + 1) % n]
            let la = planLength(t - p), lb = planLength(q - t)
            guard la > 1e-9, lb > 1e-9 else { continue }
            let ua = (t - p) / la, ub = (q - t) / lb
            guard planDot(ua, ub) < -cos(maximumAngle) else { continue }
            let firstLonger = la >= lb
            let (far, axis) = firstLonger ? (q, ua) : (p, ub)
            guard abs(planCross(axis, far - t)) <= maximumWidth else { continue }
            used[k] = true
            used[next] = true
            out.append(Fold(longer: firstLonger ? k : next, shorter: firstLonger ? next : k))
        }
        return out
    }
}
