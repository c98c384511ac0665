/// Recent frame-callback intervals, for the HUD's graph and frame rate.
struct FrameStatistics {
    /// How many intervals are kept (the graph's width in bars).
    static let capacity = 90
    /// Recent intervals between frame callbacks, oldest first (ms).
    private(set) var intervals: [Double] = []
    private var lastCallbackMs: UInt32?

    /// Records a frame callback stamped `ms` (wrapping u32 milliseconds).
    mutating func callback(_ ms: UInt32) {
        if let last = lastCallbackMs {
            intervals.append(Double(Int32(bitPattern: ms &- last)))
            if intervals.count > Self.capacity { intervals.removeFirst(intervals.count - Self.capacity) }
        }
        lastCallbackMs = ms
    }

    /// The display link stopped: the next interval starts after a pause, not a frame.
    mutating func idle() { lastCallbackMs = nil }

    /// Frames per second over the last 30 intervals (nil before any).
    var framesPerSecond: Double? {
        let recent = intervals.suffix(30)
        guard !recent.isEmpty else { return nil }
        return 1000 * Double(recent.count) / recent.reduce(0, +)
    }
}
