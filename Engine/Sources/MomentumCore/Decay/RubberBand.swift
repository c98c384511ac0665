/// UIScrollView-style rubber-banding: an overshoot `x` past an edge is shown as
/// f(x) = (1 − 1/(x·c/d + 1))·d, with d the viewport dimension and c = 0.55. f(0) = 0, f'(0) = c, f(x) < d.
public enum RubberBand {
    /// UIScrollView's coefficient.
    public static let defaultCoefficient = 0.55

    /// The displayed offset for an overshoot `x` (sign preserved) on a viewport of size `dimension`.
    public static func offset(_ x: Double, dimension: Double, coefficient: Double = defaultCoefficient) -> Double {
        precondition(dimension > 0, "dimension must be positive")
        let magnitude = (1 - 1 / (x.magnitude * coefficient / dimension + 1)) * dimension
        return x < 0 ? -magnitude : magnitude
    }

    /// `value` unchanged inside `range`, rubber-banded beyond either end.
    public static func clamp(
        _ value: Double, to range: ClosedRange<Double>, dimension: Double, coefficient: Double = defaultCoefficient
    ) -> Double {
        if value < range.lowerBound {
            return range.lowerBound + offset(value - range.lowerBound, dimension: dimension, coefficient: coefficient)
        }
        if value > range.upperBound {
            return range.upperBound + offset(value - range.upperBound, dimension: dimension, coefficient: coefficient)
        }
        return value
    }

    /// The inverse of `clamp`: the value that `clamp` shows as `shown` (for a drag that starts on something already
    /// stretched past an end). Past an end by 0.999999 of `dimension` or more (which `clamp` never shows) it gives the
    /// value for that much.
    public static func unclamp(
        _ shown: Double, from range: ClosedRange<Double>, dimension: Double, coefficient: Double = defaultCoefficient
    ) -> Double {
        func inverse(_ f: Double) -> Double {
            // f = (1 − 1/(x·c/d + 1))·d  ⇒  x = (d/c)·(1/(1 − f/d) − 1), for |f| < d.
            let m = min(f.magnitude, dimension * 0.999_999)
            let x = dimension / coefficient * (1 / (1 - m / dimension) - 1)
            return f < 0 ? -x : x
        }
        if shown < range.lowerBound { return range.lowerBound + inverse(shown - range.lowerBound) }
        if shown > range.upperBound { return range.upperBound + inverse(shown - range.upperBound) }
        return shown
    }
}
