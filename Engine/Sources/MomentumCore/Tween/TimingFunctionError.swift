/// Why a timing function or tween description was rejected.
public enum TimingFunctionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Bézier control points outside the allowed range; the message names the curve and the rule.
    case invalidControlPoints(String)
    /// A `steps()` or `linear()` description that CSS Easing Level 2 rejects.
    case invalidEasing(String)
    /// Keyframe or path description that cannot be animated (e.g. mismatched counts).
    case invalidKeyframes(String)

    /// The human-readable reason.
    public var description: String {
        switch self {
        case .invalidControlPoints(let message), .invalidEasing(let message), .invalidKeyframes(let message):
            return message
        }
    }
}
