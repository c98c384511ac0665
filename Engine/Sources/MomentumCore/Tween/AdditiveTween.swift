/// How a retarget composes with the running motion (`TweenBackend`, `TimedAnimationStack.animate(to:…)`).
public enum RetargetMode: Sendable, Hashable {
    /// iOS 8: the target moves at once and an additive tween from (old target − new target) to zero is added on
    /// top while the running ones finish; value continuous, and velocity too with a timing function that starts flat.
    case additive
    /// Drop the running motion and tween from the presented value: value continuous, the velocity jumps (kept for
    /// comparison).
    case beginFromCurrentState
}

/// One additive tween of a 2-D offset to zero: the piece Core Animation's additive retargeting is built from (seed
/// 004), and the one implementation of it. `TweenBackend` keeps these in a flat array (its whole motion);
/// `TimedAnimationStack` keeps them among its other timed animations (what `start`, `retarget` and `animate(to:…)`
/// add).
///
/// Added to the target, its offset at time t is `from · (1 − f(p)) + carry · D · h(p)` with p = (t − begin)/D
/// clamped to 0…1, f the timing function and h(p) = p(1 − p)² the Hermite basis that starts with slope 1 and ends
/// flat; its velocity is `(−from · f′(p) + carry · D · h′(p)) / D`, zero once finished. A retarget's tween has no
/// carry (it is Core Animation's additive basic animation from the offset to zero); a hand-off's carries the part of
/// the velocity across the move, which no timing function can (it only scales the offset).
public struct AdditiveTween: Sendable {
    /// When it began (seconds, on its owner's clock).
    public var begin: Double
    /// How long it runs (seconds; with none it is finished as it begins).
    public var duration: Double
    /// The offset from the target at `begin`.
    public var from: SIMD2<Double>
    /// The velocity the Hermite term starts with (the hand-off's velocity across the move; zero for a retarget).
    public var carry: SIMD2<Double>
    /// Pacing of `from` to zero.
    public var timingFunction: TimingFunction

    /// A tween of `from` to zero beginning at `begin`, over `duration` s, plus `carry`'s Hermite term.
    public init(begin: Double, duration: Double, from: SIMD2<Double>, carry: SIMD2<Double> = .zero,
                timingFunction: TimingFunction) {
        self.begin = begin
        self.duration = duration
        self.from = from
        self.carry = carry
        self.timingFunction = timingFunction
    }

    /// iOS 8's additive retarget at `time`: the target moves from `oldTarget` to `newTarget`, and this tween of
    /// their difference to zero keeps the presented value where it was (and, starting flat, its velocity).
    public init(retargetingFrom oldTarget: SIMD2<Double>, to newTarget: SIMD2<Double>, at time: Double,
                duration: Double, timingFunction: TimingFunction) {
        self.init(begin: time, duration: duration, from: oldTarget - newTarget, timingFunction: timingFunction)
    }

    /// The hand-off at `time`: a tween that leaves `value` with exactly `velocity` (any direction) and ends flat at
    /// `target`; nil when there is nothing to move (no distance, no velocity).
    ///
    /// The part of the velocity along the move is carried by a hand-off Bézier whose start slope is v∥ · D / |Δ|
    /// (`CubicBezier.matchingInitialSlope`, seed 004's normalisation); the perpendicular part by `carry`. With zero
    /// velocity, or zero distance (no slope can carry a velocity then), `timingFunction` paces the move.
    public static func handOff(from value: SIMD2<Double>, velocity: SIMD2<Double>, to target: SIMD2<Double>,
                               at time: Double, duration: Double, timingFunction: TimingFunction) -> AdditiveTween? {
        let delta = target - value
        let distanceSquared = (delta * delta).sum()
        if velocity == .zero && distanceSquared == 0 { return nil }
        var curve = timingFunction
        var carry = velocity
        if velocity != .zero && distanceSquared > 0 {
            let relative = (velocity * delta).sum() / distanceSquared  // v∥ / |Δ| in 1/s
            curve = .cubicBezier(.matchingInitialSlope(relative * duration))
            carry = velocity - relative * delta
        }
        return AdditiveTween(begin: time, duration: duration, from: value - target, carry: carry, timingFunction: curve)
    }

    /// The offset from the target and its velocity at `time`, up to its end (a finished tween adds nothing, and its
    /// owners drop it).
    // Always inlined: `TweenBackend` sums thousands a frame, reading them in place.
    @inline(__always)
    public func offset(at time: Double) -> PresentedState<SIMD2<Double>> {
        let p = Swift.min(Swift.max((time - begin) / duration, 0), 1)
        let eased = timingFunction.valueAndSlope(at: p)
        let q = 1 - p
        let h = p * q * q
        let dh = q * (1 - 3 * p)
        let value = (1 - eased.value) * from + (duration * h) * carry
        guard p < 1 else { return PresentedState(value: value, velocity: .zero) }
        return PresentedState(value: value, velocity: (-eased.slope / duration) * from + dh * carry)
    }

    /// True once it has run its duration (it adds nothing any more).
    @inline(__always)
    public func isFinished(at time: Double) -> Bool { time - begin >= duration }
}
