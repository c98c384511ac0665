/// When the compositor sent a frame callback, on the host clock, from the callback's millisecond stamp.
///
/// A process that runs late (a loaded machine's scheduler) handles a callback late; a frame timed from the handling
/// starts late too and misses the repaint it was meant for. The stamp says when the compositor sent it, on the
/// compositor's clock (milliseconds, wrapping `u32`, undefined base): the least difference between handling times
/// and stamps over the recent callbacks is the offset between the two clocks (plus the prompt handling's small
/// delay), and stamp + offset is when this callback was sent. Where the stamps do not follow the host clock (a
/// compositor that stamps something else), the handling time is used. Pure: the caller passes the host time.
public struct CallbackArrival: Sendable {
    /// Callbacks whose offsets are kept (the least is the clocks' offset).
    static let history = 64
    /// A send estimated further back than this before the handling is not believed (s): more than a loaded
    /// machine's scheduler delays a wake-up.
    static let believable = 0.02

    private var lastStamp: UInt32?
    /// The stamps unwrapped into seconds since the first.
    private var stamp = 0.0
    private var offsets: [Double] = []

    /// An estimator with nothing seen.
    public init() {}

    /// Whether the clocks' offset is believed: two callbacks or more handled on arrival since the last start over.
    /// Until it is, a callback must be read on arrival for its send time to be known.
    public var isCalibrated: Bool { offsets.count > 1 }

    /// The host time the callback stamped `ms` and handled at `now` was sent: never after `now`.
    /// With `learns` false (a callback left unread for a while after it came, so its handling time says nothing of
    /// its arrival) it is put on the host clock by the offsets already seen and adds none.
    public mutating func sent(milliseconds ms: UInt32, handledAt now: Double, learns: Bool = true) -> Double {
        if let last = lastStamp {
            let step = Double(Int32(bitPattern: ms &- last)) / 1e3
            stamp += step
            // Stamps that stand still (or go back) are not a clock.
            if step <= 0 { offsets.removeAll() }
        }
        lastStamp = ms
        if !learns {
            // Without a believed offset (none yet, or just started over) the handling time is all there is, and
            // a late one is not learned from: the offset would take the time the callback lay unread.
            guard isCalibrated, let least = offsets.min(), stamp + least <= now else { return now }
            return stamp + least
        }
        offsets.append(now - stamp)
        if offsets.count > Self.history { offsets.removeFirst() }
        guard let least = offsets.min() else { return now }
        let sent = stamp + least
        guard offsets.count > 1, sent <= now, now - sent <= Self.believable else {
            // Nothing to compare with yet, or the stamps jumped against the host clock: start over from here.
            offsets = [now - stamp]
            return now
        }
        return sent
    }
}
