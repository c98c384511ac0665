/// One Core Animation timed animation on a 2-D value (a scalar property animates in `x`, `y` held at 0).
public enum TimedAnimation: Sendable {
    /// A basic, keyframe or group animation.
    case tween(TweenAnimation<SIMD2<Double>>)
    /// A path animation's position.
    case pathPosition(PathAnimation)
    /// A path animation's rotation (its `rotationMode`; radians in `x`): rotate-auto as a property of its own, so
    /// the position and the rotation of one path can run on two layer properties with one timing.
    case pathRotation(PathAnimation)
    /// An additive tween of an offset to zero: what `start`, `retarget` and `animate(to:…)` add (the motion
    /// `TweenBackend` runs, so the two retarget and hand off alike).
    case additiveTween(AdditiveTween)

    /// The animation's own timing.
    public var timing: MediaTiming {
        switch self {
        case .tween(let animation): animation.timing
        case .pathPosition(let animation), .pathRotation(let animation): animation.timing
        case .additiveTween(let tween): MediaTiming(beginTime: tween.begin, duration: tween.duration)
        }
    }

    /// Whether the stack removes it once finished.
    public var isRemovedOnCompletion: Bool {
        switch self {
        case .tween(let animation): animation.isRemovedOnCompletion
        case .pathPosition, .pathRotation, .additiveTween: true
        }
    }

    /// The presented value and velocity at `time` over `underlying`; nil when it has no effect.
    ///
    /// A path's rotation velocity is the central difference of its angle over ±0.1 ms (the path gives the angle,
    /// not its rate; the difference is exact to about 1e-8 rad/s on the gallery's ellipse).
    public func sample(at time: Double, over underlying: PresentedState<SIMD2<Double>>) -> PresentedState<SIMD2<Double>>? {
        switch self {
        case .tween(let animation):
            return animation.sample(at: time, over: underlying)
        case .pathPosition(let animation):
            return animation.sample(at: time, over: underlying)?.position
        case .pathRotation(let animation):
            guard let angle = animation.sample(at: time, over: PresentedState(resting: .zero))?.rotation else { return nil }
            let h = 1e-4
            var rate = 0.0
            if let before = animation.sample(at: time - h, over: PresentedState(resting: .zero))?.rotation,
               let after = animation.sample(at: time + h, over: PresentedState(resting: .zero))?.rotation {
                // Unwrap across ±π before differencing.
                let turn = 2 * Double.pi
                let delta = (after - before + Double.pi).truncatingRemainder(dividingBy: turn)
                rate = ((delta < 0 ? delta + turn : delta) - Double.pi) / (2 * h)
            }
            return PresentedState(value: SIMD2(angle, 0), velocity: SIMD2(rate, 0))
        case .additiveTween(let tween):
            // Finished, it has no effect (as an animation whose fill is removed).
            guard !tween.isFinished(at: time) else { return nil }
            let offset = tween.offset(at: time)
            return PresentedState(value: underlying.value + offset.value,
                                  velocity: underlying.velocity + offset.velocity)
        }
    }
}

/// Core Animation's animations on one layer property, on the one animator's clock (conforms to `AnimationBackend`).
///
/// `model` is the property's model value; `entries` are the animations added to it, bottom first, each composed over
/// the result of those below (additive ones add, others replace), sampled at `time`, the media time the animator
/// advances (so a `beginTime` is on that clock: `time` when the animation is added means "now", `time + 0.5`
/// half a second later). `advance(by:)` drops animations that finished and are removed on completion; the stack
/// is at rest when no animation can change the presented value any more (all finished).
///
/// As a backend it keeps the contract, moving as `TweenBackend` does (both add `AdditiveTween`s):
/// - `start(from:velocity:to:)` sets the model to `to` and adds the hand-off over `duration`
///   (`AdditiveTween.handOff`): it leaves `from` with exactly `velocity` (any direction) and ends flat at the model.
/// - `retarget(to:)` is iOS 8's additive retarget: the model moves, and an additive tween from the old model minus
///   the new one to zero (`timingFunction`, flat at its start) is added on top; value and velocity continuous.
/// - `interrupt()` removes every animation; the model becomes the presented value.
public struct TimedAnimationStack: AnimationBackend, Sendable {
    /// One animation on the stack.
    public struct Entry: Sendable {
        /// The key it was added under (`CALayer.add(_:forKey:)`); adding under a key in use replaces that one.
        public var key: String
        /// The animation.
        public var animation: TimedAnimation
    }

    /// The property's model value.
    public var model: SIMD2<Double>
    /// Media time: the sum of every `advance(by:)` (seconds, on the clock `beginTime`s are given in).
    public private(set) var time: Double
    /// The animations, bottom first.
    public private(set) var entries: [Entry] = []
    /// Duration of the animations `start` and `retarget` add (seconds).
    public let duration: Double
    /// Timing function of the animations `retarget` adds (should start flat for velocity continuity).
    public let timingFunction: TimingFunction
    private var serial = 0

