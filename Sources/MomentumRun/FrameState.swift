/// The display link's state: whether a frame callback is awaited, owed or starting, and whether anything changed
/// that the screen does not show yet. It alone decides when a frame is drawn (`decide(at:)`); the run core tells it
/// what happened.
///
/// - `unconfigured`: no surface yet; nothing is drawn.
/// - `idle`: no callback asked for. A change (`invalidate`) is drawn at once, at the next decision.
/// - `awaitingCallback`: a frame was committed and asked for the next callback. Changes wait for it.
/// - `owed`: the callback came; the frame starts at `wake` (the learned late start), not before.
/// - `starting`: the start came; the newest input is being read, then the frame is built and either drawn
///   (`drew`, back to `awaitingCallback`) or, when nothing moves and nothing changed, not (`rested`, `idle`): no
///   callback is asked for, and the process sleeps until input arrives.
/// - A frame drawn after a callback that changed no pixel is not committed (an empty commit is no frame: mutter
///   discards its feedback), so no callback will come for it: the display link re-arms itself (`rearm`) with the
///   callback the compositor would have sent a period after the last, `owed` again.
public struct FrameState: Equatable, Sendable {
    /// A callback's frame not drawn yet: the callback's stamp (ms), when it arrived and when the frame starts (host s).
    public struct Owed: Equatable, Sendable {
        public var milliseconds: UInt32
        /// When the callback was handled (host s).
        public var callback: Double
        /// When the compositor sent it (host s, `CallbackArrival`): what the frame's deadline is timed from.
        public var sent: Double
        public var wake: Double
    }

    /// Where the display link is.
    public enum Phase: Equatable, Sendable {
        case unconfigured
        case idle
        case awaitingCallback
        case owed(Owed)
        case starting(Owed)
    }

    /// What to do now.
    public enum Decision: Equatable, Sendable {
        /// Nothing: wait for events (or for `wake`, when a frame is owed).
        case wait
        /// Draw a frame at once (a change while idle): step 0, no callback.
        case drawNow
        /// The owed frame's start came: read the newest input, then build it.
        case start(Owed)
    }

    /// How early a start may be taken (s): a poll that returns a few µs before the deadline does not sleep again.
    public static let startTolerance = 50e-6

    public private(set) var phase = Phase.unconfigured
    /// True when something changed that the screen does not show yet.
    public private(set) var isDirty = false

    /// An empty state: no surface yet.
    public init() {}

    /// Something changed that the screen should show.
    public mutating func invalidate() { isDirty = true }

    /// The surface can be drawn into (the first configure made it, or a later one resized it).
    mutating func configured() {
        if phase == .unconfigured { phase = .idle }
        isDirty = true
    }

    /// A frame callback stamped `ms`, sent at `sent`, was handled at `time`; its frame starts at `wake`.
    mutating func callback(milliseconds ms: UInt32, at time: Double, sent: Double, wake: Double) {
        guard phase != .unconfigured else { return }
        phase = .owed(Owed(milliseconds: ms, callback: time, sent: sent, wake: wake))
    }

    /// The decision at `now`: start the owed frame when its time came, draw at once when idle and dirty, else wait.
    public func decide(at now: Double) -> Decision {
        switch phase {
        case .owed(let owed) where now >= owed.wake - Self.startTolerance: .start(owed)
        case .idle where isDirty: .drawNow
        default: .wait
        }
    }

    /// When the state wants a decision without an event (the owed frame's start), nil when it does not.
    public var wakeTime: Double? {
        if case .owed(let owed) = phase { return owed.wake }
        return nil
    }

    /// The owed frame's start was taken: its input is being read.
    mutating func starting(_ owed: Owed) { phase = .starting(owed) }

    /// The frame being started, if one is.
    var started: Owed? {
        if case .starting(let owed) = phase { return owed }
        return nil
    }

    /// A frame was committed: the next callback is awaited, and the screen shows everything so far.
    mutating func drew() {
        phase = .awaitingCallback
        isDirty = false
    }

    /// The frame started found nothing to draw: no callback is asked for until something changes.
    mutating func rested() { phase = .idle }

    /// The frame drawn was not committed (it changed no pixel): `next` is owed as if its callback had come.
    mutating func rearm(_ next: Owed) {
        guard phase == .awaitingCallback else { return }
        phase = .owed(next)
    }
}
