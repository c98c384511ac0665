/// The one driver of a set of animations that run on different backends: one `Animator` of each concrete backend
/// (spring, dynamics, tween, decay, timed) behind a single key space, clock clamp and API in terms of `PropertyAnimation`.
///
/// Each frame walks five contiguous arrays of concrete backends in place, so a spring in a mixed set costs what it
/// costs in `Animator<Key, SpringAnimation>`: an array of `PropertyAnimation` enums would copy every spring
/// (352 bytes then, 216 now) out and back per tick (measured 3.2× slower for 100 000 springs, `docs/benchmarks/engine.md`).
/// Hitches are clamped here, once: `advance(by:)` clamps `dt` to `maxFrameInterval` and hands the same step to all
/// five (whose own limit is infinite).
public struct MultiAnimator<Key: Hashable & Sendable>: Sendable {
    /// The longest frame gap simulated in one advance (seconds); longer gaps are clamped to it.
    public let maxFrameInterval: Double
    @usableFromInline var kinds: [Key: PropertyAnimation.Kind] = [:]
    @usableFromInline var springs = Animator<Key, SpringAnimation>(maxFrameInterval: .infinity)
    @usableFromInline var dynamics = Animator<Key, DynamicsBackend>(maxFrameInterval: .infinity)
    @usableFromInline var tweens = Animator<Key, TweenBackend>(maxFrameInterval: .infinity)
    @usableFromInline var decays = Animator<Key, DecayAnimation>(maxFrameInterval: .infinity)
    @usableFromInline var timed = Animator<Key, TimedAnimationStack>(maxFrameInterval: .infinity)

    /// An empty set; `maxFrameInterval` defaults to 0.1 s.
    public init(maxFrameInterval: Double = 0.1) {
        precondition(maxFrameInterval > 0, "maxFrameInterval must be positive")
        self.maxFrameInterval = maxFrameInterval
    }

    /// True when no animation is moving.
    public var isIdle: Bool { springs.isIdle && dynamics.isIdle && tweens.isIdle && decays.isIdle && timed.isIdle }

    /// Number of animations held.
    public var count: Int { kinds.count }

    /// The animation for `key` (a copy), if any.
    public subscript(key: Key) -> PropertyAnimation? {
        switch kinds[key] {
        case nil: nil
        case .spring: springs[key].map(PropertyAnimation.spring)
        case .dynamics: dynamics[key].map(PropertyAnimation.dynamics)
        case .tween: tweens[key].map(PropertyAnimation.tween)
        case .decay: decays[key].map(PropertyAnimation.decay)
        case .timed: timed[key].map(PropertyAnimation.timed)
        }
    }

    /// True while `key` has an animation.
    @inlinable
    public func contains(_ key: Key) -> Bool { kinds[key] != nil }

    /// Every key that has an animation, in no particular order.
    @inlinable
    public var keys: Dictionary<Key, PropertyAnimation.Kind>.Keys { kinds.keys }

    /// The presented value and velocity for `key`, read in place; nil when it has no animation.
    @inlinable
    public func presentedState(for key: Key) -> PresentedState<SIMD2<Double>>? {
        switch kinds[key] {
        case nil: nil
        case .spring: springs.presentedState(for: key)
        case .dynamics: dynamics.presentedState(for: key)
        case .tween: tweens.presentedState(for: key)
        case .decay: decays.presentedState(for: key)
        case .timed: timed.presentedState(for: key)
        }
    }

    /// Calls `body` with every animation's key and presented state, without key lookups.
    @inlinable
    public func forEachPresented(_ body: (Key, PresentedState<SIMD2<Double>>) throws -> Void) rethrows {
        try springs.forEachPresented(body)
        try dynamics.forEachPresented(body)
        try tweens.forEachPresented(body)
        try decays.forEachPresented(body)
        try timed.forEachPresented(body)
    }

