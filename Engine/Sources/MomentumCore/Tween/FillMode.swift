/// What an animation shows outside its active interval (`CAMediaTimingFillMode`).
public enum FillMode: Sendable, Hashable, CaseIterable {
    /// No effect before `beginTime` or after the end: the property shows its model value.
    case removed
    /// Holds the final value after the end.
    case forwards
    /// Shows the initial value before `beginTime`.
    case backwards
    /// Both `forwards` and `backwards`.
    case both

    /// True when the value is held after the end.
    @inlinable var fillsForwards: Bool { self == .forwards || self == .both }
    /// True when the initial value is shown before the start.
    @inlinable var fillsBackwards: Bool { self == .backwards || self == .both }
}
