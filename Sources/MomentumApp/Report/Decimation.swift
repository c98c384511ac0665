import MomentumCore

/// A long series kept for drawing in bounded memory, whatever its length: every item while there are at most
/// `2 × limit`; past that, consecutive items are grouped in runs (of 2, 4, 8… items, doubling as the series grows),
/// between `limit` and `2 × limit` of them, and each run keeps two: its lowest and its highest by the key given with
/// it, in their order (so never more than `4 × limit` items). A spike stays drawn; the line between spikes is what it
/// was at the chart's resolution. A run can also carry a break after it (a NaN in a time series: the line is not
/// joined across it).
struct Decimated<Item> {
    private struct Entry {
        var item: Item
        var key: Double
    }

    private struct Run {
        var first: Entry
        var second: Entry?
        var count: Int
        var breakAfter: Bool
    }

    /// Half the most runs kept (there are at most `2 × limit`).
    let limit: Int
    /// The items added.
    private(set) var count = 0
    /// The items each run stands for (1 until the series outgrows `2 × limit`).
    private(set) var runLength = 1
    private var runs: [Run] = []

    init(limit: Int) { self.limit = max(1, limit) }

    /// True when items were left out.
    var isDecimated: Bool { runLength > 1 }

    /// Adds `item`, compared with the others by `key`.
    mutating func add(_ item: Item, key: Double) {
        count += 1
        let entry = Entry(item: item, key: key)
        if let last = runs.indices.last, runs[last].count < runLength {
            runs[last] = Self.merged(runs[last], Run(first: entry, second: nil, count: 1, breakAfter: false))
            return
        }
        if runs.count == 2 * limit {
            runs = stride(from: 0, to: runs.count, by: 2).map { Self.merged(runs[$0], runs[$0 + 1]) }
            runLength *= 2
        }
        runs.append(Run(first: entry, second: nil, count: 1, breakAfter: false))
    }

    /// Marks a break after the last item (nothing before the first).
    mutating func addBreak() {
        guard let last = runs.indices.last else { return }
        runs[last].breakAfter = true
    }

    /// The items kept, in order, each with whether a break follows it.
    var items: [(item: Item, breakAfter: Bool)] {
        var out: [(item: Item, breakAfter: Bool)] = []
        out.reserveCapacity(runs.count * 2)
        for run in runs {
            if let second = run.second {
                out.append((run.first.item, false))
                out.append((second.item, run.breakAfter))
            } else {
                out.append((run.first.item, run.breakAfter))
            }
        }
        return out
    }

    /// `a` followed by `b` as one run: the lowest and the highest of their entries by key, in order (the first and
    /// the last when all are equal).
    private static func merged(_ a: Run, _ b: Run) -> Run {
        // The first lowest and the last highest (the first and the last of equal ones), without an array: this runs
        // for every item of a long series.
        var low = (entry: a.first, index: 0), high = (entry: a.first, index: 0), last = (entry: a.first, index: 0)
        func consider(_ entry: Entry?) {
            guard let entry else { return }
            last = (entry, last.index + 1)
            if entry.key < low.entry.key { low = last }
            if entry.key >= high.entry.key { high = last }
        }
        consider(a.second)
        consider(b.first)
        consider(b.second)
        if low.index == high.index { (low, high) = ((a.first, 0), last) }
        let kept = low.index < high.index ? (low.entry, high.entry) : (high.entry, low.entry)
        return Run(first: kept.0, second: kept.1, count: a.count + b.count, breakAfter: a.breakAfter || b.breakAfter)
    }
}

extension Decimated where Item == (x: Double, y: Double) {
    /// The points kept, with a NaN point where the line breaks (as `TimeSeriesChart` reads a series).
    var points: [(x: Double, y: Double)] {
        var out: [(x: Double, y: Double)] = []
        for (point, breakAfter) in items {
            out.append(point)
            if breakAfter { out.append((point.x, .nan)) }
        }
        return out
    }
}

/// Events kept for drawing in bounded memory: every one while there are at most `2 × limit`; past that, every
/// second, fourth, eighth… (the same share of every part of the run).
struct Thinned<Item> {
    let limit: Int
    /// The events added.
    private(set) var count = 0
    /// The events kept, in order.
    private(set) var items: [Item] = []
    /// One event in this many is kept.
    private(set) var stride = 1

    init(limit: Int) { self.limit = max(1, limit) }

    /// True when events were left out.
    var isThinned: Bool { stride > 1 }

    mutating func add(_ item: Item) {
        defer { count += 1 }
        guard count % stride == 0 else { return }
        items.append(item)
        if items.count >= 2 * limit {
            items = Swift.stride(from: 0, to: items.count, by: 2).map { items[$0] }
            stride *= 2
        }
    }
}

/// Values kept in bounded memory for percentiles and distributions: every one while there are at most `capacity`;
/// past that, a uniform random sample of `capacity` of them (reservoir sampling with a fixed seed, so the same trace
/// gives the same report).
struct Reservoir<Item> {
    let capacity: Int
    /// The values added.
    private(set) var count = 0
    /// The values kept (all of them, or the sample), in no particular order once sampled.
    private(set) var items: [Item] = []
    private var random = SplitMix64(seed: 0x4D6F_6D65_6E74_756D)

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// True when the values kept are a sample.
    var isSampled: Bool { count > items.count }

    mutating func add(_ item: Item) {
        count += 1
        if items.count < capacity {
            items.append(item)
            return
        }
        let slot = random.next() % UInt64(count)
        if slot < UInt64(capacity) { items[Int(slot)] = item }
    }
}
