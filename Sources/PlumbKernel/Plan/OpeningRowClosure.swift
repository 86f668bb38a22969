extension WallOpeningDetector {
    /// Cells that close an opening region across its rows: in each raster row, every run of cells between
    /// two cells of `region` (indices into an `nu`-wide raster) in which no cell holds a wall-surface point
    /// or a point in front of the wall (`wall`, `front` counts). Such a run is part of the hole the scanner
    /// did not look through (an upper window band no station saw, with the glass or the space beyond
    /// seen at both jambs), not wall: a wall cell anywhere in the run keeps the whole run out. Runs are
    /// never taken beyond the region's own extent in a row, so an unseen wall area beside an opening
    /// stays out (``evidenceGaps(wall:evidence:front:_:_:maxGap:)`` joins short gaps of any shape).
    /// - Complexity: O(region cells + the rows' spans).
    static func rowClosure(_ region: [Int], _ nu: Int, wall: [Int32], front: [Int32]) -> [Int] {
        var span: [Int: (lo: Int, hi: Int)] = [:]
        var member = Set<Int>()
        for k in region {
            member.insert(k)
            let i = k % nu, j = k / nu
            if let s = span[j] { span[j] = (Swift.min(s.lo, i), Swift.max(s.hi, i)) } else { span[j] = (i, i) }
        }
        var added: [Int] = []
        for (j, s) in span.sorted(by: { $0.key < $1.key }) where s.hi - s.lo > 1 {
            var i = s.lo + 1
            while i < s.hi {
                guard !member.contains(j * nu + i) else { i += 1; continue }
                // A run of non-member cells from i; it ends before a member (the span's end is one).
                var end = i, open = true
                while !member.contains(j * nu + end) {
                    let k = j * nu + end
                    if wall[k] > 0 || front[k] > 0 { open = false }
                    end += 1
                }
                if open { for x in i..<end { added.append(j * nu + x) } }
                i = end
            }
        }
        return added
    }
}
