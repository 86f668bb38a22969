import Foundation

/// The box a line of plan text is taken to cover, estimated from its font size and character count (no
/// font metrics: the plan names Arial / Liberation Sans, whose average advance is about 0.5 em and whose
/// digits are 0.556 em): ``widthPerCharacter`` (``boldWidthPerCharacter`` for bold) × size per character
/// along the text, ``heightFactor`` × size across it, centred on the text's anchor point (all plan text is
/// `text-anchor: middle`, its baseline `Drawing.baselineDrop` font sizes below the anchor). Page metres;
/// `axis` is the unit direction of the text's baseline on the page.
struct LabelBox: Sendable, Equatable {
    /// Advance per character as a share of the font size (regular weight).
    static let widthPerCharacter = 0.6
    /// Advance per character as a share of the font size (bold).
    static let boldWidthPerCharacter = 0.65
    /// Box height as a share of the font size.
    static let heightFactor = 1.1

    /// Centre, page metres.
    var centre: SIMD2<Double>
    /// Unit baseline direction on the page.
    var axis: SIMD2<Double>
    /// Half extents along and across the baseline, metres.
    var half: SIMD2<Double>

    /// The box of `text` at font size `size` (metres) centred at `centre`, its baseline turned by `angle`
    /// degrees (clockwise on the page, as SVG's `rotate`).
    init(text: String, centre: SIMD2<Double>, size: Double, angle: Double, bold: Bool) {
        self.centre = centre
        let a = angle * .pi / 180
        axis = SIMD2(cos(a), sin(a))
        half = SIMD2(Double(text.count) * size * (bold ? Self.boldWidthPerCharacter : Self.widthPerCharacter) / 2,
                     size * Self.heightFactor / 2)
    }

    /// The four corners.
    var corners: [SIMD2<Double>] {
        let u = axis * half.x, v = SIMD2(-axis.y, axis.x) * half.y
        return [centre - u - v, centre + u - v, centre + u + v, centre - u + v]
    }

    /// Whether the boxes overlap by more than `slack` metres (separating-axis test on both boxes' axes;
    /// boxes that only touch do not overlap).
    func overlaps(_ o: LabelBox, slack: Double = 1e-6) -> Bool {
        let a = corners, b = o.corners
        for n in [axis, SIMD2(-axis.y, axis.x), o.axis, SIMD2(-o.axis.y, o.axis.x)] {
            let pa = a.map { ($0 * n).sum() }, pb = b.map { ($0 * n).sum() }
            if pa.max()! <= pb.min()! + slack || pb.max()! <= pa.min()! + slack { return false }
        }
        return true
    }
}

/// A label to place on the plan: one or more lines of text stacked about a point, the points it may go
/// to (in order of preference) and what the legend says when it cannot go anywhere.
struct PlanLabel {
    /// One line: text, size relative to the label's size, offset across the baseline in units of the
    /// label's size, and the `<text>` element's attributes.
    struct Line: Sendable {
        var text: String
        var scale: Double = 1
        var offset: Double = 0
        var bold = false
        var attributes: [String: String]
    }

    var lines: [Line]
    /// Font size, metres (each line's is `size × scale`).
    var size: Double
    /// Smallest size the label may shrink to, metres.
    var minimumSize: Double
    /// Baseline angle, degrees on the page.
    var angle: Double
    /// Candidate centres, page metres, best first; a function of the size tried (larger text needs larger
    /// moves).
    var positions: (Double) -> [SIMD2<Double>]
    /// Legend text when the label is dropped.
    var legend: String

    /// The boxes of the lines at centre `p` and size `s`.
    func boxes(at p: SIMD2<Double>, size s: Double) -> [LabelBox] {
        let a = angle * .pi / 180
        let across = SIMD2(-sin(a), cos(a))
        return lines.map { LabelBox(text: $0.text, centre: p + across * ($0.offset * s), size: s * $0.scale, angle: angle, bold: $0.bold) }
    }
}

