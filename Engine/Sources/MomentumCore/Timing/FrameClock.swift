/// Animation time for a display link driven by `wl_surface.frame` callbacks.
///
/// The clock advances only by the differences between successive frame callback timestamps (milliseconds,
/// wrapping `u32`, undefined base). When presentation feedback is offered, a callback time that lies within 1 ms
/// of the predicted presentation time (last presented + k·refresh) is replaced by that nanosecond prediction, which
/// removes the millisecond quantisation. A hitch is reported whole: clamping it (so a stalled compositor resumes the
/// motion where it stopped instead of teleporting) is the animator's job, done once (`MultiAnimator`).
/// After idle, the first frame is drawn at once with step 0; the first callback that follows is measured with the
/// host's monotonic clock (the only place it is used), because no earlier callback exists to subtract.
public struct FrameClock: Sendable {
    private var lastCallback: UInt32?
    private var lastRefined: Double?
    private var resumeHostTime: Double?
    private var lastPresentedNs: UInt64?
    private var refreshNs: UInt64 = 0
    /// Frame time in seconds: the sum of every step so far.
    public private(set) var animationTime: Double = 0

    /// Creates a clock.
    public init() {}

    /// Starts a frame after idle, drawn before any callback: returns step 0 and remembers the host time.
    public mutating func resume(hostTime: Double) -> Double {
        lastCallback = nil
        resumeHostTime = hostTime
        return 0
    }

    /// A frame callback fired with `callbackMilliseconds`; returns the step to advance animations by.
    public mutating func tick(callbackMilliseconds ms: UInt32, hostTime: Double) -> Double {
        let refined = refinedTime(ms)
        var step: Double
        if let last = lastCallback {
            step = Double(Int32(bitPattern: ms &- last)) / 1e3
            // Use the nanosecond prediction when both frames have one and it agrees with the callbacks.
            if let now = refined, let before = lastRefined, abs((now - before) - step) <= 0.0015 { step = now - before }
        } else if let resumed = resumeHostTime {
            step = hostTime - resumed
        } else {
            step = 0
        }
        resumeHostTime = nil
        lastCallback = ms
        lastRefined = refined
        step = max(step, 0)
        animationTime += step
        return step
    }

    /// Records presentation feedback (`wp_presentation_feedback.presented`) for refining later callbacks.
    public mutating func presented(nanoseconds: UInt64, refreshNanoseconds: UInt64) {
        lastPresentedNs = nanoseconds
        refreshNs = refreshNanoseconds
    }

    /// The presentation time (seconds, presentation clock) predicted for a callback stamped `ms`, when the
    /// callback lies within 1 ms of last presented + k·refresh; nil otherwise.
    func refinedTime(_ ms: UInt32) -> Double? {
        guard let presented = lastPresentedNs, refreshNs > 0 else { return nil }
        let presentedMs = presented / 1_000_000
        let fraction = Double(presented % 1_000_000) / 1e6
        // Offset of the callback from the presentation, in ms, modulo 2^32 (both come from the compositor clock).
        let offsetMs = Double(Int32(bitPattern: ms &- UInt32(truncatingIfNeeded: presentedMs))) - fraction
        let refreshMs = Double(refreshNs) / 1e6
        let periods = (offsetMs / refreshMs).rounded()
        guard periods >= 0, abs(periods * refreshMs - offsetMs) <= 1 else { return nil }
        return (Double(presented) + periods * Double(refreshNs)) / 1e9
    }
}
