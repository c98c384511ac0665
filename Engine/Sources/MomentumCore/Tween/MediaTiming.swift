/// Core Animation's timing model (`CAMediaTiming`): maps a parent time to a local iteration time.
///
/// Local elapsed time is (parent − beginTime) · speed. The active interval lasts
/// `duration · repeatCount · (autoreverses ? 2 : 1) / speed` in parent time (or `repeatDuration` of local time if
/// set); `repeatCount` may be fractional or infinite, 0 means once. `timeOffset` shifts the local time and wraps it
/// around the active interval (with `speed = 0` it freezes the animation at that offset — the classic pause).
/// Negative speeds are treated as zero.
public struct MediaTiming: Sendable, Hashable {
    /// Start, in parent time (seconds).
    public var beginTime: Double
    /// Length of one iteration in local time (seconds); 0 means an instantaneous change.
    public var duration: Double
    /// Local time per parent time.
    public var speed: Double
    /// Added to the local time (wraps around the active interval).
    public var timeOffset: Double
    /// Number of iterations (fractional allowed, `.infinity` for ever); 0 means 1.
    public var repeatCount: Double
    /// Total local time to repeat for; overrides `repeatCount` when positive.
    public var repeatDuration: Double
    /// Plays each iteration forwards then backwards.
    public var autoreverses: Bool
    /// What shows before the start and after the end.
    public var fillMode: FillMode

    /// Creates a timing description; defaults follow Core Animation (duration 0.25 s, speed 1, one iteration).
    public init(beginTime: Double = 0, duration: Double = 0.25, speed: Double = 1, timeOffset: Double = 0,
                repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                fillMode: FillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    @inlinable var iterationDuration: Double { duration > 0 ? duration : 0 }
    @inlinable var cycleDuration: Double { autoreverses ? 2 * iterationDuration : iterationDuration }
    @inlinable var effectiveSpeed: Double { speed > 0 ? speed : 0 }

    /// Length of the active interval in local time.
    @inlinable
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        let count = repeatCount > 0 ? repeatCount : 1
        return cycleDuration == 0 ? 0 : count * cycleDuration
    }

    /// The parent time at which the active interval ends (infinite for endless or frozen animations).
    @inlinable
    public var endTime: Double {
        let active = activeDuration
        if active == 0 { return beginTime }
        if effectiveSpeed == 0 || !active.isFinite { return .infinity }
        return beginTime + active / effectiveSpeed
    }

    /// True once the active interval is over at `parentTime` (a removed-on-completion animation can go).
    public func isFinished(at parentTime: Double) -> Bool { parentTime >= endTime }

    /// The iteration-local time (0 … duration, running backwards in reversed halves) and its rate
    /// d(local)/d(parent) at `parentTime`, or nil when the animation has no effect (outside, not filled).
    @inlinable @inline(__always)
    public func localTime(at parentTime: Double) -> (time: Double, rate: Double)? {
        let speed = effectiveSpeed
        let elapsed = (parentTime - beginTime) * speed
        let active = activeDuration
        if elapsed < 0 {
            guard fillMode.fillsBackwards else { return nil }
            return (iterationTime(atActive: wrapped(timeOffset, active)).time, 0)
        }
        if parentTime >= endTime {
            guard fillMode.fillsForwards else { return nil }
            return (endIterationTime(active), 0)
        }
        let local = timeOffset == 0 ? elapsed : wrapped(elapsed + timeOffset, active)
        let state = iterationTime(atActive: local)
        return (state.time, state.forwards ? speed : -speed)
    }

    /// Progress through the iteration (local time ÷ duration) and its rate per parent second.
    @inlinable @inline(__always)
    public func progress(at parentTime: Double) -> (progress: Double, rate: Double)? {
        guard let local = localTime(at: parentTime) else { return nil }
        let d = iterationDuration
        if d == 0 { return (1, 0) }
        return (local.time / d, local.rate / d)
    }

    @inlinable
    func wrapped(_ local: Double, _ active: Double) -> Double {
        guard active > 0, active.isFinite else { return Swift.max(local, 0) }
        let r = local.truncatingRemainder(dividingBy: active)
        return r < 0 ? r + active : r
    }

    /// Iteration time inside the active interval.
    @inlinable
    func iterationTime(atActive local: Double) -> (time: Double, forwards: Bool) {
        let d = iterationDuration
        let cycle = cycleDuration
        if cycle == 0 { return (d, true) }
        let u = local.truncatingRemainder(dividingBy: cycle)
        if u < d { return (u, true) }
        return (2 * d - u, false)
    }

    /// Iteration time at the very end of the active interval (a whole number of iterations ends on its last frame).
    @inlinable
    func endIterationTime(_ active: Double) -> Double {
        let d = iterationDuration
        let cycle = cycleDuration
        if cycle == 0 || !active.isFinite { return d }
        let cycles = active / cycle
        let whole = cycles.rounded(.down)
        if cycles == whole { return autoreverses ? 0 : d }
        return iterationTime(atActive: (cycles - whole) * cycle).time
    }
}
