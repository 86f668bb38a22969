/// A stretch of a ``WallCluster`` along its direction where the same faces are seen: at most one face
/// per side (member indices of the cluster), plus every face whose short stretch was absorbed into it.
struct WallRun: Equatable {
    var lo: Double, hi: Double
    /// Member index of the face on the +normal-room side and on the -normal-room side.
    var positive: Int?, negative: Int?
    /// Every member that contributed to this stretch.
    var contributors: Set<Int>

    var isTwoSided: Bool { positive != nil && negative != nil }
    var length: Double { hi - lo }

    /// The runs of `cluster`: elementary intervals between face end points, each labelled with the
    /// longest face covering it on either side, merged where the labels repeat; then one-sided (or
    /// empty) stretches shorter than `absorbLength` next to a two-sided stretch are absorbed into it
    /// (split at their middle between two), so the few centimetres where a thinner crossing wall meets
    /// the partition, or where two rooms' corners disagree, do not become walls of their own.
    /// Before that, slivers shorter than ``minimumLength`` join their longer contiguous neighbour.
    /// Empty stretches that remain are dropped.
    /// - Complexity: O(m²) for m members.
    /// Stretches shorter than this join their longer neighbour first, metres.
    static let minimumLength = 0.1

    static func runs(of cluster: WallCluster, lengths: [Double], absorbLength: Double) -> [WallRun] {
        var cuts = cluster.intervals.flatMap { [$0.lowerBound, $0.upperBound] }.sorted()
        var unique: [Double] = []
        for c in cuts where unique.last.map({ c - $0 > 1e-3 }) ?? true { unique.append(c) }
        cuts = unique
        var runs: [WallRun] = []
        for k in 0..<max(0, cuts.count - 1) {
            let lo = cuts[k], hi = cuts[k + 1], m = (lo + hi) / 2
            var pos: Int? = nil, neg: Int? = nil
            var covering: Set<Int> = []
            for (i, r) in cluster.intervals.enumerated() where r.contains(m) {
                covering.insert(i)
                if cluster.facesPositive[i] {
                    if pos.map({ lengths[i] > lengths[$0] }) ?? true { pos = i }
                } else if neg.map({ lengths[i] > lengths[$0] }) ?? true { neg = i }
            }
            if var last = runs.last, last.positive == pos, last.negative == neg, abs(last.hi - lo) < 1e-9 {
                last.hi = hi
                last.contributors.formUnion(covering)
                runs[runs.count - 1] = last
            } else {
                runs.append(WallRun(lo: lo, hi: hi, positive: pos, negative: neg, contributors: covering))
            }
        }
        // Slivers (shorter than 10 cm, where face ends nearly coincide) join their longer neighbour.
        var k = 0
        while k < runs.count {
            guard runs[k].length < minimumLength, runs.count > 1 else { k += 1; continue }
            let left = k > 0 && abs(runs[k - 1].hi - runs[k].lo) < 1e-9
            let right = k + 1 < runs.count && abs(runs[k + 1].lo - runs[k].hi) < 1e-9
            guard left || right else { k += 1; continue }
            let useLeft = left && (!right || runs[k - 1].length >= runs[k + 1].length)
            if useLeft {
                runs[k - 1].hi = runs[k].hi
                runs[k - 1].contributors.formUnion(runs[k].contributors)
            } else {
                runs[k + 1].lo = runs[k].lo
                runs[k + 1].contributors.formUnion(runs[k].contributors)
            }
            runs.remove(at: k)
        }
        // Absorb short one-sided or empty stretches into neighbouring two-sided ones.
        var keep = [Bool](repeating: true, count: runs.count)
        let original = runs
        for k in original.indices where !original[k].isTwoSided && original[k].length < absorbLength {
            let left = k > 0 && original[k - 1].isTwoSided, right = k + 1 < original.count && original[k + 1].isTwoSided
            guard left || right else { continue }
            keep[k] = false
            if left && right {
                let mid = (original[k].lo + original[k].hi) / 2
                runs[k - 1].hi = mid
                runs[k + 1].lo = mid
                runs[k - 1].contributors.formUnion(original[k].contributors)
                runs[k + 1].contributors.formUnion(original[k].contributors)
            } else if left {
                runs[k - 1].hi = original[k].hi
                runs[k - 1].contributors.formUnion(original[k].contributors)
            } else {
                runs[k + 1].lo = original[k].lo
                runs[k + 1].contributors.formUnion(original[k].contributors)
            }
        }
        return runs.indices.filter { keep[$0] && (runs[$0].positive != nil || runs[$0].negative != nil) }.map { runs[$0] }
    }
}
