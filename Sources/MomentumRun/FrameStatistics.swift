/// Recent frame intervals, for the HUD: presented intervals from presentation feedback where the compositor sends
/// it (the display's own timing), else intervals between frame callbacks; the refresh; and what they add up to
/// (frame rate, percentiles, missed refreshes).
///
/// The refresh is the one the output really runs at: measured from the retrace counter (MSC) the feedback carries —
/// presented time over retraces — where it advances; else the reported one when the frames are vsync'd (the `vsync`
/// flag); else estimated from the intervals, since an unsynchronised compositor's refresh is nominal (weston headless
/// reports 60 Hz, no MSC and no flags, and repaints every ~25 ms).
public struct FrameStatistics: Sendable {
    /// How many intervals the HUD keeps (the graph's width in bars).
    public static let hudCapacity = 90
    /// How many intervals are kept (a benchmark keeps them all).
    public let capacity: Int
    /// Recent intervals between frame callbacks, oldest first (ms).
    public private(set) var callbackIntervals: [Double] = []
    /// Recent intervals between presented frames, oldest first (ms).
    public private(set) var presentedIntervals: [Double] = []
    /// Retraces (MSC steps) between the presented frames of `presentedIntervals` (0 where unknown).
    public private(set) var retraces: [UInt64] = []
    /// The refresh period the compositor reports with presentation feedback (ms), when it reports one.
    public private(set) var reportedRefresh: Double?
    private var lastCallbackMs: UInt32?
    private var lastPresented: (ns: UInt64, msc: UInt64)?

    /// Statistics over the last `capacity` intervals.
    public init(capacity: Int = FrameStatistics.hudCapacity) { self.capacity = capacity }

    /// Records a frame callback stamped `ms` (wrapping u32 milliseconds).
    public mutating func callback(_ ms: UInt32) {
        if let last = lastCallbackMs {
            Self.append(Double(Int32(bitPattern: ms &- last)), to: &callbackIntervals, capacity: capacity)
        }
        lastCallbackMs = ms
    }

    /// Records a frame presented at `ns` (presentation clock) with the output's `refreshNs` (0: unknown) at retrace
    /// `msc` (0: none), `vsync` when the feedback says the frame was synchronised to the retrace.
    public mutating func presented(ns: UInt64, refreshNs: UInt32, msc: UInt64 = 0, vsync: Bool = true) {
        if refreshNs > 0, vsync { reportedRefresh = Double(refreshNs) / 1e6 }
        if let last = lastPresented, ns > last.ns {
            Self.append(Double(ns - last.ns) / 1e6, to: &presentedIntervals, capacity: capacity)
            Self.append(msc > last.msc && last.msc > 0 ? msc - last.msc : 0, to: &retraces, capacity: capacity)
        }
        lastPresented = (ns, msc)
    }

    /// Static: an instance method called with one of the instance's own lists made Swift copy the whole instance
    /// for the call, so the list was shared and copied again on every append (two arrays made a frame).
    private static func append<T>(_ value: T, to list: inout [T], capacity: Int) {
        list.append(value)
        if list.count > capacity { list.removeFirst(list.count - capacity) }
    }

    /// The display link stopped: the next interval starts after a pause, not a frame.
    public mutating func idle() {
        lastCallbackMs = nil
        lastPresented = nil
    }

    /// True when the intervals are presentation times (else callback times).
    public var isPresented: Bool { !presentedIntervals.isEmpty }

    /// The intervals shown: presented ones when there are any, else callback ones (ms, oldest first).
    public var intervals: [Double] { isPresented ? presentedIntervals : callbackIntervals }

    /// Where the refresh comes from.
    public enum RefreshSource: Equatable, Sendable { case retraces, reported, estimated }

    /// The refresh period (ms): measured from retraces where the MSC advances (the median of interval / retraces),
    /// else the compositor's reported one for vsync'd frames, else the shortest steady interval seen (the 10th
    /// percentile of those at least half the median); nil before any interval.
    public var refresh: (ms: Double, source: RefreshSource)? {
        Self.refresh(presented: zip(presentedIntervals, retraces).map { ($0, $1) }, reported: reportedRefresh,
                     callbacks: callbackIntervals)
    }

    /// The refresh as `refresh` works it out, from presented intervals (ms) with the retraces between their frames
    /// (0 where unknown), the reported refresh of vsync'd frames and callback intervals (ms, used when there is no
    /// presented one): for a reader that gathers them itself (`momentum report` keeps a bounded sample of a long
    /// run's).
    public static func refresh(presented: [(ms: Double, retraces: UInt64)], reported: Double?,
                               callbacks: [Double]) -> (ms: Double, source: RefreshSource)? {
        let perRetrace = presented.filter { $0.retraces > 0 }.map { $0.ms / Double($0.retraces) }.sorted()
        if !perRetrace.isEmpty { return (perRetrace[perRetrace.count / 2], .retraces) }
        if let reported { return (reported, .reported) }
        // Intervals under half the median are not refreshes: a compositor that had nothing to repaint answered a
        // frame callback at once (KWin does, after a commit that only moved a subsurface).
        let intervals = presented.isEmpty ? callbacks : presented.map(\.ms)
        guard let median = quantile(intervals, 0.5) else { return nil }
        return quantile(intervals.filter { $0 >= median / 2 }, 0.1).map { ($0, .estimated) }
    }

    /// The `p` quantile (0…1) of the recent intervals (nearest rank), nil before any.
    public func percentile(_ p: Double) -> Double? { quantile(intervals, p) }

    /// Refreshes missed among the recent intervals: a frame shown n retraces after the one before missed n − 1
    /// (from the MSC where it advances, else from the interval over the refresh, rounded).
    public var missed: Int {
        if retraces.contains(where: { $0 > 0 }) {
            return retraces.reduce(0) { $0 + Int(min($1, 1 << 20)) - ($1 > 0 ? 1 : 0) }
        }
        guard let refresh = refresh?.ms, refresh > 0 else { return 0 }
        return intervals.reduce(0) { $0 + max(0, Int(($1 / refresh).rounded()) - 1) }
    }

    /// Frames per second over the last 30 intervals (nil before any).
    public var framesPerSecond: Double? {
        let recent = intervals.suffix(30)
        guard !recent.isEmpty else { return nil }
        return 1000 * Double(recent.count) / recent.reduce(0, +)
    }
}
