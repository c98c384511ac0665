import Benchmark

/// The engine's per-frame costs. Every benchmark measures ONE tick (one 60 Hz frame, 1/60 s) per iteration,
/// bracketed by `startMeasurement()` / `stopMeasurement()` so that keeping the workload in motion (restarting
/// settled springs, re-exciting bodies) is not measured. Wall-clock is reported; the gate is mallocs per tick = 0
/// (static thresholds in `Thresholds/`, checked by `scripts/bench-engine.sh`).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: 2_000,
        // Exact: any allocation in a tick is a regression.
        thresholds: [.mallocCountTotal: .init(absolute: [.p0: 0, .p50: 0, .p90: 0, .p100: 0])]
    )
    SpringBenchmarks.register()
    BodyBenchmarks.register()
    TweenBenchmarks.register()
    BezierBenchmarks.register()
    GateProbe.register()
}

/// Proves the allocation gate can fail: one tick that allocates exactly once. `scripts/bench-engine.sh` requires it
/// to report ≥ 1 malloc (else malloc counting is not working and a "0" would mean nothing).
enum GateProbe {
    static func register() {
        Benchmark("GateProbe.OneAllocation") { benchmark in
            benchmark.startMeasurement()
            blackHole(ContiguousArray<Double>(repeating: 1, count: 64))
            benchmark.stopMeasurement()
        }
    }
}
