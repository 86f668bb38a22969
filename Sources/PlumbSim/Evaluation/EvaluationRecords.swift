import Foundation
import Plumbline

/// Errors of one model wall matched to a truth wall face (model minus truth; metres, degrees).
public struct WallErrorRecord: Sendable, Equatable, Codable {
    /// Plan id of the truth wall (`nil` when the truth surface is not from a plan).
    public var truthWallID: String?
    /// Identifier of the truth surface.
    public var truthIdentifier: UUID
    /// Identifier of the model surface.
    public var modelIdentifier: UUID
    /// Model width minus truth width, metres.
    public var lengthError: Double
    /// Model height minus truth height, metres.
    public var heightError: Double
    /// Unsigned angle between the two walls' plan directions, degrees (0…90).
    public var angleErrorDegrees: Double
    /// Signed distance of the model wall's plan midpoint from the truth wall's plan line along the
    /// truth normal, metres.
    public var offsetError: Double
}

/// Thickness error of a model structure wall matched to a truth wall with rooms on both sides.
public struct ThicknessErrorRecord: Sendable, Equatable, Codable {
    /// Plan id of the truth wall.
    public var truthWallID: String?
    /// Truth thickness, metres.
    public var truthThickness: Double
    /// Model `dimensions[2]` minus truth thickness, metres.
    public var thicknessError: Double
}

/// Radius and centre errors of a curved truth wall's matched model wall.
public struct CurvedWallRecord: Sendable, Equatable, Codable {
    /// Plan id of the truth wall.
    public var truthWallID: String?
    /// Whether the model wall carries a curve at all (if not, the errors are `nil`).
    public var modelIsCurved: Bool
    /// Model radius minus truth radius, metres.
    public var radiusError: Double?
    /// Plan distance between the model's and the truth's arc centres, metres.
    public var centerError: Double?
}

/// Detection and size errors for one opening type (door, window or opening).
public struct OpeningTypeScore: Sendable, Equatable, Codable {
    /// Matches at rectangle IoU ≥ 0.5 in the host wall's plane.
    public var detection: DetectionScore
    /// Signed width errors of matched pairs (model − truth), metres.
    public var widthErrors: [Double]
    /// Signed height errors of matched pairs (model − truth), metres.
    public var heightErrors: [Double]
    /// Rectangle IoU of matched pairs.
    public var ious: [Double]

    /// An empty score.
    public init() { detection = DetectionScore(); widthErrors = []; heightErrors = []; ious = [] }

    /// Concatenation of two scores.
    public static func + (a: OpeningTypeScore, b: OpeningTypeScore) -> OpeningTypeScore {
        var r = a
        r.detection = a.detection + b.detection
        r.widthErrors += b.widthErrors
        r.heightErrors += b.heightErrors
        r.ious += b.ious
        return r
    }
}

/// Object detection: F1 at upright-box IoU ≥ 0.25 (category-agnostic matching) and category accuracy.
public struct ObjectScore: Sendable, Equatable, Codable {
    /// Detection counts.
    public var detection: DetectionScore
    /// Box IoU of matched pairs.
    public var ious: [Double]
    /// Matched pairs whose categories agree.
    public var categoryCorrect: Int
    /// Every matched pair, missed truth object and false positive, for error breakdowns
    /// (``RandomEvaluationTable`` tabulates them by category).
    public var outcomes: [ObjectOutcome]

    /// An empty score.
    public init() { detection = DetectionScore(); ious = []; categoryCorrect = 0; outcomes = [] }

    /// Fraction of matched pairs with the right category (1 when nothing matched).
    public var categoryAccuracy: Double {
        detection.truePositives == 0 ? 1 : Double(categoryCorrect) / Double(detection.truePositives)
    }

    /// Concatenation of two scores.
    public static func + (a: ObjectScore, b: ObjectScore) -> ObjectScore {
        var r = a
        r.detection = a.detection + b.detection
        r.ious += b.ious
        r.categoryCorrect += b.categoryCorrect
        r.outcomes += b.outcomes
        return r
    }
}

/// One furniture box of a compared room, as an error breakdown needs it.
public struct ObjectBoxRecord: Sendable, Equatable, Codable {
    /// RoomPlan category name.
    public var category: String
    /// Longer horizontal side, shorter horizontal side and height, metres.
    public var width: Double, depth: Double, height: Double
    /// Bottom above the truth room's floor, metres.
    public var elevation: Double
    /// Plan centre (x, z), metres.
    public var center: SIMD2<Double>

    /// The record of an object standing in a room whose floor is at `floorY`.
    public init(_ o: CapturedRoom.Object, floorY: Double) {
        category = o.category.name
        let d = o.dimensions
        width = Double(Swift.max(d.x, d.z))
        depth = Double(Swift.min(d.x, d.z))
        height = Double(d.y)
        elevation = Double(o.bottomElevation) - floorY
        let b = UprightBox(o)
        center = b.planCenter
    }
}

/// A matched pair (both boxes), a missed truth object (``truth`` only) or a false positive (``model`` only).
public struct ObjectOutcome: Sendable, Equatable, Codable {
    /// The truth box, nil for a false positive.
    public var truth: ObjectBoxRecord?
    /// The model box, nil for a missed truth object.
    public var model: ObjectBoxRecord?
    /// Box IoU of the pair; for an unmatched box, its largest IoU with any box of the other side (0 if none).
    public var iou: Double
    /// For an unmatched box: the category of the other side's box it overlaps most (nil when none overlaps).
    public var nearest: String?
}

/// Agreement counts of storey numbers over matched rooms, walls, openings and objects.
public struct StoreyScore: Sendable, Equatable, Codable {
    /// Matched elements whose storey agrees.
    public var correct: Int
    /// Matched elements compared.
    public var total: Int

    /// A score from counts.
    public init(correct: Int = 0, total: Int = 0) { self.correct = correct; self.total = total }

    /// `correct / total`, 1 when nothing was compared.
    public var accuracy: Double { total == 0 ? 1 : Double(correct) / Double(total) }

    /// Sum of counts.
    public static func + (a: StoreyScore, b: StoreyScore) -> StoreyScore {
        StoreyScore(correct: a.correct + b.correct, total: a.total + b.total)
    }
}
