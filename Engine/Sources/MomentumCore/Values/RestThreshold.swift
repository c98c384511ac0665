/// When an animated value counts as settled: its distance to the target AND its speed are both below limits,
/// each measured as a vector length (norm), never per component.
///
/// Limits derive from the property's minimum visible change `m`, as Android's DynamicAnimation does:
/// distance < 0.75·m (so the final snap is invisible) and speed < 62.5 × that distance per second
/// (Android's 1000/16 multiplier: the value would move less than the threshold within one 16 ms frame).
public struct RestThreshold: Equatable, Sendable {
    /// Maximum distance to the target (norm, value units).
    public var distance: Double
    /// Maximum speed (norm, value units per second).
    public var speed: Double

    /// Explicit limits.
    public init(distance: Double, speed: Double) {
        self.distance = distance
        self.speed = speed
    }

    /// Limits for a property whose smallest visible change is `minimumVisibleChange`.
    public init(minimumVisibleChange: Double) {
        let distance = 0.75 * minimumVisibleChange
        self.init(distance: distance, speed: 62.5 * distance)
    }

    /// Positions in pixels or points: 1 px is visible.
    public static let position = RestThreshold(minimumVisibleChange: 1)
    /// Rotation in radians: 0.1° is visible.
    public static let rotation = RestThreshold(minimumVisibleChange: 0.1 * Double.pi / 180)
    /// Opacity in 0…1: one 8-bit step (1/256) is visible.
    public static let opacity = RestThreshold(minimumVisibleChange: 1.0 / 256)
    /// Scale factors: 1/500 is visible.
    public static let scale = RestThreshold(minimumVisibleChange: 1.0 / 500)
    /// Colour channels in 0…1: one 8-bit step is visible.
    public static let colour = RestThreshold(minimumVisibleChange: 1.0 / 256)

    /// True when a value `displacement` away from its target, moving at `velocity`, counts as settled.
    public func isSettled(displacement: AnimatableVector, velocity: AnimatableVector) -> Bool {
        isSettled(displacement: displacement.storage, velocity: velocity.storage)
    }

    /// The same test on raw vector storage (unused lanes zero), for per-frame callers that keep no wrappers.
    @inlinable @inline(__always)
    func isSettled<Vector: SIMD>(displacement d: Vector, velocity v: Vector) -> Bool where Vector.Scalar == Double {
        (d * d).sum().squareRoot() < distance && (v * v).sum().squareRoot() < speed
    }
}
