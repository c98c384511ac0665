/// One animatable property with Core Animation's model/presentation split.
///
/// The model value is what the app set; animations are stacked by key and composed in insertion order, each over
/// the result of those below (additive ones add, others replace). `presentation(at:)` is what to draw.
/// `animate(to:…)` is the seed's recommended pattern: set the model to the final value and animate from the old
/// one, so removing the animation never snaps back.
public struct AnimatedProperty<Value: VectorArithmetic>: Sendable {
    /// How `animate(to:…)` treats animations already running.
    public enum RetargetMode: Sendable, Hashable {
        /// iOS 8: add an additive animation from (old model − new model) to zero on top; running ones finish.
        case additive
        /// Remove running animations and start from the presented value (velocity jumps).
        case beginFromCurrentState
    }

    /// The model value.
    public var modelValue: Value
    /// The animations, bottom first.
    public private(set) var animations: [(key: String, animation: TweenAnimation<Value>)] = []
    private var serial = 0

    /// A property at `modelValue` with no animations.
    public init(modelValue: Value) {
        self.modelValue = modelValue
    }

    /// The presented value and velocity at `time`.
    public func presentation(at time: Double) -> PresentedState<Value> {
        var result = PresentedState(resting: modelValue)
        for entry in animations {
            if let next = entry.animation.sample(at: time, over: result) { result = next }
        }
        return result
    }

    /// Adds (or replaces, keeping its place) the animation for `key`.
    public mutating func add(_ animation: TweenAnimation<Value>, forKey key: String) {
        if let index = animations.firstIndex(where: { $0.key == key }) {
            animations[index].animation = animation
        } else {
            animations.append((key, animation))
        }
    }

    /// Removes the animation for `key`.
    public mutating func removeAnimation(forKey key: String) {
        animations.removeAll { $0.key == key }
    }

    /// Removes every animation.
    public mutating func removeAllAnimations() {
        animations.removeAll(keepingCapacity: true)
    }

    /// Drops finished animations that are removed on completion (call once per frame).
    public mutating func removeCompletedAnimations(at time: Double) {
        animations.removeAll { $0.animation.isRemovedOnCompletion && $0.animation.timing.isFinished(at: time) }
    }

    /// True when no animation remains.
    public var isIdle: Bool { animations.isEmpty }

    /// Sets the model to `value` and animates the presented value there from where it is now.
    ///
    /// `.additive` keeps the presented value and, with a timing function that starts flat (easeIn,
    /// easeInEaseOut), the velocity continuous; `.beginFromCurrentState` keeps only the value.
    public mutating func animate(to value: Value, at time: Double, duration: Double,
                                 timingFunction: TimingFunction = .easeInEaseOut,
                                 mode: RetargetMode = .additive) {
        let timing = MediaTiming(beginTime: time, duration: duration)
        serial += 1
        let key = "model-sync-\(serial)"
        switch mode {
        case .additive:
            let offset = modelValue - value
            modelValue = value
            add(.basic(BasicAnimation(from: offset, to: offset.tweenZero, timing: timing,
                                      timingFunction: timingFunction, isAdditive: true)), forKey: key)
        case .beginFromCurrentState:
            let presented = presentation(at: time).value
            removeAllAnimations()
            modelValue = value
            add(.basic(BasicAnimation(from: presented, to: value, timing: timing, timingFunction: timingFunction)),
                forKey: key)
        }
    }
}