/// Places labels without overlaps: each label, in the order given, goes to the first of its candidate
/// positions where none of its boxes overlaps a box placed before, trying its full size, then sizes
/// shrinking to its minimum; a label that fits nowhere is dropped, and in its place a key number is put
/// (at the minimum size, same candidates) that the legend explains (``legend``); placed boxes keep
/// ``gap`` between them. The same
/// labels give the same placement. Boxes are kept in a 0.5 m grid, so placing n labels of k candidates
/// costs O(n × k × boxes nearby).
struct LabelPlacer {
    /// Where a label went.
    enum Outcome: Sendable, Equatable {
        /// Drawn at `centre` with font size `size` (metres).
        case placed(centre: SIMD2<Double>, size: Double)
        /// Dropped; `key` is drawn at `centre` (size `size`) when it found room, and the legend lists it.
        case dropped(key: Int, centre: SIMD2<Double>?, size: Double)
    }

    /// Grid cell side, metres.
    static let cell = 0.5
    /// Clear space kept between placed labels, metres.
    static let gap = 0.03
    /// Boxes placed so far.
    var boxes: [LabelBox] = []
    /// Indices of `boxes` by grid cell.
    var grid: [SIMD2<Int>: [Int]] = [:]
    /// Legend lines for the dropped labels, in key order.
    var legend: [String] = []

    /// Grid cells `b` (grown by ``gap``) touches.
    func cells(_ b: LabelBox) -> [SIMD2<Int>] {
        let c = b.corners
        let lo = c.reduce(SIMD2(repeating: Double.infinity)) { pointwiseMin($0, $1) } - Self.gap
        let hi = c.reduce(SIMD2(repeating: -Double.infinity)) { pointwiseMax($0, $1) } + Self.gap
        let i0 = Int(saturating: (lo.x / Self.cell).rounded(.down)), i1 = Int(saturating: (hi.x / Self.cell).rounded(.down))
        let j0 = Int(saturating: (lo.y / Self.cell).rounded(.down)), j1 = Int(saturating: (hi.y / Self.cell).rounded(.down))
        guard i1 - i0 < 1000, j1 - j0 < 1000 else { return [SIMD2(i0, j0)] }
        var out: [SIMD2<Int>] = []
        for i in i0...i1 { for j in j0...j1 { out.append(SIMD2(i, j)) } }
        return out
    }

    /// Whether none of `b` overlaps a placed box.
    func free(_ b: [LabelBox]) -> Bool {
        for box in b {
            for c in cells(box) {
                for k in grid[c] ?? [] where boxes[k].overlaps(box, slack: -Self.gap) { return false }
            }
        }
        return true
    }

    /// Records `b` as placed.
    mutating func add(_ b: [LabelBox]) {
        for box in b {
            for c in cells(box) { grid[c, default: []].append(boxes.count) }
            boxes.append(box)
        }
    }

    /// Sizes tried for `label`: its size, then three steps down to its minimum.
    static func sizes(_ label: PlanLabel) -> [Double] {
        guard label.minimumSize < label.size else { return [label.size] }
        return (0...3).map { label.size - (label.size - label.minimumSize) * Double($0) / 3 }
    }

    /// Places `label` (see the type's documentation).
    mutating func place(_ label: PlanLabel) -> Outcome {
        for s in Self.sizes(label) {
            for p in label.positions(s) {
                let b = label.boxes(at: p, size: s)
                if free(b) { add(b); return .placed(centre: p, size: s) }
            }
        }
        let key = legend.count + 1
        let text = "\(key)"
        var at: SIMD2<Double>?
        for p in label.positions(label.minimumSize) {
            let b = [LabelBox(text: text, centre: p, size: label.minimumSize, angle: 0, bold: true)]
            if free(b) { add(b); at = p; break }
        }
        legend.append(label.legend)
        return .dropped(key: key, centre: at, size: label.minimumSize)
    }
}
