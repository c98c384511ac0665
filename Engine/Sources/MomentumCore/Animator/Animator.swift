/// The driver: keyed animations (one per target property) advanced by the steps its owner hands it.
///
/// - The owner calls `advance(by:)` with each frame's step: `MultiAnimator`, whose owner (the layer tree) keeps
///   the media time and measures frames. The animator has no clock of its own and never reads one.
/// - `isIdle` is true when every animation is at rest: stop the display link then.
/// - Hitches: a step longer than `maxFrameInterval` advances the animations by only `maxFrameInterval`. This
///   deliberately drops the excess time so a stall (debugger, suspended window) does not make everything jump to
///   its end; below the limit no time is ever lost.
/// - An animation added between two frames is advanced by the whole next step (it moves in that frame).
/// - Interrupting, removing or replacing an animation hands back its presented value and velocity.
/// - Storage is two `ContiguousArray`s of concrete backends and keys plus a key → index dictionary; a frame
///   only walks the backend array in place (no per-frame allocation, closures or existentials).
public struct Animator<Key: Hashable, Backend: AnimationBackend> {
    /// The longest frame gap simulated in one advance (seconds); longer gaps are clamped to it.
    public let maxFrameInterval: Double

    @usableFromInline var slots: [Key: Int] = [:]
    @usableFromInline var keys = ContiguousArray<Key>()
    @usableFromInline var backends = ContiguousArray<Backend>()

    /// An empty animator; `maxFrameInterval` defaults to 0.1 s.
    public init(maxFrameInterval: Double = 0.1) {
        precondition(maxFrameInterval > 0, "maxFrameInterval must be positive")
        self.maxFrameInterval = maxFrameInterval
    }

    /// True when no animation is moving.
    @inlinable
    public var isIdle: Bool {
        for index in backends.indices where !backends[index].isAtRest { return false }
        return true
    }

    /// Number of animations held (moving or at rest).
    public var count: Int { backends.count }

    /// The animation for `key`, if any.
    @inlinable
    public subscript(key: Key) -> Backend? {
        guard let index = slots[key] else { return nil }
        return backends[index]
    }

    /// The presented value for `key`, if animated (read in place: the backend is not copied out).
    @inlinable
    public func presentedValue(for key: Key) -> SIMD2<Double>? {
        guard let index = slots[key] else { return nil }
        return backends.withUnsafeBufferPointer { $0[index].presentedValue }
    }

    /// The presented velocity for `key`, if animated (read in place: the backend is not copied out).
    @inlinable
    public func presentedVelocity(for key: Key) -> SIMD2<Double>? {
        guard let index = slots[key] else { return nil }
        return backends.withUnsafeBufferPointer { $0[index].presentedVelocity }
    }

    /// The presented value and velocity for `key`, if animated (read in place).
    @inlinable
    public func presentedState(for key: Key) -> PresentedState<SIMD2<Double>>? {
        guard let index = slots[key] else { return nil }
        return backends.withUnsafeBufferPointer { $0[index].presentedState }
    }

    /// Calls `body` with every animation's key and presented state, in storage order, without a key lookup:
    /// the way to read everything once per frame (e.g. to draw every animated object).
    @inlinable
    public func forEachPresented(_ body: (Key, PresentedState<SIMD2<Double>>) throws -> Void) rethrows {
        try keys.withUnsafeBufferPointer { keys in
            try backends.withUnsafeBufferPointer { backends in
                for index in backends.indices { try body(keys[index], backends[index].presentedState) }
            }
        }
    }

    /// Adds `backend` under `key`, replacing (and interrupting) any animation already there, whose presented
    /// state is returned.
    @discardableResult
    public mutating func add(_ backend: Backend, for key: Key) -> PresentedState<SIMD2<Double>>? {
        if let index = slots[key] {
            let previous = backends[index].interrupt()
            backends[index] = backend
            return previous
        }
        slots[key] = backends.count
        keys.append(key)
        backends.append(backend)
        return nil
    }

    /// Changes the animation for `key` in place and returns what `body` returns; nil when there is none.
    public mutating func modify<Result>(_ key: Key, _ body: (inout Backend) -> Result) -> Result? {
        guard let index = slots[key] else { return nil }
        return body(&backends[index])
    }

    /// Restarts the animation for `key` from an explicit value and velocity; false if there is none.
    @discardableResult
    public mutating func start(_ key: Key, from value: SIMD2<Double>, velocity: SIMD2<Double>,
                               to target: SIMD2<Double>) -> Bool {
        guard let index = slots[key] else { return false }
        backends[index].start(from: value, velocity: velocity, to: target)
        return true
    }

    /// Retargets the animation for `key`, keeping its presented value and velocity; false if there is none.
    @discardableResult
    public mutating func retarget(_ key: Key, to target: SIMD2<Double>) -> Bool {
        guard let index = slots[key] else { return false }
        backends[index].retarget(to: target)
        return true
    }

    /// Stops the animation for `key` where it is (it stays, at rest) and returns its presented state.
    public mutating func interrupt(_ key: Key) -> PresentedState<SIMD2<Double>>? {
        guard let index = slots[key] else { return nil }
        return backends[index].interrupt()
    }

    /// Removes the animation for `key` and returns its presented state at this instant.
    @inlinable
    @discardableResult
    public mutating func remove(_ key: Key) -> PresentedState<SIMD2<Double>>? {
        guard let index = slots.removeValue(forKey: key) else { return nil }
        let state = backends[index].interrupt()
        let last = backends.count - 1
        if index != last {
            backends.swapAt(index, last)
            keys.swapAt(index, last)
            slots[keys[index]] = index
        }
        backends.removeLast()
        keys.removeLast()
        return state
    }

    /// Removes every animation that has come to rest, calling `body` with its key and final presented state
    /// (Core Animation's `removedOnCompletion`: the owner's model value already holds where it ended).
    @inlinable
    public mutating func removeSettled(_ body: (Key, PresentedState<SIMD2<Double>>) -> Void) {
        var index = backends.count - 1
        while index >= 0 {
            if backends[index].isAtRest {
                let key = keys[index]
                let state = backends[index].presentedState
                remove(key)
                body(key, state)
            }
            index -= 1
        }
    }

    /// Advances every moving animation by `dt` seconds (clamped to `[0, maxFrameInterval]`); returns the step
    /// taken, the frame time everything driven by this animator should move by.
    ///
    /// Inlinable so a concrete `Animator<Key, SpringAnimation>` is specialised: the frame loop has no witness-table
    /// calls.
    @inlinable
    @discardableResult
    public mutating func advance(by dt: Double) -> Double {
        let step = min(max(0, dt), maxFrameInterval)
        self.step(by: step)
        return step
    }

    @inlinable
    mutating func step(by dt: Double) {
        guard dt > 0 else { return }
        // One uniqueness check for the whole array instead of one per backend written.
        backends.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices where !buffer[index].isAtRest {
                buffer[index].advance(by: dt)
            }
        }
    }
}

extension Animator: Sendable where Key: Sendable, Backend: Sendable {}
