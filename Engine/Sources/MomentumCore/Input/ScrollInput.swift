/// What a scroll device did within one pointer frame: a mouse wheel's notches, or a touchpad's fingers (or another
/// continuous source) moving the content, or those fingers lifting (`stopped`: the moment kinetic scrolling
/// starts, as the compositor reports no motion after it).
public struct ScrollInput: Sendable, Equatable {
    /// What produced it.
    public enum Source: String, Sendable, Equatable {
        /// A mouse wheel turned by notches.
        case wheel
        /// Fingers on a touchpad: the content follows them, and coasts once they lift.
        case finger
        /// A continuous source without a lift (a trackpoint, a knob).
        case continuous
        /// A wheel tilted sideways.
        case wheelTilt = "wheel-tilt"
        /// Not said (a compositor with `wl_pointer` before version 5).
        case unknown
    }

    /// How far the content is asked to scroll, logical px, as the compositor says it (positive y: toward the end
    /// of a list, so the content moves up).
    public var delta: SIMD2<Double>
    /// Whole or fractional notches of a wheel (positive y: toward the end), or zero when the source has none.
    public var steps: SIMD2<Double>
    /// What produced it.
    public var source: Source
    /// True when the fingers lifted (`wl_pointer.axis_stop`): what moves on now coasts.
    public var stopped: Bool
    /// Input time, s (the clock touch frames use).
    public var time: Double

    /// Creates a scroll input; non-finite numbers become zero (they never reach an animation).
    public init(delta: SIMD2<Double>, steps: SIMD2<Double> = .zero, source: Source, stopped: Bool = false,
                time: Double) {
        func finite(_ v: SIMD2<Double>) -> SIMD2<Double> {
            SIMD2(v.x.isFinite ? v.x : 0, v.y.isFinite ? v.y : 0)
        }
        self.delta = finite(delta)
        self.steps = finite(steps)
        self.source = source
        self.stopped = stopped
        self.time = time.isFinite ? time : 0
    }

    /// True for a wheel's notches (a wheel, or an unnamed source that counts notches).
    public var isNotched: Bool {
        source == .wheel || source == .wheelTilt || (source == .unknown && steps != .zero)
    }
}
