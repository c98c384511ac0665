/// The newest samples of one finger, oldest first, for the fits that read its motion (release velocity, prediction):
/// at most `capacity`; a sample `gap` seconds or more after the newest starts the history over (the finger had
/// stopped); one no later than the newest replaces its position (the same instant: the newest wins).
struct SampleHistory: Sendable {
    let capacity: Int
    let gap: Double
    private(set) var times: [Double] = []
    private(set) var points: [SIMD2<Double>] = []

    init(capacity: Int, gap: Double) {
        self.capacity = capacity
        self.gap = gap
        times.reserveCapacity(capacity)
        points.reserveCapacity(capacity)
    }

    /// Forgets every sample.
    mutating func removeAll() {
        times.removeAll(keepingCapacity: true)
        points.removeAll(keepingCapacity: true)
    }

    /// Adds a sample at `time` seconds.
    mutating func add(_ point: SIMD2<Double>, time: Double) {
        if let last = times.last, time - last >= gap { removeAll() }
        if let last = times.last, time <= last {
            points[points.count - 1] = point
            return
        }
        if times.count == capacity {
            times.removeFirst()
            points.removeFirst()
        }
        times.append(time)
        points.append(point)
    }
}
