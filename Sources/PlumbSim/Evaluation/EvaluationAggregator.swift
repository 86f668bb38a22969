/// Sums and summarises per-room evaluations into an ``EvaluationAggregate``.
enum EvaluationAggregator {
    /// `rooms`: truth rooms in scope; `phantoms`: unmatched model rooms compared with an empty truth
    /// (they contribute false positives only).
    static func aggregate(
        rooms: [RoomEvaluation], phantoms: [RoomEvaluation], roomDetection: DetectionScore,
        thickness: [ThicknessErrorRecord], extraDuplicates: Int
    ) -> EvaluationAggregate {
        let all = rooms + phantoms
        let errors = rooms.flatMap(\.wallErrors)
        let curves = rooms.flatMap(\.curvedWalls)
        let doors = all.map(\.doors).reduce(OpeningTypeScore(), +)
        let windows = all.map(\.windows).reduce(OpeningTypeScore(), +)
        let openings = all.map(\.openings).reduce(OpeningTypeScore(), +)
        let objects = all.map(\.objects).reduce(ObjectScore(), +)
        let op = [doors, windows, openings]
        return EvaluationAggregate(
            floorIoU: SummaryStatistic(rooms.map(\.floorIoU)),
            rooms: roomDetection,
            walls: all.map(\.walls).reduce(DetectionScore(), +),
            corners5cm: all.map(\.corners5cm).reduce(DetectionScore(), +),
            corners10cm: all.map(\.corners10cm).reduce(DetectionScore(), +),
            wallLengthError: SummaryStatistic(errors.map { abs($0.lengthError) }),
            wallHeightError: SummaryStatistic(errors.map { abs($0.heightError) }),
            wallAngleError: SummaryStatistic(errors.map(\.angleErrorDegrees)),
            wallOffsetError: SummaryStatistic(errors.map { abs($0.offsetError) }),
            thicknessError: SummaryStatistic(thickness.map { abs($0.thicknessError) }),
            thickness: thickness,
            curveRadiusError: SummaryStatistic(curves.compactMap(\.radiusError).map(abs)),
            curveCenterError: SummaryStatistic(curves.compactMap(\.centerError)),
            curvesMissing: curves.filter { !$0.modelIsCurved }.count,
            doors: doors, windows: windows, openings: openings,
            openingWidthError: SummaryStatistic(op.flatMap(\.widthErrors).map(abs)),
            openingHeightError: SummaryStatistic(op.flatMap(\.heightErrors).map(abs)),
            objects: objects,
            objectIoU: SummaryStatistic(objects.ious),
            duplicateWalls: all.map(\.duplicateWalls).reduce(0, +) + extraDuplicates,
            storeys: rooms.map(\.storeys).reduce(StoreyScore(), +),
            ceilingHeightError: SummaryStatistic(rooms.compactMap(\.ceilingHeightError).map(abs)))
    }
}