    /// A stack with no animations holding `model`, at media time `time`; `start`/`retarget` animate over
    /// `duration` s (Core Animation's implicit 0.25 s by default) with `timingFunction`.
    public init(model: SIMD2<Double>, time: Double = 0, duration: Double = 0.25,
                timingFunction: TimingFunction = .easeInEaseOut) {
        precondition(duration > 0, "duration must be positive")
        self.model = model
        self.time = time
        self.duration = duration
        self.timingFunction = timingFunction
    }

    // MARK: Animations

    /// Adds `animation` under `key`, replacing (in its place) one already there.
    public mutating func add(_ animation: TimedAnimation, forKey key: String) {
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index].animation = animation
        } else {
            entries.append(Entry(key: key, animation: animation))
        }
    }

    /// Adds `animation` under a fresh key and returns the key.
    @discardableResult
    public mutating func add(_ animation: TimedAnimation) -> String {
        serial += 1
        let key = "animation-\(serial)"
        add(animation, forKey: key)
        return key
    }

    /// Removes the animation for `key`.
    public mutating func removeAnimation(forKey key: String) {
        entries.removeAll { $0.key == key }
    }

    /// Replaces every animation by `transform` of it (a layout change rebuilding a path, keeping timings).
    public mutating func mapAnimations(_ transform: (TimedAnimation) -> TimedAnimation) {
        for index in entries.indices { entries[index].animation = transform(entries[index].animation) }
    }

    /// Sets the model to `value` and animates the presented value there from where it is now, starting now
    /// (seed 003's pattern: removing the animation never snaps back).
    ///
    /// `.additive` keeps the presented value and, with a timing function that starts flat (easeIn,
    /// easeInEaseOut), the velocity continuous: an `AdditiveTween` from the old model minus the new to zero goes on
    /// top (Core Animation's additive basic animation). `.beginFromCurrentState` keeps only the value: a basic
    /// animation from the presented value to the model replaces the running ones (not additive, as UIKit's).
    public mutating func animate(to value: SIMD2<Double>, duration: Double, timingFunction: TimingFunction = .easeInEaseOut,
                                 mode: RetargetMode = .additive) {
        let timing = MediaTiming(beginTime: time, duration: duration)
        switch mode {
        case .additive:
            add(.additiveTween(AdditiveTween(retargetingFrom: model, to: value, at: time, duration: duration,
                                             timingFunction: timingFunction)))
            model = value
        case .beginFromCurrentState:
            let presented = presentedState.value
            entries.removeAll(keepingCapacity: true)
            model = value
            add(.tween(.basic(BasicAnimation(from: presented, to: value, timing: timing,
                                             timingFunction: timingFunction))))
        }
    }

    // MARK: AnimationBackend

    /// Where the motion is heading: the model value.
    public var target: SIMD2<Double> { model }

    /// The value to draw now.
    public var presentedValue: SIMD2<Double> { presentedState.value }

    /// The velocity of the presented value now.
    public var presentedVelocity: SIMD2<Double> { presentedState.velocity }

    /// The model with every animation applied at `time`.
    public var presentedState: PresentedState<SIMD2<Double>> {
        var result = PresentedState(resting: model)
        for entry in entries {
            if let next = entry.animation.sample(at: time, over: result) { result = next }
        }
        return result
    }

    /// True when every animation has finished (a finished one that stays, filling forwards, no longer changes).
    public var isAtRest: Bool { entries.allSatisfy { $0.animation.timing.isFinished(at: time) } }

    /// Begins a motion from `value` with absolute `velocity` toward `target` (see the type's notes).
    public mutating func start(from value: SIMD2<Double>, velocity: SIMD2<Double>, to target: SIMD2<Double>) {
        entries.removeAll(keepingCapacity: true)
        model = target
        if let handOff = AdditiveTween.handOff(from: value, velocity: velocity, to: target, at: time,
                                               duration: duration, timingFunction: timingFunction) {
            add(.additiveTween(handOff))
        }
    }

    /// Changes the destination (iOS 8's additive retarget), keeping the presented value and velocity continuous.
    public mutating func retarget(to newTarget: SIMD2<Double>) {
        guard newTarget != model else { return }
        animate(to: newTarget, duration: duration, timingFunction: timingFunction, mode: .additive)
    }

    /// Advances media time by `dt` seconds and drops the animations that finished and are removed on completion.
    public mutating func advance(by dt: Double) {
        guard dt > 0 else { return }
        time += dt
        let now = time
        entries.removeAll { $0.animation.isRemovedOnCompletion && $0.animation.timing.isFinished(at: now) }
    }

    /// Removes every animation and returns the presented value and velocity at this instant (the new model).
    public mutating func interrupt() -> PresentedState<SIMD2<Double>> {
        let state = presentedState
        entries.removeAll(keepingCapacity: true)
        model = state.value
        return state
    }
}
