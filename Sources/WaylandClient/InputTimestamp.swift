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
