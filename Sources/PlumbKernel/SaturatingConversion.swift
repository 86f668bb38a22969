extension FixedWidthInteger {
    /// `value` rounded toward zero and clamped to the type's range, NaN giving 0: a conversion of a
    /// data-derived floating value that never traps (`Int(1e20)` and `Int(Double.nan)` do).
    /// - Complexity: O(1).
    package init<F: BinaryFloatingPoint>(saturating value: F) {
        if value.isNaN {
            self = 0
        } else if value <= F(Self.min) {
            self = .min
        } else if value >= F(Self.max) {
            self = .max
        } else {
            self = Self(value)
        }
    }
}
