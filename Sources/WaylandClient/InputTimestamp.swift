/// Turns input timestamps into one monotonic seconds scale.
///
/// Wayland input events carry a `u32` millisecond time that wraps every ~49.7 days; when the compositor offers
/// `zwp_input_timestamps_v1`, a nanosecond timestamp arrives just before the event it belongs to and wins.
public struct InputTimestamp: Sendable {
    private var lastRaw: UInt32?
    private var lastExtended: Int64 = 0
    private var pendingNanoseconds: UInt64?

    /// Creates a converter with no history.
    public init() {}

    /// Records a high-resolution timestamp for the next event (`zwp_input_timestamps_v1.timestamp`).
    public mutating func setNextNanoseconds(_ ns: UInt64) { pendingNanoseconds = ns }

    /// Records `zwp_input_timestamps_v1.timestamp`'s arguments (seconds as two `u32` halves, then nanoseconds)
    /// for the next event. Nothing on the wire bounds them: a time past 2^64 ns (about year 2554, any
    /// `tv_sec_hi` ≥ 5) cannot be represented, so it is dropped and the event keeps its own milliseconds.
    public mutating func setNextTimestamp(secondsHigh hi: UInt32, secondsLow lo: UInt32, nanoseconds nsec: UInt32) {
        pendingNanoseconds = Self.nanoseconds(secondsHigh: hi, secondsLow: lo, nanoseconds: nsec)
    }

    /// The timestamp event's time in nanoseconds; nil when it does not fit in 64 bits.
    public static func nanoseconds(secondsHigh hi: UInt32, secondsLow lo: UInt32, nanoseconds nsec: UInt32) -> UInt64? {
        let seconds = UInt64(hi) << 32 | UInt64(lo)
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = whole.addingReportingOverflow(UInt64(nsec))
        return overflow || carry ? nil : total
    }

    /// Seconds for an event carrying `milliseconds`; uses the pending nanosecond timestamp when there is one.
    public mutating func seconds(milliseconds: UInt32) -> Double {
        let extended = unwrap(milliseconds)
        if let ns = pendingNanoseconds {
            pendingNanoseconds = nil
            return Double(ns) / 1e9
        }
        return Double(extended) / 1e3
    }

    /// Extends a wrapping `u32` millisecond time to 64 bits: the signed distance (mod 2^32) from the newest
    /// time seen so far is added to it, so a wrap moves forwards and a slightly late event stays slightly earlier.
    public mutating func unwrap(_ ms: UInt32) -> Int64 {
        guard let raw = lastRaw else {
            lastRaw = ms
            lastExtended = Int64(ms)
            return lastExtended
        }
        let extended = lastExtended + Int64(Int32(bitPattern: ms &- raw))
        if extended > lastExtended {
            lastExtended = extended
            lastRaw = ms
        }
        return extended
    }
}
