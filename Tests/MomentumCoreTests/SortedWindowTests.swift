import Testing
@testable import MomentumCore

/// `FrameDeadline`'s statistics read from `SortedWindow` instead of sorting the newest values on every frame: the
/// same numbers as a sort of the newest values, by nearest rank, as the window fills, wraps and is emptied.
struct SortedWindowTests {
    /// Nearest rank of a sorted copy: what `FrameDeadline` computed before.
    static func nearestRank(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[min(max(1, Int((Double(values.count) * p).rounded(.up))), values.count) - 1]
    }

    @Test(arguments: [1, 8, 32, 512])
    func percentilesAreTheNewestValuesSorted(limit: Int) {
        var random = SplitMix64(seed: UInt64(limit))
        var window = SortedWindow(limit: limit)
        var pushed: [Double] = []
        #expect(window.percentile(0.5) == nil)
        #expect(window.percentiles(ofNewest: 8, 0.25, 0.75) == nil)
        for step in 0..<(3 * limit + 17) {
            // Repeated values too (ties), as millisecond-rounded times make.
            let value = step % 5 == 0 ? 0.025 : Double(Int.random(in: 0..<40, using: &random)) / 1000
            window.push(value)
            pushed.append(value)
            let newest = Array(pushed.suffix(limit))
            #expect(window.count == newest.count)
            #expect(window.sorted == newest.sorted())
            for p in [0.25, 0.5, 0.995, 1] {
                #expect(window.percentile(p) == Self.nearestRank(newest, p), "step \(step), p \(p)")
            }
            let eight = Array(newest.suffix(8))
            let quartiles = window.percentiles(ofNewest: 8, 0.25, 0.75)
            #expect(quartiles?.low == Self.nearestRank(eight, 0.25), "step \(step)")
            #expect(quartiles?.high == Self.nearestRank(eight, 0.75), "step \(step)")
            if step == 2 * limit {
                window.removeAll()
                pushed.removeAll()
                #expect(window.isEmpty && window.percentile(0.5) == nil)
            }
        }
    }
}
