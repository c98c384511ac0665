/// `CABasicAnimation`: interpolates one property between two values over a `MediaTiming`.
///
/// Endpoints follow Core Animation's table. With `from` + `to`, `from` + `by` or `by` + `to` the endpoints are
/// fixed. With only `to`, only `by` or only `from`, the missing end is the *underlying* value — the model value
/// composed with the animations below this one, read at every frame, like CA's render-tree value (so `to` alone
/// starts from the presented value). For an additive animation a missing end is zero.
/// The timing function defaults to linear, as for an explicit `CABasicAnimation`.
public struct BasicAnimation<Value: VectorArithmetic>: Sendable {
    /// Start value, if fixed.
    public var from: Value?
    /// End value, if fixed.
    public var to: Value?
    /// Change, if given.
    public var by: Value?
    /// Timing (begin, duration, repeat, speed, fill).
    public var timing: MediaTiming
    /// Pacing of each iteration.
    public var timingFunction: TimingFunction
    /// Adds the animated value to the underlying value instead of replacing it.
    public var isAdditive: Bool
    /// Whether a property removes the animation once it has finished.
    public var isRemovedOnCompletion: Bool

    /// Creates a basic animation.
    public init(from: Value? = nil, to: Value? = nil, by: Value? = nil, timing: MediaTiming = MediaTiming(),
                timingFunction: TimingFunction = .linear, isAdditive: Bool = false,
                isRemovedOnCompletion: Bool = true) {
        self.from = from
        self.to = to
        self.by = by
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// The presented sample at `time` given the sample beneath this animation; nil when it has no effect.
    @inlinable @inline(__always)
    public func sample(at time: Double, over underlying: PresentedState<Value>) -> PresentedState<Value>? {
        sample(at: time, timeRate: 1, over: underlying)
    }

    /// As `sample(at:over:)`, where `time` advances `timeRate` per parent second (inside a group).
    @inlinable @inline(__always)
    func sample(at time: Double, timeRate: Double, over underlying: PresentedState<Value>) -> PresentedState<Value>? {
        guard let local = timing.progress(at: time) else { return nil }
        return sample(progress: local.progress, rate: local.rate * timeRate, over: underlying)
    }

    /// The presented sample at iteration progress `progress` moving at `rate` progress per second.
    // Always inlined: as a call, every sample copied the whole animation (about 340 bytes) to the stack.
    @inlinable @inline(__always)
    func sample(progress: Double, rate: Double, over underlying: PresentedState<Value>) -> PresentedState<Value> {
        // Resolve endpoints a → b; `moving` endpoints track the underlying value (and its velocity).
        let base = isAdditive ? PresentedState(resting: underlying.value.tweenZero) : underlying
        let a: PresentedState<Value>
        let b: PresentedState<Value>
        switch (from, to, by) {
        case (let from?, let to?, _):
            (a, b) = (PresentedState(resting: from), PresentedState(resting: to))
        case (let from?, nil, let by?):
            (a, b) = (PresentedState(resting: from), PresentedState(resting: from + by))
        case (nil, let to?, let by?):
            (a, b) = (PresentedState(resting: to - by), PresentedState(resting: to))
        case (let from?, nil, nil):
            (a, b) = (PresentedState(resting: from), base)
        case (nil, let to?, nil):
            (a, b) = (base, PresentedState(resting: to))
        case (nil, nil, let by?):
            (a, b) = (base, PresentedState(value: base.value + by, velocity: base.velocity))
        case (nil, nil, nil):
            (a, b) = (base, base)
        }
        let eased = timingFunction.valueAndSlopeOutOfLine(at: progress)
        let span = b.value - a.value
        let value = a.value + eased.value * span
        let velocity = a.velocity + eased.value * (b.velocity - a.velocity) + (eased.slope * rate) * span
        if isAdditive {
            return PresentedState(value: underlying.value + value, velocity: underlying.velocity + velocity)
        }
        return PresentedState(value: value, velocity: velocity)
    }
}
