import Foundation

/// Scores of one truth room against the model room matched to it (or against nothing).
public struct RoomEvaluation: Sendable, Equatable, Codable {
    /// Plan id of the truth room.
    public var truthRoomID: String
    /// Index of the matched model room in the model's room list, `nil` when unmatched.
    public var modelRoomIndex: Int?
    /// Floor-polygon intersection over union (0 when unmatched).
    public var floorIoU: Double
    /// Model ceiling height minus truth ceiling height (median wall top above the floor), metres.
    public var ceilingHeightError: Double?
    /// Wall detection (model walls vs truth room-side faces).
    public var walls: DetectionScore
    /// Wall-corner detection at 5 cm.
    public var corners5cm: DetectionScore
    /// Wall-corner detection at 10 cm.
    public var corners10cm: DetectionScore
    /// Per matched wall errors.
    public var wallErrors: [WallErrorRecord]
    /// Curved truth walls and their matched model walls.
    public var curvedWalls: [CurvedWallRecord]
    /// Doors.
    public var doors: OpeningTypeScore
    /// Windows.
    public var windows: OpeningTypeScore
    /// Openings (passages).
    public var openings: OpeningTypeScore
    /// Furniture.
    public var objects: ObjectScore
    /// Model walls of the matched room that match no truth wall and coincide with another of its walls.
    public var duplicateWalls: Int
    /// Storey agreement of the room and its matched elements.
    public var storeys: StoreyScore
}

/// Aggregate numbers over every room in scope.
public struct EvaluationAggregate: Sendable, Equatable, Codable {
    /// Floor IoU over truth rooms in scope (unmatched rooms count 0).
    public var floorIoU: SummaryStatistic
    /// Room matching: truth rooms in scope vs model rooms.
    public var rooms: DetectionScore
    /// Summed wall detection.
    public var walls: DetectionScore
    /// Summed corner detection at 5 cm.
    public var corners5cm: DetectionScore
    /// Summed corner detection at 10 cm.
    public var corners10cm: DetectionScore
    /// |length error|, metres.
    public var wallLengthError: SummaryStatistic
    /// |height error|, metres.
    public var wallHeightError: SummaryStatistic
    /// Angle error, degrees.
    public var wallAngleError: SummaryStatistic
    /// |offset error|, metres.
    public var wallOffsetError: SummaryStatistic
    /// |thickness error| of walls between rooms (structure models only), metres.
    public var thicknessError: SummaryStatistic
    /// Per wall thickness records.
    public var thickness: [ThicknessErrorRecord]
    /// |radius error| of curved walls, metres.
    public var curveRadiusError: SummaryStatistic
    /// Centre error of curved walls, metres.
    public var curveCenterError: SummaryStatistic
    /// Curved truth walls whose matched model wall is flat.
    public var curvesMissing: Int
    /// Doors.
    public var doors: OpeningTypeScore
    /// Windows.
    public var windows: OpeningTypeScore
    /// Openings.
    public var openings: OpeningTypeScore
    /// |width error| over all matched doors, windows and openings, metres.
    public var openingWidthError: SummaryStatistic
    /// |height error| over all matched doors, windows and openings, metres.
    public var openingHeightError: SummaryStatistic
    /// Objects.
    public var objects: ObjectScore
    /// Object box IoU of matched pairs.
    public var objectIoU: SummaryStatistic
    /// Unmatched model walls coinciding with another model wall (rooms and structure walls).
    public var duplicateWalls: Int
    /// Storey agreement.
    public var storeys: StoreyScore
    /// |ceiling height error|, metres.
    public var ceilingHeightError: SummaryStatistic
}

/// The result of scoring one reconstruction against one ground-truth plan.
public struct EvaluationReport: Sendable, Equatable, Codable {
    /// Plan name.
    public var planName: String
    /// `"room"` for a single `CapturedRoom`, `"structure"` for a `CapturedStructure`.
    public var modelKind: String
    /// Per truth room in scope, in plan order.
    public var rooms: [RoomEvaluation]
    /// Indices of model rooms that matched no truth room.
    public var unmatchedModelRooms: [Int]
    /// Aggregates over ``rooms``.
    public var aggregate: EvaluationAggregate
}
