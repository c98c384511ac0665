/// A timing (easing) function: maps the fraction of the duration x to the fraction of the change y, with dy/dx.
///
/// Evaluation never allocates. Named members follow Core Animation; CSS `steps()` and `linear()` and Penner's
/// easing set are also available.
public enum TimingFunction: Sendable, Hashable {
    /// y = x.
    case linear
    /// A cubic Bézier (`CAMediaTimingFunction(controlPoints:)`, CSS `cubic-bezier()`).
    case cubicBezier(CubicBezier)
    /// CSS `steps(n, position)`.
    case steps(StepsEasing)
    /// CSS `linear(...)` piecewise-linear easing.
    case piecewiseLinear(LinearEasing)
    /// A Penner easing curve (quad … bounce, in/out/inOut).
    case easing(EasingCurve)

    /// `kCAMediaTimingFunctionEaseIn`: cubic-bezier(0.42, 0, 1, 1).
    public static let easeIn = TimingFunction.cubicBezier(.easeIn)
    /// `kCAMediaTimingFunctionEaseOut`: cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = TimingFunction.cubicBezier(.easeOut)
    /// `kCAMediaTimingFunctionEaseInEaseOut`: cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction.cubicBezier(.easeInEaseOut)
    /// `kCAMediaTimingFunctionDefault`: cubic-bezier(0.25, 0.1, 0.25, 1).
    public static let `default` = TimingFunction.cubicBezier(.default)

    /// Output progress y for input progress x.
    @inlinable
    public func value(at x: Double) -> Double {
        switch self {
        case .linear: return x
        case .cubicBezier(let curve): return curve.value(at: x)
        case .steps(let steps): return steps.value(at: x)
        case .piecewiseLinear(let easing): return easing.value(at: x)
        case .easing(let curve): return curve.value(at: x)
        }
    }

    /// Slope dy/dx at input progress x; multiply by the change and divide by the duration for a velocity.
    @inlinable
    public func slope(at x: Double) -> Double {
        switch self {
        case .linear: return 1
        case .cubicBezier(let curve): return curve.slope(at: x)
        case .steps(let steps): return steps.slope(at: x)
        case .piecewiseLinear(let easing): return easing.slope(at: x)
        case .easing(let curve): return curve.slope(at: x)
        }
    }

    /// `valueAndSlope(at:)` kept out of line, for callers whose own body must stay small enough to be inlined:
    /// `BasicAnimation.sample` with the whole solver inlined into it was no longer inlined into its caller's loop,
    /// which then copied every 186-byte animation to the stack (`Tweens10k.BasicAnimation` 0.71 → 0.53 ms p0).
    @usableFromInline @inline(never)
    func valueAndSlopeOutOfLine(at x: Double) -> (value: Double, slope: Double) {
        valueAndSlope(at: x)
    }

    /// Value and slope together (one Bézier solve instead of two).
    @inlinable @inline(__always)
    public func valueAndSlope(at x: Double) -> (value: Double, slope: Double) {
        switch self {
        case .linear: return (x, 1)
        case .cubicBezier(let curve): return curve.valueAndSlope(at: x)
        case .steps(let steps): return (steps.value(at: x), steps.slope(at: x))
        case .piecewiseLinear(let easing): return (easing.value(at: x), easing.slope(at: x))
        case .easing(let curve): return (curve.value(at: x), curve.slope(at: x))
        }
    }
}
