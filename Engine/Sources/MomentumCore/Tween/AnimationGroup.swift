/// `CAAnimationGroup`: children share the group's timing.
///
/// Children run on the group's iteration-local time (their `beginTime` is relative to the group's start), so the
/// group's speed, repeat, autoreverse and fill apply to all of them, and the group's duration clips them: a child
/// longer than the group is cut off at the group's end. Children compose in order, each over the result of
/// the previous one.
public struct AnimationGroup<Value: VectorArithmetic>: Sendable {
    /// The children.
    public var animations: [TweenAnimation<Value>]
    /// The shared timing.
    public var timing: MediaTiming
    /// Whether a property removes the group once finished.
    public var isRemovedOnCompletion: Bool

    /// Creates a group.
    public init(animations: [TweenAnimation<Value>], timing: MediaTiming = MediaTiming(),
                isRemovedOnCompletion: Bool = true) {
        self.animations = animations
        self.timing = timing
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// The presented sample at `time` over `underlying`; nil when the group has no effect.
    public func sample(at time: Double, over underlying: PresentedState<Value>) -> PresentedState<Value>? {
        sample(at: time, timeRate: 1, over: underlying)
    }

    /// As `sample(at:over:)` with `time` advancing `timeRate` per parent second.
    func sample(at time: Double, timeRate: Double, over underlying: PresentedState<Value>) -> PresentedState<Value>? {
        guard let local = timing.localTime(at: time) else { return nil }
        var result = underlying
        var affected = false
        for child in animations {
            if let next = child.sample(at: local.time, timeRate: local.rate * timeRate, over: result) {
                result = next
                affected = true
            }
        }
        return affected ? result : nil
    }
}
