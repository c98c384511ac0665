/// An interactive, scrubbable tween (`UIViewPropertyAnimator` semantics) on a manual clock.
///
/// The animator moves a value between `from` and `to`. Internally it runs one *segment* at a time: a start, a
/// destination, a timing function and a length, with progress p advancing with time while running. Every
/// operation keeps the presented value continuous:
/// - `pause(at:)` freezes p; `start(at:)` / `continueAnimation(…)` without new timing resume it.
/// - `setFractionComplete(_:)` (paused only) scrubs linearly between `from` and `to` (`scrubsLinearly`).
/// - `setReversed(_:at:)` on a segment spanning `from`–`to` is an exact time reversal (value unchanged, velocity
///   negated); on a rebased segment it heads back to the other end from the presented value.
/// - `continueAnimation(timingFunction:durationFactor:at:)` with a timing function rebases: from the presented
///   value to the current destination, with the new curve over `durationFactor × duration`.
public struct PropertyAnimator<Value: VectorArithmetic>: Sendable {
    struct Segment: Sendable {
        var start: Value
        var end: Value
        var timingFunction: TimingFunction
        var mirrored: Bool
        var length: Double
        var spansEnds: Bool

        func eased(_ p: Double) -> (value: Double, slope: Double) {
            if mirrored {
                let e = timingFunction.valueAndSlope(at: 1 - p)
                return (1 - e.value, e.slope)
            }
            return timingFunction.valueAndSlope(at: p)
        }
    }

    /// The start value.
    public let from: Value
    /// The end value.
    public let to: Value
    /// The full-length duration (seconds).
    public let duration: Double
    /// The original timing function.
    public let timingFunction: TimingFunction
    /// True when heading back to `from`.
    public private(set) var isReversed = false
    /// True while time advances the animation.
    public private(set) var isRunning = false

    private var segment: Segment
    private var progressAtAnchor = 0.0
    private var anchorTime = 0.0

    /// An animator at `from`, not yet started.
    public init(from: Value, to: Value, duration: Double, timingFunction: TimingFunction = .easeInEaseOut) {
        precondition(duration > 0, "duration must be positive")
        self.from = from
        self.to = to
        self.duration = duration
        self.timingFunction = timingFunction
        segment = Segment(start: from, end: to, timingFunction: timingFunction, mirrored: false, length: duration,
                          spansEnds: true)
    }

    private func progress(at time: Double) -> Double {
        guard isRunning else { return progressAtAnchor }
        return Swift.min(progressAtAnchor + (time - anchorTime) / segment.length, 1)
    }

    /// The presented value and velocity at `time`.
    public func presentation(at time: Double) -> PresentedState<Value> {
        let p = progress(at: time)
        let eased = segment.eased(p)
        let span = segment.end - segment.start
        let moving = isRunning && p < 1
        return PresentedState(value: segment.start + eased.value * span,
                           velocity: (moving ? eased.slope / segment.length : 0) * span)
    }

    /// True once a running animation has reached its destination.
    public func isFinished(at time: Double) -> Bool { isRunning && progress(at: time) >= 1 }

    /// Where the presented value lies between `from` (0) and `to` (1), by projection onto the move.
    public func fractionComplete(at time: Double) -> Double {
        let span = to - from
        let squared = Value.tweenDot(span, span)
        guard squared > 0 else { return progress(at: time) }
        return Value.tweenDot(presentation(at: time).value - from, span) / squared
    }

    /// Starts (or resumes) time at `time`.
    public mutating func start(at time: Double) {
        guard !isRunning else { return }
        anchorTime = time
        isRunning = true
    }

    /// Freezes the animation where it is at `time`.
    public mutating func pause(at time: Double) {
        guard isRunning else { return }
        progressAtAnchor = progress(at: time)
        isRunning = false
    }

    /// Scrubs (paused only): puts the value at `fraction` of the way from `from` to `to`, linearly.
    public mutating func setFractionComplete(_ fraction: Double) {
        guard !isRunning else { return }
        if isReversed {
            segment = Segment(start: to, end: from, timingFunction: .linear, mirrored: false, length: duration,
                              spansEnds: true)
            progressAtAnchor = 1 - fraction
        } else {
            segment = Segment(start: from, end: to, timingFunction: .linear, mirrored: false, length: duration,
                              spansEnds: true)
            progressAtAnchor = fraction
        }
    }

    /// Turns the animation around at `time`, keeping the presented value.
    public mutating func setReversed(_ reversed: Bool, at time: Double) {
        guard reversed != isReversed else { return }
        let p = progress(at: time)
        let current = presentation(at: time).value
        isReversed = reversed
        anchorTime = time
        if segment.spansEnds {
            // Exact time reversal: swap the ends, mirror the curve, p → 1 − p.
            segment = Segment(start: segment.end, end: segment.start, timingFunction: segment.timingFunction,
                              mirrored: !segment.mirrored, length: segment.length, spansEnds: true)
            progressAtAnchor = 1 - p
        } else {
            segment = Segment(start: current, end: reversed ? from : to, timingFunction: timingFunction,
                              mirrored: false, length: duration, spansEnds: false)
            progressAtAnchor = 0
        }
    }

    /// Resumes at `time`; with a timing function, rebases onto it from the presented value to the destination,
    /// lasting `durationFactor × duration`.
    public mutating func continueAnimation(timingFunction newTiming: TimingFunction?, durationFactor: Double = 1,
                                           at time: Double) {
        if let newTiming {
            let current = presentation(at: time).value
            let length = durationFactor > 0 ? durationFactor * duration : duration
            segment = Segment(start: current, end: isReversed ? from : to, timingFunction: newTiming, mirrored: false,
                              length: length, spansEnds: false)
            progressAtAnchor = 0
        } else {
            progressAtAnchor = progress(at: time)
            if durationFactor > 0 { segment.length = durationFactor * duration }
        }
        anchorTime = time
        isRunning = true
    }
}