    /// Adds `animation` under `key`, replacing (and interrupting) any animation there, whose presented state is
    /// returned.
    @discardableResult
    public mutating func add(_ animation: PropertyAnimation, for key: Key) -> PresentedState<SIMD2<Double>>? {
        let previous = remove(key)
        kinds[key] = animation.kind
        switch animation {
        case .spring(let a): springs.add(a, for: key)
        case .dynamics(let a): dynamics.add(a, for: key)
        case .tween(let a): tweens.add(a, for: key)
        case .decay(let a): decays.add(a, for: key)
        case .timed(let a): timed.add(a, for: key)
        }
        return previous
    }

    /// Changes the Core Animation stack for `key` in place (adds an animation to it, rebuilds a path) and returns
    /// what `body` returns; nil, and `body` is not called, when `key` runs no `.timed` animation.
    public mutating func modifyTimed<Result>(_ key: Key, _ body: (inout TimedAnimationStack) -> Result) -> Result? {
        guard kinds[key] == .timed else { return nil }
        return timed.modify(key, body)
    }

    /// Restarts the animation for `key` from an explicit value and velocity; false if there is none.
    @discardableResult
    public mutating func start(_ key: Key, from value: SIMD2<Double>, velocity: SIMD2<Double>,
                               to target: SIMD2<Double>) -> Bool {
        switch kinds[key] {
        case nil: false
        case .spring: springs.start(key, from: value, velocity: velocity, to: target)
        case .dynamics: dynamics.start(key, from: value, velocity: velocity, to: target)
        case .tween: tweens.start(key, from: value, velocity: velocity, to: target)
        case .decay: decays.start(key, from: value, velocity: velocity, to: target)
        case .timed: timed.start(key, from: value, velocity: velocity, to: target)
        }
    }

    /// Retargets the animation for `key`, keeping its presented value and velocity; false if there is none.
    @discardableResult
    public mutating func retarget(_ key: Key, to target: SIMD2<Double>) -> Bool {
        switch kinds[key] {
        case nil: false
        case .spring: springs.retarget(key, to: target)
        case .dynamics: dynamics.retarget(key, to: target)
        case .tween: tweens.retarget(key, to: target)
        case .decay: decays.retarget(key, to: target)
        case .timed: timed.retarget(key, to: target)
        }
    }

    /// Removes the animation for `key` and returns its presented state at this instant.
    @discardableResult
    public mutating func remove(_ key: Key) -> PresentedState<SIMD2<Double>>? {
        switch kinds.removeValue(forKey: key) {
        case nil: nil
        case .spring: springs.remove(key)
        case .dynamics: dynamics.remove(key)
        case .tween: tweens.remove(key)
        case .decay: decays.remove(key)
        case .timed: timed.remove(key)
        }
    }

    /// Advances every moving animation by `dt` seconds, clamped to `[0, maxFrameInterval]`; returns the step taken.
    @inlinable
    @discardableResult
    public mutating func advance(by dt: Double) -> Double {
        let step = min(max(0, dt), maxFrameInterval)
        guard step > 0 else { return step }
        springs.advance(by: step)
        dynamics.advance(by: step)
        tweens.advance(by: step)
        decays.advance(by: step)
        timed.advance(by: step)
        return step
    }

    /// Removes every animation that has come to rest, calling `body` with its key and final presented state.
    ///
    /// Each backend's animator is passed `inout` directly (no key paths: a key path into a generic type is
    /// instantiated at run time, eight allocations a frame that the allocation gate caught).
    @inlinable
    public mutating func removeSettled(_ body: (Key, PresentedState<SIMD2<Double>>) -> Void) {
        Self.removeSettled(from: &springs, kinds: &kinds, body)
        Self.removeSettled(from: &dynamics, kinds: &kinds, body)
        Self.removeSettled(from: &tweens, kinds: &kinds, body)
        Self.removeSettled(from: &decays, kinds: &kinds, body)
        Self.removeSettled(from: &timed, kinds: &kinds, body)
    }

    @inlinable
    static func removeSettled<Backend: AnimationBackend>(
        from animator: inout Animator<Key, Backend>,
        kinds: inout [Key: PropertyAnimation.Kind],
        _ body: (Key, PresentedState<SIMD2<Double>>) -> Void
    ) {
        animator.removeSettled { key, state in
            kinds[key] = nil
            body(key, state)
        }
    }
}
