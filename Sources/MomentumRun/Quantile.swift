/// The `p` quantile (0…1) of `values` by nearest rank (the smallest value with at least `p` of them at or below
/// it), finite values only; nil when there are none. The HUD, `momentum bench` and `momentum report` all take
/// percentiles this way, so they agree on the same frames.
public func quantile(_ values: [Double], _ p: Double) -> Double? {
    let sorted = values.filter(\.isFinite).sorted()
    guard !sorted.isEmpty else { return nil }
    let rank = Int((p * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
