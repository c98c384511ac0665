import MomentumCore
import WaylandClient

/// Frame pacing for a display link made of `wl_surface.frame` callbacks: whether a frame is owed (`dirty`), the
/// frame clock (callback timestamps refined by presentation feedback), frame sequence numbers and statistics.
///
/// A frame is drawn when a callback fires while something moves or changed, or at once when input arrives while
/// idle (no callback pending). When a callback finds nothing to do, no further frame is requested: idle is idle.
struct FramePacer {
    /// True when something changed that the screen does not show yet.
    var dirty = false
    /// Recent frame intervals and the refresh, for the HUD.
    private(set) var statistics = FrameStatistics()
    /// The sequence number of the last frame drawn (presentation feedback refers to it).
    private(set) var sequence: UInt64 = 0
    private var clock = FrameClock()

    /// A callback stamped `ms` fired at host time `now`: records it and returns the animation step.
    mutating func callback(_ ms: UInt32, now: Double) -> Double {
        statistics.callback(ms)
        return clock.tick(callbackMilliseconds: ms, hostTime: now)
    }

    /// A frame drawn at once after idle, before any callback: step 0, and the next callback is measured from now.
    mutating func resume(now: Double) { _ = clock.resume(hostTime: now) }

    /// The callback found nothing to draw: the display link stops until the next input.
    mutating func idle() { statistics.idle() }

    /// Starts drawing a frame: clears `dirty` and returns the frame's sequence number.
    mutating func beginFrame() -> UInt64 {
        dirty = false
        sequence += 1
        return sequence
    }

    /// Presentation feedback refines later callback times.
    mutating func presented(_ presentation: Presentation) {
        clock.presented(nanoseconds: presentation.nanoseconds, refreshNanoseconds: UInt64(presentation.refreshNanoseconds))
        statistics.presented(ns: presentation.nanoseconds, refreshNs: presentation.refreshNanoseconds,
                             msc: presentation.msc, vsync: presentation.flags & 0x1 != 0)
    }
}
