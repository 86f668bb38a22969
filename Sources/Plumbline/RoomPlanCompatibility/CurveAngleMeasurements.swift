import Foundation

extension CapturedRoom.Surface.Curve {
    /// ``startAngle`` as a `Measurement<UnitAngle>`, the type of RoomPlan's `Curve.startAngle`: the same
    /// angle, in radians, measured in the surface's local x-z plane from local +x toward local +z.
    /// Convert as RoomPlan code does (`startAngleMeasurement.converted(to: .degrees).value`).
    ///
    /// Setting it stores the angle converted to radians in ``startAngle`` (a `Float`, so rounded to
    /// single precision).
    public var startAngleMeasurement: Measurement<UnitAngle> {
        get { Measurement(value: Double(startAngle), unit: .radians) }
        set { startAngle = Float(newValue.converted(to: .radians).value) }
    }

    /// ``endAngle`` as a `Measurement<UnitAngle>`, the type of RoomPlan's `Curve.endAngle`: the same
    /// angle, in radians, in the surface's local x-z plane from local +x toward local +z.
    ///
    /// Setting it stores the angle converted to radians in ``endAngle`` (rounded to single precision).
    public var endAngleMeasurement: Measurement<UnitAngle> {
        get { Measurement(value: Double(endAngle), unit: .radians) }
        set { endAngle = Float(newValue.converted(to: .radians).value) }
    }
}
