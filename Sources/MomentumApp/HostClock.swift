import Glibc

/// The host's monotonic clock (the app layer is the only place that reads a clock).
enum HostClock {
    /// Seconds on CLOCK_MONOTONIC.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// Nanoseconds on the clock `id` (a `clockid_t`), nil when the host cannot read it.
    static func nanoseconds(clock id: Int32) -> Int64? {
        var ts = timespec()
        guard clock_gettime(clockid_t(id), &ts) == 0 else { return nil }
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// The name of clock `id` as the kernel's headers spell it, lower case without `CLOCK_` (`monotonic_raw`).
    static func name(clock id: Int32) -> String {
        switch id {
        case 0: "realtime"
        case 1: "monotonic"
        case 4: "monotonic_raw"
        case 5: "realtime_coarse"
        case 6: "monotonic_coarse"
        case 7: "boottime"
        default: "clock \(id)"
        }
    }

    /// The presentation clock `id` read between two reads of CLOCK_MONOTONIC: the monotonic time at the middle of
    /// the pair and the other clock then (ns), so timestamps on that clock can be put on the monotonic one.
    static func relate(clock id: Int32) -> (monotonic: Int64, other: Int64)? {
        guard let before = nanoseconds(clock: 1), let other = nanoseconds(clock: id),
              let after = nanoseconds(clock: 1) else { return nil }
        return (before + (after - before) / 2, other)
    }

    /// CPU time this process has used, in seconds (user + system).
    static func processCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
