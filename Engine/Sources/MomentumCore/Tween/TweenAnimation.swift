/// Any tween that can sit on a `TimedAnimationStack` or in an `AnimationGroup`.
public indirect enum TweenAnimation<Value: VectorArithmetic>: Sendable {
    /// A from/to/by animation.
    case basic(BasicAnimation<Value>)
    /// A keyframe animation.
    case keyframe(KeyframeAnimation<Value>)
    /// A group sharing one timing.
    case group(AnimationGroup<Value>)

    /// The animation's own timing.
    public var timing: MediaTiming {
        switch self {
        case .basic(let animation): return animation.timing
        case .keyframe(let animation): return animation.timing
        case .group(let group): return group.timing
        }
    }

    /// Whether a property removes it once finished.
    public var isRemovedOnCompletion: Bool {
        switch self {
        case .basic(let animation): return animation.isRemovedOnCompletion
        case .keyframe(let animation): return animation.isRemovedOnCompletion
        case .group(let group): return group.isRemovedOnCompletion
        }
    }

    /// The presented sample at `time` over `underlying`; nil when it has no effect.
    public func sample(at time: Double, over underlying: PresentedState<Value>) -> PresentedState<Value>? {
        sample(at: time, timeRate: 1, over: underlying)
    }

    /// As `sample(at:over:)` with `time` advancing `timeRate` per parent second.
    func sample(at time: Double, timeRate: Double, over underlying: PresentedState<Value>) -> PresentedState<Value>? {
        switch self {
        case .basic(let animation): return animation.sample(at: time, timeRate: timeRate, over: underlying)
        case .keyframe(let animation): return animation.sample(at: time, timeRate: timeRate, over: underlying)
        case .group(let group): return group.sample(at: time, timeRate: timeRate, over: underlying)
        }
    }
}
