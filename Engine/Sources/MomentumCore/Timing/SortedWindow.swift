/// The newest `limit` values, kept both in arrival order and in ascending order as they come and go, so a
/// percentile is read without sorting (a frame's presentation feedback read two medians and a quartile, each a sort
/// of 32 values in a buffer; now an insertion and a removal in the ordered copy).
///
/// The arrival order is a ring (the oldest value is overwritten, not shifted out): a window of 512 moved 4 KB a
/// frame with `removeFirst`.
struct SortedWindow: Sendable {
    /// The most values kept.
    let limit: Int
    /// The values in arrival order from `head` on, wrapping (`count < limit`: from 0, `head` 0).
    private var ring: [Double] = []
    private var head = 0
    /// The same values, ascending.
    private(set) var sorted: [Double] = []

    /// An empty window of the newest `limit` values.
    init(limit: Int) {
        precondition(limit > 0, "a window keeps at least one value")
        self.limit = limit
    }

    var count: Int { ring.count }
    var isEmpty: Bool { ring.isEmpty }

    /// Adds `value`, dropping the oldest when `limit` are kept.
    mutating func push(_ value: Double) {
        if ring.count < limit {
            ring.append(value)
        } else {
            let oldest = ring[head]
            ring[head] = value
            head = (head + 1) % limit
            sorted.remove(at: Self.lowerBound(of: oldest, in: sorted))
        }
        sorted.insert(value, at: Self.lowerBound(of: value, in: sorted))
    }

    /// Forgets every value (the storage is kept).
    mutating func removeAll() {
        ring.removeAll(keepingCapacity: true)
        sorted.removeAll(keepingCapacity: true)
        head = 0
    }

    /// The `low` and `high` percentiles (nearest rank) of the newest `n` values (fewer when fewer are kept), sorted
    /// once in a buffer on the stack; nil when empty.
    func percentiles(ofNewest n: Int, _ low: Double, _ high: Double) -> (low: Double, high: Double)? {
        let n = min(n, ring.count)
        guard n > 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: n) { storage in
            var buffer = storage
            // The newest value is just before `head` once the ring is full, the last one before.
            let end = ring.count < limit ? ring.count : head
            for i in 0..<n { buffer.initializeElement(at: i, to: ring[(end - n + i + ring.count) % ring.count]) }
            buffer.sort()
            guard let a = Self.percentile(sorted: buffer, low), let b = Self.percentile(sorted: buffer, high) else {
                return nil
            }
            return (a, b)
        }
    }

    /// Nearest rank: the value with `p` of the values at or below it; nil when empty.
    func percentile(_ p: Double) -> Double? { Self.percentile(sorted: sorted, p) }

    /// Nearest rank, of values already in ascending order.
    static func percentile(sorted: some RandomAccessCollection<Double>, _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = max(1, Int((Double(sorted.count) * p).rounded(.up)))
        return sorted[sorted.index(sorted.startIndex, offsetBy: min(rank, sorted.count) - 1)]
    }

    /// The first index of ascending `sorted` whose value is not below `value` (where it goes in, or an equal one is).
    static func lowerBound(of value: Double, in sorted: [Double]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
